import type { Envelope } from '@/lib/http/envelope';
import type { Locale } from '@/lib/i18n/localized';
import { currentReturnAddress, localePath } from '@/lib/i18n/locale-path';

/** An answer other than code 200, with the server's message already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export { currentReturnAddress, localePath };

let expiredShown = false;

/** Spec §9: a call gives up after 600 s (HTTP timeout 600000 ms) and says so (`timeoutMessage`). */
export const REQUEST_TIMEOUT_MS = 600_000;

type CallOptions = { locale: Locale; networkMessage: string; timeoutMessage?: string };

/**
 * Calls the REST contract under /api and unwraps the envelope. A 401 (session expired) is shown
 * once, then the visitor goes to the central login (or, without one, the login page) with the way back.
 */
export async function apiFetch<T>(path: string, options: CallOptions & { method?: string; body?: unknown }): Promise<T> {
  const response = await send(path, options);
  return unwrap<T>(response, options);
}

/** Sends a call: JSON, or a FormData body as multipart (an upload). */
async function send(path: string, options: CallOptions & { method?: string; body?: unknown }): Promise<Response> {
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: multipart ? { 'x-locale': options.locale } : { 'content-type': 'application/json', 'x-locale': options.locale },
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw networkError(options, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

function networkError(options: CallOptions, timedOut: boolean): ApiError {
  return timedOut
    ? new ApiError(0, 'TIMEOUT', options.timeoutMessage ?? options.networkMessage)
    : new ApiError(0, 'NETWORK', options.networkMessage);
}

/**
 * Sends an upload (multipart) with XMLHttpRequest, which reports the bytes sent (fetch does not):
 * `onProgress` gets the share sent, 0 to 1. The answer is the usual envelope, unwrapped like apiFetch's.
 */
export function apiUpload<T>(path: string, body: FormData, options: CallOptions & { onProgress?: (share: number) => void }): Promise<T> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      xhr.abort();
    }, REQUEST_TIMEOUT_MS);
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-locale', options.locale);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      clearTimeout(timer);
      resolve(new Response(xhr.responseText, { status: xhr.status }));
    };
    xhr.onerror = () => {
      clearTimeout(timer);
      reject(networkError(options, timedOut));
    };
    xhr.onabort = xhr.onerror;
    xhr.send(body);
  }).then((response) => unwrap<T>(response, options));
}

/**
 * Calls a download (a file answer rather than the envelope) and hands the file to the browser under
 * the name the server gave; an error answer is the usual envelope.
 */
export async function apiDownload(path: string, options: CallOptions & { body: unknown }): Promise<void> {
  const response = await send(path, options);
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    await unwrap(response, options);
    return;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function unwrap<T>(response: Response, options: CallOptions): Promise<T> {
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new ApiError(response.status, 'INTERNAL', options.networkMessage);
  if (envelope.code === 200) return envelope.data;
  if (response.status === 401 && envelope.error === 'UNAUTHENTICATED' && !expiredShown) {
    expiredShown = true;
    window.alert(envelope.message);
    // The central login with the way back when the platform has one, else /conferencelogin?redirect=…&expired=1.
    const query = new URLSearchParams({ kind: 'central', return: currentReturnAddress(), locale: options.locale, expired: '1' });
    window.location.assign(new URL(`/api/base/oauth/begin?${query}`, window.location.href));
  }
  throw new ApiError(envelope.code, envelope.error ?? 'ERROR', envelope.message, envelope.fields);
}

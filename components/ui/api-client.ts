import type { Envelope } from '@/lib/http/envelope';
import type { Locale } from '@/lib/i18n/localized';

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

/** The path of a page in the given locale (zh has no prefix). */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'zh') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** The current page as a locale-free return address. */
export function currentReturnAddress(): string {
  const { pathname, search } = window.location;
  const path = pathname === '/en' ? '/' : pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
  return path + search;
}

let expiredShown = false;

/**
 * Calls the REST contract under /api and unwraps the envelope. A 401 (session expired) is shown
 * once, then the visitor goes to the login page with the way back.
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; locale: Locale; networkMessage: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', 'x-locale': options.locale },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', options.networkMessage);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new ApiError(response.status, 'INTERNAL', options.networkMessage);
  if (envelope.code === 200) return envelope.data;
  if (response.status === 401 && envelope.error === 'UNAUTHENTICATED' && !expiredShown) {
    expiredShown = true;
    window.alert(envelope.message);
    const query = new URLSearchParams({ redirect: currentReturnAddress() });
    window.location.assign(localePath(options.locale, `/conferencelogin?${query}`));
  }
  throw new ApiError(envelope.code, envelope.error ?? 'ERROR', envelope.message, envelope.fields);
}

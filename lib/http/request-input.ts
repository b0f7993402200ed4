import { AppError, type ErrorCode } from './app-error';
import { READ_BODY } from './direct-symbols';
import { isUnsafeString } from './text';

/** The largest JSON body any handler reads (uploads have their own, larger limits). */
export const JSON_BODY_LIMIT = Number(process.env.JSON_BODY_LIMIT ?? 1024 * 1024);

/**
 * Reads a request body as bytes, refusing it with BODY_TOO_LARGE (or the code given) as soon as
 * more than `limit` bytes arrived: a declared length over the limit is refused before reading,
 * and a chunked body stops being read at the limit.
 */
export async function readLimited(req: Request, limit: number, code: ErrorCode = 'BODY_TOO_LARGE') {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new AppError(code);
  const read = (req as { [READ_BODY]?: unknown })[READ_BODY];
  if (read instanceof Uint8Array) {
    if (read.byteLength > limit) throw new AppError(code);
    return read as Uint8Array<ArrayBuffer>;
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new AppError('INVALID_INPUT');
    });
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AppError(code);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON body of at most JSON_BODY_LIMIT bytes in valid UTF-8, else a 413 or a 400. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const bytes = await readLimited(req, JSON_BODY_LIMIT);
  if (bytes.byteLength === 0) return {};
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppError('INVALID_INPUT');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_INPUT');
  }
  assertCleanStrings(value);
  return value;
}

/** Refuses any NUL byte or lone surrogate anywhere in a parsed value, keys included. */
export function assertCleanStrings(value: unknown, depth = 0): void {
  if (depth > 64) throw new AppError('INVALID_INPUT');
  if (typeof value === 'string') {
    if (isUnsafeString(value)) throw new AppError('INVALID_INPUT');
  } else if (Array.isArray(value)) {
    for (const item of value) assertCleanStrings(item, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeString(key)) throw new AppError('INVALID_INPUT');
      assertCleanStrings(item, depth + 1);
    }
  }
}

/** The query string as an object (the last value of a repeated name wins), checked like a body. */
export function queryObject(url: URL): Record<string, string> {
  const query = Object.fromEntries(url.searchParams.entries());
  assertCleanStrings(query);
  return query;
}

import contentDisposition from 'content-disposition';
import { storage } from '@/lib/storage/storage';
import { AppError } from './app-error';

/**
 * Content-Disposition for a file under its own name (RFC 6266, with RFC 5987's `filename*` for
 * names outside ASCII, such as Chinese ones): `attachment; filename="<ascii>"; filename*=UTF-8''<name>`.
 * The quoted fallback keeps printable ASCII and turns every other character into `_`.
 */
export function attachment(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(fileName, { type, fallback });
}

/**
 * The cache rules of every file response, in one place:
 * - `private`: a signed-in caller's file (uploads, materials, slips, receipts, exports) — never
 *   kept by a shared or browser cache (`private, no-store`), so signing out or losing the right
 *   takes it away at once;
 * - `immutable`: a public image whose stored name changes with its content (banner, pictures) —
 *   cached for a year by anyone.
 */
export const FILE_CACHE = { private: 'private, no-store', immutable: 'public, max-age=31536000, immutable' } as const;
export type FileCache = keyof typeof FILE_CACHE;

/**
 * The one file response: the body streamed as given, its type, `nosniff` (the browser never guesses
 * another type), the cache rule, and, unless `fileName` is null (an image shown in a page), a
 * download under the file's own name.
 */
export function fileResponse(
  body: ReadableStream<Uint8Array> | Uint8Array,
  file: { mime: string; fileName: string | null; size?: number; cache?: FileCache },
): Response {
  const headers: Record<string, string> = {
    'content-type': file.mime,
    'cache-control': FILE_CACHE[file.cache ?? 'private'],
    'x-content-type-options': 'nosniff',
  };
  if (file.fileName !== null) headers['content-disposition'] = attachment(file.fileName);
  const size = file.size ?? (body instanceof Uint8Array ? body.byteLength : undefined);
  if (size !== undefined) headers['content-length'] = String(size);
  return new Response(body as BodyInit, { headers });
}

/** A stored object as a file response, streamed from storage; FILE_NOT_FOUND (or `missing`) when it is not there. */
export async function storedFileResponse(
  key: string | null,
  file: { mime: string; fileName: string | null; cache?: FileCache },
  missing: 'FILE_NOT_FOUND' | 'NOT_FOUND' = 'FILE_NOT_FOUND',
): Promise<Response> {
  const stored = key ? await storage().get(key) : null;
  if (!stored) throw new AppError(missing);
  return fileResponse(stored.body, { ...file, size: stored.size });
}

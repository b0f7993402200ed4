import { randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import type { SizeLimit } from '@/lib/http/upload';
import { fileTypeOf } from '@/lib/storage/file-types';
import { writePublic } from '@/lib/storage/local-storage';
import { saveBanner } from './website-settings';

/** Cover image limit of spec §5 (banner, pictures in pages): jpg/png up to 10 MB. */
export const BANNER_LIMIT: SizeLimit = { bytes: 10 * 1024 * 1024, code: 'BANNER_TOO_LARGE' };
/** The same 10 MB for a picture in a content page, with its own message. */
export const PICTURE_LIMIT: SizeLimit = { bytes: BANNER_LIMIT.bytes, code: 'PICTURE_TOO_LARGE' };
const IMAGES = ['jpg', 'jpeg', 'png'];

/**
 * Stores an image anyone may fetch (the banner, pictures in pages, appearance thumbnails): jpg or
 * png up to `limit` (the banner's 10 MB unless told), the content matching the type. Returns its stored name
 * (served at /api/conference/asset/<name>).
 */
export async function storePublicImage(
  conferenceId: number,
  fileName: string,
  data: Uint8Array,
  limit: SizeLimit = BANNER_LIMIT,
): Promise<string> {
  if (data.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
  if (data.byteLength > limit.bytes) throw new AppError(limit.code);
  const type = fileTypeOf(fileName, data, IMAGES);
  if (!type) throw new AppError('UPLOAD_TYPE', { types: IMAGES.join(', ') });
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await writePublic(conferenceId, name, data);
  return name;
}

/** Stores a new banner image and makes it the conference's banner. */
export async function uploadBanner(db: Executor, conferenceId: number, fileName: string, data: Uint8Array): Promise<{ name: string }> {
  const name = await storePublicImage(conferenceId, fileName, data);
  await saveBanner(db, conferenceId, name);
  return { name };
}

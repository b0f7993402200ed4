import type { DB } from '@/db/client';
import type { SizeLimit } from '@/lib/http/upload';
import { receiveAndPublish } from '@/lib/storage/intake';
import { BANNER_MAX_BYTES } from './website-schemas';
import { saveBanner } from './website-settings';

/** Cover image limit of spec §5 (banner, pictures in pages): jpg/png up to 10 MB. */
export const BANNER_LIMIT: SizeLimit = { bytes: BANNER_MAX_BYTES, code: 'BANNER_TOO_LARGE' };
/** The same 10 MB for a picture in a content page, with its own message. */
export const PICTURE_LIMIT: SizeLimit = { bytes: BANNER_LIMIT.bytes, code: 'PICTURE_TOO_LARGE' };
const IMAGES = ['jpg', 'jpeg', 'png'];

/** Who stores a public image: the conference, and the manager's account the daily upload rule counts against. */
export type Uploader = { conferenceId: number; userId: string };

/**
 * Stores an image anyone may fetch (the banner, pictures in pages, appearance thumbnails, hotel
 * photos) through the upload intake: jpg or png up to `limit` (the banner's 10 MB unless told), the
 * content matching the type. Returns its stored name (served at /api/conference/asset/<name>).
 */
export async function storePublicImage(
  db: DB,
  by: Uploader,
  fileName: string,
  data: Uint8Array,
  limit: SizeLimit = BANNER_LIMIT,
): Promise<string> {
  const rule = { field: 'publicImage', types: IMAGES, maxBytes: limit.bytes, tooLarge: limit.code };
  return (await receiveAndPublish(db, { ...by, rule, fileName, data })).name;
}

/** Stores a new banner image and makes it the conference's banner. */
export async function uploadBanner(db: DB, by: Uploader, fileName: string, data: Uint8Array): Promise<{ name: string }> {
  const name = await storePublicImage(db, by, fileName, data);
  await saveBanner(db, by.conferenceId, name);
  return { name };
}

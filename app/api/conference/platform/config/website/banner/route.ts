import { BANNER_MAX_BYTES, uploadBanner } from '@/lib/conferences/banner';
import { saveBanner } from '@/lib/conferences/website-settings';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';

/** Uploads the banner image (multipart `file`: jpg or png up to 10 MB). */
export const POST = route({ auth: 'manager' }, async ({ req, db, conference }) => {
  if (Number(req.headers.get('content-length') ?? 0) > BANNER_MAX_BYTES + 64 * 1024) throw new AppError('BANNER_TOO_LARGE', 'bannerTooLarge', 413);
  const file = (await req.formData().catch(() => null))?.get('file');
  if (!(file instanceof File)) throw new AppError('INVALID_INPUT', 'invalidInput', 400);
  return uploadBanner(db, conference.id, file.name, new Uint8Array(await file.arrayBuffer()));
});

/** Removes the banner image. */
export const DELETE = route({ auth: 'manager' }, async ({ db, conference }) => {
  await saveBanner(db, conference.id, '');
  return { banner: '' };
});

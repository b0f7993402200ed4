import { THUMBNAIL_MAX_BYTES } from '@/lib/cms/template-schemas';
import { storePublicImage } from '@/lib/conferences/banner';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';

/** Stores an appearance's thumbnail (multipart `file`: jpg or png up to 1 MB); the form saves its name with the appearance. */
export const POST = route({ auth: 'manager' }, async ({ req, conference }) => {
  const tooLarge = { bytes: THUMBNAIL_MAX_BYTES, message: 'thumbnailTooLarge' };
  if (Number(req.headers.get('content-length') ?? 0) > THUMBNAIL_MAX_BYTES + 64 * 1024) throw new AppError('IMAGE_TOO_LARGE', tooLarge.message, 413);
  const file = (await req.formData().catch(() => null))?.get('file');
  if (!(file instanceof File)) throw new AppError('INVALID_INPUT', 'invalidInput', 400);
  return { name: await storePublicImage(conference.id, file.name, new Uint8Array(await file.arrayBuffer()), tooLarge) };
});

import { BANNER_MAX_BYTES, storePublicImage } from '@/lib/conferences/banner';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';

/** An image for a page's content (multipart `file`: jpg or png up to 10 MB); answers its address. */
export const POST = route({ auth: 'manager' }, async ({ req, conference }) => {
  if (Number(req.headers.get('content-length') ?? 0) > BANNER_MAX_BYTES + 64 * 1024) throw new AppError('BANNER_TOO_LARGE', 'bannerTooLarge', 413);
  const file = (await req.formData().catch(() => null))?.get('file');
  if (!(file instanceof File)) throw new AppError('INVALID_INPUT', 'invalidInput', 400);
  const name = await storePublicImage(conference.id, file.name, new Uint8Array(await file.arrayBuffer()));
  return { src: `/api/conference/asset/${name}` };
});

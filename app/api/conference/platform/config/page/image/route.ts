import { PICTURE_LIMIT, storePublicImage } from '@/lib/conferences/banner';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** An image for a page's content (multipart `file`: jpg or png up to 10 MB); answers its address. */
export const POST = route({ auth: 'manager' }, async ({ req, db, conference, user }) => {
  const { file, data } = await readUpload(req, PICTURE_LIMIT);
  const name = await storePublicImage(db, { conferenceId: conference.id, userId: user.id }, file.name, data, PICTURE_LIMIT);
  return { src: `/api/conference/asset/${name}` };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { THUMBNAIL_LIMIT } from '@/lib/cms/template-schemas';
import { storePublicImage } from '@/lib/conferences/banner';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Stores an appearance's thumbnail (multipart `file`: jpg or png up to 1 MB); the form saves its name with the appearance. */
export const POST = route({ auth: 'manager' }, async ({ req, db, conference, user }) => {
  const { file, data } = await readUpload(req, THUMBNAIL_LIMIT);
  return { name: await storePublicImage(db, { conferenceId: conference.id, userId: user.id }, file.name, data, THUMBNAIL_LIMIT) };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

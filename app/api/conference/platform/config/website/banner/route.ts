import { BANNER_LIMIT, uploadBanner } from '@/lib/conferences/banner';
import { saveBanner } from '@/lib/conferences/website-settings';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Uploads the banner image (multipart `file`: jpg or png up to 10 MB). */
export const POST = route({ auth: 'manager' }, async ({ req, db, conference, user }) => {
  const { file, data } = await readUpload(req, BANNER_LIMIT);
  return uploadBanner(db, { conferenceId: conference.id, userId: user.id }, file.name, data);
});

/** Removes the banner image. */
export const DELETE = route({ auth: 'manager' }, async ({ db, conference }) => {
  await saveBanner(db, conference.id, '');
  return { banner: '' };
});

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');

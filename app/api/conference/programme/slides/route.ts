import { storedFileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZSlidesQuery } from '@/lib/programme/agenda-schemas';
import { slidesForDownload } from '@/lib/programme/presenter-slot';
import { storedKeyOf } from '@/lib/storage/intake';

/**
 * A contribution's slides or poster (`?code=<programme code>`): for everyone once the organiser shows slides and the
 * contribution is published; for its presenter always.
 */
export const GET = route({ published: true, query: ZSlidesQuery }, async ({ db, conference, user, query }) => {
  const file = await slidesForDownload(db, { conferenceId: conference.id, code: query.code, caller: user });
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: file.originalName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { storedKeyOf } from '@/lib/storage/intake';
import { mySubmissionFile } from '@/lib/submissions/files';
import { ZSubmissionFileQuery } from '@/lib/submissions/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Downloads one of my submission files (abstract or full text, of any version) by its id. */
export const GET = route({ auth: 'user', published: true, query: ZSubmissionFileQuery }, async ({ db, conference, user, query }) => {
  const row = await mySubmissionFile(db, conference.id, user.id, query.id);
  return storedFileResponse(await storedKeyOf(conference.id, row.name), { mime: row.mime, fileName: row.originalName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

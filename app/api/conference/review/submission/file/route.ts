import { and, eq } from 'drizzle-orm';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { chairSubmissionFileId } from '@/lib/review/chair-views';
import { requireSeeAll, reviewActor } from '@/lib/review/permissions';
import { ZFileQuery } from '@/lib/review/schemas';
import { storedKeyOf } from '@/lib/storage/intake';

/**
 * The abstract file or full text of a submission's current version, for the chair and managers
 * (the chair's detail page links both), under the name the author gave it.
 */
export const GET = route({ auth: 'user', query: ZFileQuery }, async ({ db, conference, user, roles, query }) => {
  requireSeeAll(await reviewActor(db, conference.id, user.id, roles));
  const fileId = await chairSubmissionFileId(db, conference.id, query.id, query.kind);
  const [file] = await db
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.id, fileId), eq(uploadedFile.conferenceId, conference.id)));
  if (!file) throw new AppError('FILE_NOT_FOUND');
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: file.originalName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

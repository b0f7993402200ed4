import { and, eq } from 'drizzle-orm';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { requireOwnReviewer, reviewActor } from '@/lib/review/permissions';
import { getReviewConfig } from '@/lib/review/config';
import { assignmentFileId } from '@/lib/review/views';
import { extensionOf } from '@/lib/storage/file-types';
import { storedKeyOf } from '@/lib/storage/intake';
import { ZFileQuery } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The abstract file or full text of one of the caller's assignments. Under blind review the file
 * is named after the submission's role, not its original name (which may carry an author's name).
 */
export const GET = route({ auth: 'user', query: ZFileQuery }, async ({ db, conference, user, roles, query }) => {
  const rev = requireOwnReviewer(await reviewActor(db, conference.id, user.id, roles));
  const fileId = await assignmentFileId(db, conference.id, rev, query.id, query.kind);
  const [file] = await db
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.id, fileId), eq(uploadedFile.conferenceId, conference.id)));
  if (!file) throw new AppError('FILE_NOT_FOUND');
  const { blind } = await getReviewConfig(db, conference.id);
  const ext = extensionOf(file.originalName);
  const name = blind ? `${query.kind === 'abstract' ? 'abstract' : 'full-text'}-${query.id}${ext ? `.${ext}` : ''}` : file.originalName;
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: name });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

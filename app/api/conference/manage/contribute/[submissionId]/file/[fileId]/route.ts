import { AppError } from '@/lib/http/app-error';
import { storedFileResponse } from '@/lib/http/download';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { storedKeyOf } from '@/lib/storage/intake';
import { adminSubmissionFile } from '@/lib/submissions/admin-detail';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A file of a submission (current or an earlier version's), downloaded by a manager under its original name. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const file = await adminSubmissionFile(db, conference.id, idParam(params.submissionId), idParam(params.fileId));
  if (!file) throw new AppError('FILE_NOT_FOUND');
  return storedFileResponse(await storedKeyOf(conference.id, file.name), { mime: file.mime, fileName: file.originalName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

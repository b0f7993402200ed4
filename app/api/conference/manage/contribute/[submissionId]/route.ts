import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { adminSubmissionDetail } from '@/lib/submissions/admin-detail';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One submission with its authors, files, versions, every review with its reviewer, and its history (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const detail = await adminSubmissionDetail(db, conference.id, idParam(params.submissionId));
  if (!detail) throw new AppError('NOT_FOUND');
  return detail;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { parseId } from '@/lib/validation/primitives';
import { withdrawSubmission } from '@/lib/submissions/withdraw-submission';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Withdraws my submission; its place under the cap is given back and an unpaid fee order cancelled. */
export const POST = route({ auth: 'user', published: true }, async ({ db, conference, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw new AppError('SUBMISSION_NOT_FOUND');
  return withdrawSubmission(db, { conferenceId: conference.id, userId: user.id, submissionId: id });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

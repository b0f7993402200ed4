import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { updateSubmission } from '@/lib/submissions/change-submission';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { authorActions } from '@/lib/submissions/permissions';
import { findMySubmissionRow, mySubmissionView } from '@/lib/submissions/queries';
import { ZSubmissionInput } from '@/lib/submissions/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

function submissionId(raw: string | undefined): number {
  try {
    return idParam(raw);
  } catch {
    throw new AppError('SUBMISSION_NOT_FOUND');
  }
}

/** One submission of mine: content, authors, versions, fee order, what I may do, and the released decision. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user, params }) => {
  const id = submissionId(params.id);
  const [view, row, call] = await Promise.all([
    mySubmissionView(db, conference.id, user.id, id),
    findMySubmissionRow(db, conference.id, user.id, id),
    callForPapers(db, conference.id),
  ]);
  if (!view || !row) throw new AppError('SUBMISSION_NOT_FOUND');
  return { ...view, can: authorActions(row, callStateNow(call, conference.timeZone)) };
});

/** Edits my submission in place (waiting for allocation, before the second deadline). */
export const PUT = route({ auth: 'user', published: true, body: ZSubmissionInput }, async ({ db, conference, user, params, body }) =>
  updateSubmission(db, { conference, userId: user.id, submissionId: submissionId(params.id), values: body }),
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');

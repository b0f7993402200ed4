import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { resubmitSubmission } from '@/lib/submissions/change-submission';
import { ZSubmissionInput } from '@/lib/submissions/schemas';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Hands in the next version of my submission after a released "need to modify". */
export const POST = route(
  { auth: 'user', published: true, body: ZSubmissionInput },
  async ({ db, conference, user, locale, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw new AppError('SUBMISSION_NOT_FOUND');
    return resubmitSubmission(db, {
      conference,
      userId: user.id,
      author: { email: user.email, name: user.name, locale },
      submissionId: id,
      values: body,
    });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

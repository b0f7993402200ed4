import { route } from '@/lib/http/route';
import { authorCall } from '@/lib/submissions/call-view';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { listMySubmissions } from '@/lib/submissions/queries';
import { ZSubmissionInput } from '@/lib/submissions/schemas';
import { submitSubmission } from '@/lib/submissions/submit-submission';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My submissions at this conference (each with the state I may see and its fee order), and the call as an author sees it. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user }) => {
  const [call, submissions] = await Promise.all([callForPapers(db, conference.id), listMySubmissions(db, conference.id, user.id)]);
  return { call: authorCall(call, callStateNow(call, conference.timeZone)), submissions };
});

/** A new submission (while the call is open, within the caps); answers its id, code and fee order. */
export const POST = route({ auth: 'user', published: true, body: ZSubmissionInput }, async ({ db, conference, user, locale, body }) =>
  submitSubmission(db, { conference, user, locale, values: body }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

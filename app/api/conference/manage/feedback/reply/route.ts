import { replyFeedback } from '@/lib/feedback/reply-feedback';
import { ZFeedbackReply } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Replies to a feedback: stored, the feedback marked replied, the sender mailed in their language. */
export const POST = route({ auth: 'manager', body: ZFeedbackReply, changesSite: false }, async ({ db, conference, user, body }) => {
  const result = await replyFeedback(db, { conferenceId: conference.id, id: body.id, content: body.content, actorUserId: user.id });
  wakeMailWorker();
  return result;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

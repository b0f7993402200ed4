import { myFeedbackList } from '@/lib/feedback/queries';
import { ZFeedback } from '@/lib/feedback/schemas';
import { sendFeedback } from '@/lib/feedback/send-feedback';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My feedback at this conference, newest first, with reply counts (unread ones too). */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) =>
  myFeedbackList(db, { conferenceId: conference.id, userId: user.id }),
);

/** Sends feedback (title, name, email proven by its code, phone, type, content, an optional uploaded file). */
export const POST = route({ auth: 'user', body: ZFeedback }, async ({ db, conference, user, body, locale, ip }) =>
  sendFeedback(db, { conferenceId: conference.id, userId: user.id, locale, values: body, ip }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

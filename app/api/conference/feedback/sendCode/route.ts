import { sendFeedbackCode } from '@/lib/feedback/send-feedback';
import { ZFeedbackSendCode } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Mails the feedback form's 6-digit code to the email it gives (resend after 60 s; the code limits apply). */
export const POST = route({ auth: 'user', body: ZFeedbackSendCode }, async ({ db, body, locale, conference, ip }) => {
  const result = await sendFeedbackCode(db, {
    email: body.email,
    locale,
    conferenceId: conference.id,
    ip,
  });
  wakeMailWorker();
  return result;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { z } from 'zod';
import { sendEmailCode } from '@/lib/accounts/email-codes';
import { ZSendCode } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Emails a 6-digit code (type registerCode, resetPassCode or loginCode); resend after 60 s. */
export const POST = route({ body: z.object({ data: ZSendCode }) }, async ({ db, body, locale, conference, ip }) => {
  const result = await sendEmailCode(db, {
    email: body.data.email,
    purpose: body.data.type,
    locale,
    conferenceId: conference.id,
    ip,
  });
  wakeMailWorker();
  return result;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

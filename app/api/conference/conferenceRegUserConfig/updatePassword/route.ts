import { z } from 'zod';
import { resetPassword } from '@/lib/accounts/reset-password';
import { ZResetPassword } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { wakeMailWorker } from '@/lib/mail/worker';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Password reset: email, code, name and the new password twice. */
export const POST = route({ body: z.object({ data: ZResetPassword }) }, async ({ db, body, locale, conference, ip }) => {
  await resetPassword(db, body.data, { locale, conferenceId: conference.id }, ip);
  wakeMailWorker();
  return { result: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { route } from '@/lib/http/route';
import { ZMailTestInput } from '@/lib/mail/config-schema';
import { sendTestMail } from '@/lib/mail/test-send';

/** Sends a test mail through the stored mail account to the address typed (MAIL_SEND_FAILED, MAIL_AUTH_TIMEOUT). */
export const POST = route({ auth: 'manager', body: ZMailTestInput, changesSite: false }, async ({ db, conference, body, locale }) =>
  sendTestMail(db, conference, body.to, locale),
);

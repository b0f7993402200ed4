import { route } from '@/lib/http/route';
import { ZMailTestInput } from '@/lib/mail/config-schema';
import { sendTestMail } from '@/lib/mail/test-send';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Sends a test mail through the stored mail account to the address typed (any failure: MAIL_SEND_FAILED, at a fixed deadline). */
export const POST = route({ auth: 'manager', body: ZMailTestInput, changesSite: false }, async ({ db, conference, user, body, locale }) =>
  sendTestMail(db, conference, user.id, body.to, locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { route } from '@/lib/http/route';
import { savePaymentTimes } from '@/lib/payments/methods';
import { ZPaymentSettings } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** How long unpaid orders and online payments stay open. */
export const POST = route({ auth: 'manager', body: ZPaymentSettings, changesSite: false }, async ({ db, conference, body }) =>
  savePaymentTimes(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { receiptSettingsOf, saveReceiptSettings } from '@/lib/payments/receipt-number';
import { ZReceiptSettings } from '@/lib/payments/receipt-settings-schema';

/** What the receipts name: the payee organisation (zh + en), its taxpayer id, the number prefix and the next number. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => receiptSettingsOf(db, conference.id));

export const POST = route({ auth: 'manager', body: ZReceiptSettings, changesSite: false }, async ({ db, conference, user, body }) =>
  saveReceiptSettings(db, conference.id, body, user.id),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

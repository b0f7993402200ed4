import { route } from '@/lib/http/route';
import { refundBill } from '@/lib/payments/refund';
import { ZRefund } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Refunds part or all of a paid payment, through its provider (offline payments: recorded as refunded by hand). */
export const POST = route({ auth: 'manager', body: ZRefund, changesSite: false }, async ({ db, conference, user, body }) =>
  refundBill(db, {
    conferenceId: conference.id,
    billId: body.billId,
    amountMinor: body.amountMinor,
    reason: body.reason,
    actorUserId: user.id,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

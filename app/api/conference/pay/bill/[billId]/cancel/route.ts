import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { cancelOfflineBill } from '@/lib/payments/remittance';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Gives up an offline payment of mine before a transfer slip was sent; the orders can be paid another way. */
export const POST = route({ auth: 'user' }, async ({ db, conference, user, params }) =>
  cancelOfflineBill(db, { conferenceId: conference.id, userId: user.id, billId: idParam(params.billId) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

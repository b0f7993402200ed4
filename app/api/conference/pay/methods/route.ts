import { route } from '@/lib/http/route';
import { payerMethods } from '@/lib/payments/methods';
import { canSeePayeeDetails } from '@/lib/payments/payee-access';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The payment methods a participant may choose; the payee details of the offline ones only for a
 * caller with an order to pay (or an open bill) in this conference, empty for everyone else.
 */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user }) =>
  payerMethods(db, conference.id, { withPayee: await canSeePayeeDetails(db, conference.id, user.id) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

import { ZFeeChoice } from '@/lib/fees/schemas';
import { route } from '@/lib/http/route';
import { addFeeOrders } from '@/lib/orders/change-fee-order';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Adds fees to my registration: a registration fee while I hold none, and optional fees. */
export const POST = route({ auth: 'user', published: true, body: ZFeeChoice }, async ({ db, conference, user, body, locale, ip }) => {
  const orders = await addFeeOrders(db, {
    conferenceId: conference.id,
    userId: user.id,
    locale,
    invitationCode: body.invitationCode,
    ip,
    choice: body,
  });
  return { orderIds: orders.map((o) => o.id) };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

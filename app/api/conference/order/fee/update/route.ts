import { ZFeeOrderChange } from '@/lib/fees/schemas';
import { route } from '@/lib/http/route';
import { changeFeeOrder } from '@/lib/orders/change-fee-order';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Changes one of my unpaid fee orders to another fee or quantity (0 drops an optional fee). */
export const POST = route({ auth: 'user', published: true, body: ZFeeOrderChange }, async ({ db, conference, user, body, locale, ip }) => {
  const order = await changeFeeOrder(db, { conferenceId: conference.id, userId: user.id, locale, ip, ...body });
  return { orderId: order?.id ?? null };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

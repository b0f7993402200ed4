import { ZFeeOrderAdd } from '@/lib/fees/schemas';
import { route } from '@/lib/http/route';
import { addOptionalFee } from '@/lib/orders/change-fee-order';

/** Adds an optional fee to my registration. */
export const POST = route({ auth: 'user', published: true, body: ZFeeOrderAdd }, async ({ db, conference, user, body, locale }) => {
  const order = await addOptionalFee(db, { conferenceId: conference.id, userId: user!.id, locale, ...body });
  return { orderId: order.id };
});

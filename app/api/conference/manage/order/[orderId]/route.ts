import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { orderPaymentHistory } from '@/lib/payments/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** An order with its payments: bills and their events, provider notifications, refunds, exceptions. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const history = await orderPaymentHistory(db, conference.id, idParam(params.orderId));
  if (!history) throw new AppError('ORDER_NOT_FOUND');
  return history;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

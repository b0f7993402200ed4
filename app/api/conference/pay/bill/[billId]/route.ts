import { AppError } from '@/lib/http/app-error';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { billView } from '@/lib/payments/bill-view';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One bill of mine and its orders; a pending online bill is asked about at the provider now and then (a notification may be late). */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, params }) => {
  const view = await billView(db, conference.id, user.id, idParam(params.billId), { refresh: true });
  if (!view) throw new AppError('BILL_NOT_FOUND');
  return view;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { myInvoiceView } from '@/lib/invoices/queries';
import { ZInvoiceMineQuery } from '@/lib/invoices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My order's invoice: the request with its status and tracking number, or whether one may be requested now. */
export const GET = route({ auth: 'user', query: ZInvoiceMineQuery }, async ({ db, conference, user, query }) => {
  const view = await myInvoiceView(db, { conferenceId: conference.id, userId: user.id, orderId: query.orderId });
  if (!view) throw new AppError('ORDER_NOT_FOUND');
  return view;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

import { route } from '@/lib/http/route';
import { requestInvoice } from '@/lib/invoices/request-invoice';
import { ZInvoiceRequest } from '@/lib/invoices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Requests the invoice of one of my paid orders (within 90 days of its payment, once per order). */
export const POST = route({ auth: 'user', body: ZInvoiceRequest }, async ({ db, conference, user, body, locale }) =>
  requestInvoice(db, { conferenceId: conference.id, userId: user.id, locale, values: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

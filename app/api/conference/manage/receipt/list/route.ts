import { route } from '@/lib/http/route';
import { adminInvoices } from '@/lib/invoices/queries';
import { ZInvoiceListQuery } from '@/lib/invoices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of the conference's invoice requests with the filters of the invoice management screen. */
export const GET = route({ auth: 'manager', query: ZInvoiceListQuery }, async ({ db, conference, query }) =>
  adminInvoices(db, conference.id, query, conference.timeZone),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

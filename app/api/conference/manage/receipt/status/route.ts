import { route } from '@/lib/http/route';
import { changeInvoiceStatus } from '@/lib/invoices/change-invoice-status';
import { ZInvoiceStatusChange } from '@/lib/invoices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Moves an invoice request one step forward (to be invoiced, then invoiced with the tracking number). */
export const POST = route({ auth: 'manager', body: ZInvoiceStatusChange, changesSite: false }, async ({ db, conference, user, body }) =>
  changeInvoiceStatus(db, {
    conferenceId: conference.id,
    id: body.id,
    status: body.status,
    trackingNumber: body.trackingNumber,
    actorUserId: user.id,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

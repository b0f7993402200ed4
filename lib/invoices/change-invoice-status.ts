import { and, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceOrder, invoiceRequest, user } from '@/db/schema';
import { formatMoney } from '@/lib/fees/money';
import { AppError } from '@/lib/http/app-error';
import { isLocale, localized } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { enqueueMail } from '@/lib/mail/outbox';
import { logInvoice } from './log';
import type { InvoiceRow } from './queries';
import { nextInvoiceStatus } from './rules';

/**
 * The mail telling the requester their invoice is issued, to the request's email in the requester's
 * language, in the caller's transaction: posted with its tracking number (invoiceIssued), or by
 * email with a link to the order's page where the electronic invoice downloads after sign-in
 * (invoiceIssuedElectronic; the outbox carries no attachments).
 */
export async function queueIssuedMail(tx: Executor, invoice: InvoiceRow, origin = '') {
  const [row] = await tx
    .select({ title: conference.title, orderNo: conferenceOrder.orderNo, holder: user.name })
    .from(conferenceOrder)
    .innerJoin(conference, eq(conference.id, conferenceOrder.conferenceId))
    .leftJoin(user, eq(user.id, conferenceOrder.userId))
    .where(and(eq(conferenceOrder.id, invoice.orderId), eq(conferenceOrder.conferenceId, invoice.conferenceId)));
  if (!row) return;
  const locale = isLocale(invoice.locale) ? invoice.locale : 'zh';
  const common = {
    conference: localized(row.title, locale),
    // A person is greeted, never the invoice's title (an organisation): the recipient named, else the account's holder.
    name: invoice.recipientName.trim() || row.holder?.trim() || serverTranslator(locale, 'invoices')('mailGreetingFallback'),
    orderNo: row.orderNo,
    title: invoice.title,
    amount: formatMoney(invoice.amountMinor, invoice.currency, locale),
  };
  await enqueueMail(tx, {
    conferenceId: invoice.conferenceId,
    to: invoice.email,
    locale,
    ...(invoice.delivery === 'email'
      ? {
          template: 'invoiceIssuedElectronic',
          vars: { ...common, link: `${origin}${locale === 'en' ? '/en' : ''}/profile/order/receipt/${invoice.orderId}` },
        }
      : { template: 'invoiceIssued', vars: { ...common, trackingNumber: invoice.trackingNumber } }),
  });
}

/**
 * A manager moves an invoice request one step forward: unbilled → toBeInvoiced → invoiced (with
 * the tracking number of the posted invoice; the requester is mailed). Under the request's row
 * lock, so of two managers' clicks one moves it and the other (now stale) gets INVOICE_STATUS_CHANGED.
 */
export async function changeInvoiceStatus(
  db: DB,
  input: { conferenceId: number; id: number; status: 'toBeInvoiced' | 'invoiced'; trackingNumber: string; actorUserId: string },
): Promise<{ id: number; status: string; trackingNumber: string }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(invoiceRequest)
      .where(and(eq(invoiceRequest.conferenceId, input.conferenceId), eq(invoiceRequest.id, input.id)))
      .for('update');
    if (!current) throw new AppError('INVOICE_NOT_FOUND');
    if (nextInvoiceStatus(current.status) !== input.status) throw new AppError('INVOICE_STATUS_CHANGED');
    // An invoice sent by email is invoiced by attaching the issued file (attach-invoice-file.ts), not a tracking number.
    if (input.status === 'invoiced' && current.delivery === 'email') throw new AppError('INVOICE_NEEDS_FILE');
    const invoiced = input.status === 'invoiced';
    const [moved] = await tx
      .update(invoiceRequest)
      .set({
        status: input.status,
        ...(invoiced ? { trackingNumber: input.trackingNumber, invoicedAt: now } : {}),
        updatedAt: now,
        updatedBy: input.actorUserId,
      })
      .where(and(eq(invoiceRequest.conferenceId, input.conferenceId), eq(invoiceRequest.id, current.id)))
      .returning();
    await logInvoice(tx, moved, {
      from: current.status,
      to: moved.status,
      actor: input.actorUserId,
      note: invoiced ? moved.trackingNumber : '',
    });
    if (invoiced) await queueIssuedMail(tx, moved);
    return { id: moved.id, status: moved.status, trackingNumber: moved.trackingNumber };
  });
}

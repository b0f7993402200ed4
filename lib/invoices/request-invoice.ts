import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceOrder, invoiceRequest } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { logInvoice } from './log';
import type { MyInvoice } from './queries';
import { INVOICE_WINDOW_DAYS, invoiceEligibility } from './rules';
import { POST_FIELDS, SPECIAL_FIELDS, type InvoiceRequestValues } from './schemas';

/** What is stored of a request: the fields its title, type and delivery do not use are left empty. */
export function storedFields(values: Omit<InvoiceRequestValues, 'orderId'>): Omit<InvoiceRequestValues, 'orderId'> {
  const cleared = (fields: Record<string, string>) => Object.fromEntries(Object.keys(fields).map((key) => [key, '']));
  return {
    ...values,
    taxpayerId: values.titleType === 'company' ? values.taxpayerId : '',
    ...(values.type === 'special' ? {} : cleared(SPECIAL_FIELDS)),
    ...(values.delivery === 'post' ? {} : cleared(POST_FIELDS)),
  };
}

/**
 * A participant requests the invoice of one of their paid orders at this conference, within 90
 * days of its payment, once: an ordinary or a special VAT invoice, by email or by post. The amount and currency are the order's. The unique index on the
 * order makes a second request (however many arrive at once) insert nothing: INVOICE_EXISTS.
 */
export async function requestInvoice(
  db: DB,
  input: { conferenceId: number; userId: string; locale: Locale; values: InvoiceRequestValues; now?: Date },
): Promise<MyInvoice> {
  const now = input.now ?? new Date();
  const { orderId, ...fields } = input.values;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(conferenceOrder)
      .where(
        and(
          eq(conferenceOrder.conferenceId, input.conferenceId),
          eq(conferenceOrder.userId, input.userId),
          eq(conferenceOrder.id, orderId),
        ),
      );
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const eligibility = invoiceEligibility(order, now);
    if (eligibility === 'unpaid') throw new AppError('INVOICE_ORDER_UNPAID');
    if (eligibility === 'closed') throw new AppError('INVOICE_WINDOW_CLOSED', { days: INVOICE_WINDOW_DAYS });
    const [created] = await tx
      .insert(invoiceRequest)
      .values({
        ...storedFields(fields),
        conferenceId: input.conferenceId,
        orderId: order.id,
        userId: input.userId,
        amountMinor: order.totalMinor,
        currency: order.currency,
        status: 'unbilled',
        locale: input.locale,
        createdAt: now,
        updatedAt: now,
        updatedBy: input.userId,
      })
      .onConflictDoNothing({ target: invoiceRequest.orderId })
      .returning();
    if (!created) throw new AppError('INVOICE_EXISTS');
    await logInvoice(tx, created, { from: null, to: 'unbilled', actor: input.userId });
    const { userId: _user, updatedBy: _by, ...request } = created;
    return request;
  });
}

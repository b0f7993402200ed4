import { isPaid } from '@/lib/orders/rules';
import type { InvoiceStatus } from './schemas';

/** Spec §9: an invoice can be requested within 90 days after the order was completed (paid). */
export const INVOICE_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

/** The last moment an invoice can be requested for an order paid at `paidAt`. */
export function invoiceDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + INVOICE_WINDOW_DAYS * DAY_MS);
}

export type InvoiceEligibility = 'open' | 'unpaid' | 'closed';

/** Whether an invoice may be requested for this order now: paid (success), and within the window. */
export function invoiceEligibility(order: { payStatus: string; paidAt: Date | null }, now: Date): InvoiceEligibility {
  if (!isPaid(order.payStatus) || !order.paidAt) return 'unpaid';
  return now.getTime() <= invoiceDeadline(order.paidAt).getTime() ? 'open' : 'closed';
}

/** The one status a request may move to from `status` (forward only), or null when it is final. */
export function nextInvoiceStatus(status: string): Exclude<InvoiceStatus, 'unbilled'> | null {
  if (status === 'unbilled') return 'toBeInvoiced';
  if (status === 'toBeInvoiced') return 'invoiced';
  return null;
}

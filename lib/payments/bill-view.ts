import type { DB } from '@/db/client';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import type { LocalizedText } from '@/lib/i18n/localized';
import { payerMethods, type PayerMethod } from './methods';
import { myBill } from './queries';
import { recoverBill } from './recover';

/** Bill states after which nothing more happens on its own (the result page stops polling). */
const FINAL_BILL_STATUSES = ['paid', 'failed', 'expired', 'cancelled', 'rejected', 'exception'];

const lastAsked = new Map<number, number>();
const ASK_EVERY_MS = 10_000;

/**
 * A bill of mine as its result page shows it. With `refresh`, a pending online bill older than a
 * few seconds is asked about at the provider, at most every 10 s per bill and process, so a payer
 * whose notification is late or lost still sees the payment land.
 */
export async function billView(db: DB, conferenceId: number, userId: string, billId: number, opts: { refresh?: boolean } = {}) {
  let found = await myBill(db, conferenceId, userId, billId);
  if (!found) return null;
  const now = Date.now();
  if (
    opts.refresh &&
    found.bill.status === 'pending' &&
    now - found.bill.createdAt.getTime() > 5_000 &&
    now - (lastAsked.get(billId) ?? 0) > ASK_EVERY_MS
  ) {
    lastAsked.set(billId, now);
    if (lastAsked.size > 10_000) lastAsked.clear();
    const outcome = await recoverBill(db, found.bill).catch((error: unknown) => {
      console.warn(`[payments] asking about ${found?.bill.billNo} failed: ${error instanceof Error ? error.message : String(error)}`);
      return 'open' as const;
    });
    if (outcome !== 'open') found = (await myBill(db, conferenceId, userId, billId)) ?? found;
  }
  const { bill, orders } = found;
  // The payer of this bill (myBill above) reads where to send the money.
  const methods = await payerMethods(db, conferenceId, { withPayee: true });
  const method: PayerMethod | null = methods.find((m) => m.kind === bill.methodKind) ?? null;
  return {
    bill: {
      id: bill.id,
      billNo: bill.billNo,
      status: bill.status,
      methodKind: bill.methodKind,
      amountMinor: bill.amountMinor,
      currency: bill.currency,
      refundedMinor: bill.refundedMinor,
      payUrl: bill.status === 'pending' ? bill.payUrl : null,
      hasSlip: bill.slipFileId !== null,
      expiresAt: bill.expiresAt,
      paidAt: bill.paidAt,
      createdAt: bill.createdAt,
    },
    final: FINAL_BILL_STATUSES.includes(bill.status),
    orders: orders.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      itemName: o.itemName,
      totalMinor: o.totalMinor,
      currency: o.currency,
      payStatus: o.payStatus,
      orderStatus: o.orderStatus,
    })),
    payee: method ? shownDetails(method) : null,
  };
}
export type BillView = NonNullable<Awaited<ReturnType<typeof billView>>>;

/** The payee details a payer reads; organiser HTML is cleaned again on the way out. */
function shownDetails(method: PayerMethod): Record<string, string | LocalizedText> {
  const html = method.details.html;
  if (method.kind !== 'other' || !html || typeof html !== 'object') return method.details;
  return { ...method.details, html: { zh: sanitizeOrganiserHtml(html.zh), en: sanitizeOrganiserHtml(html.en) } };
}

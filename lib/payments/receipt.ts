import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conference, paymentBill, paymentBillOrder, user } from '@/db/schema';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { orderUnits } from '@/lib/orders/rules';
import { billOrders } from './queries';
import { issueReceipt } from './receipt-number';
import type { ReceiptData } from './receipt-pdf';

/**
 * The paid bill of an order with its payer and the conference's title and zone, in one query
 * (this runs on every receipt download, stored or not). Tenant in the WHERE.
 */
async function paidBillWithPayer(db: DB, conferenceId: number, orderId: number) {
  const [row] = await db
    .select({
      bill: paymentBill,
      payerName: user.name,
      payerEmail: user.email,
      conferenceTitle: conference.title,
      timeZone: conference.timeZone,
    })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .innerJoin(conference, eq(conference.id, paymentBill.conferenceId))
    .leftJoin(user, eq(user.id, paymentBill.userId))
    .where(
      and(
        eq(paymentBillOrder.orderId, orderId),
        eq(paymentBillOrder.conferenceId, conferenceId),
        eq(paymentBill.conferenceId, conferenceId),
        eq(paymentBill.status, 'paid'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The receipt of the payment that paid an order: every order that payment covered, in both
 * languages, with its receipt number and payee (issued on the first call, the same ever after).
 * Null when the order is not paid (or not this conference's), or when `mayHave` (given the
 * payer's account) says the caller may not have it — checked before anything is issued.
 */
export async function receiptFor(
  db: DB,
  conferenceId: number,
  orderId: number,
  mayHave: (payerUserId: string) => boolean,
): Promise<{ data: ReceiptData; userId: string; billId: number } | null> {
  const found = await paidBillWithPayer(db, conferenceId, orderId);
  const paidAt = found?.bill.paidAt;
  if (!found || !paidAt || !mayHave(found.bill.userId)) return null;
  const { bill } = found;
  const issued = await issueReceipt(db, conferenceId, bill.id);
  const orders = await billOrders(db, conferenceId, bill.id);
  const method = {
    zh: serverTranslator('zh', 'payments')(`kind_${bill.methodKind}`),
    en: serverTranslator('en', 'payments')(`kind_${bill.methodKind}`),
  };
  return {
    userId: bill.userId,
    billId: bill.id,
    data: {
      receiptNo: issued.receiptNo,
      billNo: bill.billNo,
      payee: { name: issued.payeeName, taxpayerId: issued.taxpayerId },
      conferenceTitle: found.conferenceTitle,
      payerName: found.payerName ?? '',
      payerEmail: found.payerEmail ?? '',
      lines: orders.map((o) => ({
        orderNo: o.orderNo,
        item: o.itemName,
        quantity: orderUnits(o),
        unitPriceMinor: o.unitPriceMinor,
        totalMinor: o.totalMinor,
      })),
      currency: bill.currency,
      amountMinor: bill.amountMinor,
      refundedMinor: bill.refundedMinor,
      method,
      paidAt,
      timeZone: found.timeZone,
      providerTxnId: bill.providerTxnId,
      issuedAt: issued.issuedAt,
    },
  };
}

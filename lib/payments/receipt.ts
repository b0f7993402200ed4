import { eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conference, user } from '@/db/schema';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { billOrders, paidBillOf } from './queries';
import type { ReceiptData } from './receipt-pdf';
import { orderUnits } from '@/lib/orders/rules';

/**
 * The receipt of the payment that paid an order: every order that payment covered, in both
 * languages. Null when the order is not paid (or not this conference's). The caller decides who
 * may see it (the payer, or the conference's managers).
 */
export async function receiptFor(db: DB, conferenceId: number, orderId: number): Promise<{ data: ReceiptData; userId: string } | null> {
  const bill = await paidBillOf(db, conferenceId, orderId);
  if (!bill || !bill.paidAt) return null;
  const [orders, [payer], [conf]] = await Promise.all([
    billOrders(db, conferenceId, bill.id),
    db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, bill.userId)),
    db.select({ title: conference.title, timeZone: conference.timeZone }).from(conference).where(eq(conference.id, conferenceId)),
  ]);
  const method = {
    zh: serverTranslator('zh', 'payments')(`kind_${bill.methodKind}`),
    en: serverTranslator('en', 'payments')(`kind_${bill.methodKind}`),
  };
  return {
    userId: bill.userId,
    data: {
      receiptNo: bill.billNo,
      conferenceTitle: conf.title,
      payerName: payer?.name ?? '',
      payerEmail: payer?.email ?? '',
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
      paidAt: bill.paidAt,
      timeZone: conf.timeZone,
      providerTxnId: bill.providerTxnId,
      issuedAt: new Date(),
    },
  };
}

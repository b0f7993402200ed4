import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentBill, paymentBillOrder } from '@/db/schema';
import { paymentTimes } from '@/lib/payments/methods';
import { orderPayBy } from './pay-by';
import type { Order } from './place-fee-order';

/** The pay-by times of the orders a page lists (by order id), and the server's clock they were read at. */
export type PayByTimes = { times: Map<number, Date>; now: number };

/**
 * The pay-by time of each of these orders of one conference that has one (orderPayBy), for the
 * pages that list them: a transfer announced but not evidenced counts from its bill.
 */
export async function payByTimes(db: Executor, conferenceId: number, orders: Order[], now = new Date()): Promise<PayByTimes> {
  const result = new Map<number, Date>();
  if (orders.length === 0) return { times: result, now: now.getTime() };
  const { orderExpiryMinutes } = await paymentTimes(db, conferenceId);
  const delayed = orders.filter((o) => o.payStatus === 'delay').map((o) => o.id);
  const transfers = delayed.length
    ? await db
        .select({ orderId: paymentBillOrder.orderId, createdAt: paymentBill.createdAt })
        .from(paymentBillOrder)
        .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
        .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.status, 'delay'), inArray(paymentBillOrder.orderId, delayed)))
    : [];
  const transferAt = new Map(transfers.map((t) => [t.orderId, t.createdAt]));
  for (const order of orders) {
    const payBy = orderPayBy(order, orderExpiryMinutes, transferAt.get(order.id));
    if (payBy) result.set(order.id, payBy);
  }
  return { times: result, now: now.getTime() };
}

/** The earliest of these pay-by times (null: none). */
export function earliestPayBy({ times }: PayByTimes): Date | null {
  let earliest: Date | null = null;
  for (const time of times.values()) if (!earliest || time < earliest) earliest = time;
  return earliest;
}

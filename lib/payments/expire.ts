import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conferenceOrder, paymentBill, paymentBillOrder, paymentSettings, registrationFee } from '@/db/schema';
import { releaseBookingsOfOrders } from '@/lib/hotel/nights';
import { onPayClockSql, payBySql, payClockStartSql, sqlTime } from '@/lib/orders/pay-by';
import { queueOrderMails, type MailOrder } from '@/lib/orders/pay-reminders';
import { PAYABLE_STATUSES } from '@/lib/orders/rules';
import { billOrderIds } from './create-bill';
import { logBill, logOrders } from './log';

const BATCH = 200;

/**
 * Unpaid orders (but submission fees) older than their conference's expiry become expired and invalid, and give their
 * fee places back, in one transaction per batch. A payment racing the expiry is decided by the
 * row locks, taken in the order every payment path takes them (bill, then orders): the pending
 * bills of the candidates are locked first, SKIP LOCKED, and an order whose bill is being paid
 * right now is left for the next sweep; the orders are then locked SKIP LOCKED and re-checked. So
 * exactly one wins: the payment (the order is success) or the expiry (the payment that arrives
 * afterwards becomes a payment exception).
 */
export async function expireUnpaidOrders(db: DB, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: conferenceOrder.id })
      .from(conferenceOrder)
      .leftJoin(paymentSettings, eq(paymentSettings.conferenceId, conferenceOrder.conferenceId))
      .where(
        and(
          onPayClockSql,
          // Past its pay-by time: counted from when it became payable (again: after a rejected or cancelled transfer).
          lt(payBySql(payClockStartSql), sqlTime(now)),
          // A payer who is paying right now (an online payment still within its time) is let finish.
          sql`not exists (select 1 from ${paymentBillOrder} bo join ${paymentBill} b on b.id = bo.bill_id where bo.order_id = ${conferenceOrder.id} and b.status = 'pending' and b.expires_at > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .limit(BATCH);
    if (candidates.length === 0) return 0;
    const candidateIds = candidates.map((c) => c.id);
    const linked = await tx
      .select({ billId: paymentBillOrder.billId, orderId: paymentBillOrder.orderId })
      .from(paymentBillOrder)
      .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
      .where(and(inArray(paymentBillOrder.orderId, candidateIds), eq(paymentBill.status, 'pending')));
    const pendingBillIds = [...new Set(linked.map((l) => l.billId))];
    const locked = pendingBillIds.length
      ? await tx
          .select({ id: paymentBill.id, conferenceId: paymentBill.conferenceId })
          .from(paymentBill)
          .where(and(inArray(paymentBill.id, pendingBillIds), eq(paymentBill.status, 'pending')))
          .for('update', { skipLocked: true })
      : [];
    const lockedIds = new Set(locked.map((b) => b.id));
    const busyOrders = new Set(linked.filter((l) => !lockedIds.has(l.billId)).map((l) => l.orderId));
    const ids = candidateIds.filter((id) => !busyOrders.has(id));
    if (ids.length === 0) return 0;
    const orders = await tx
      .select()
      .from(conferenceOrder)
      .where(
        and(
          inArray(conferenceOrder.id, ids),
          eq(conferenceOrder.orderStatus, 'available'),
          inArray(conferenceOrder.payStatus, [...PAYABLE_STATUSES]),
        ),
      )
      .orderBy(conferenceOrder.id)
      .for('update', { skipLocked: true });
    if (orders.length === 0) return 0;
    const expiredIds = await expireOrders(tx, orders, now);
    const expiredSet = new Set(expiredIds);
    for (const bill of locked) {
      if (!linked.some((l) => l.billId === bill.id && expiredSet.has(l.orderId))) continue;
      await tx.update(paymentBill).set({ status: 'expired', updatedAt: now }).where(eq(paymentBill.id, bill.id));
      await logBill(tx, bill, 'expired', null, 'its orders expired');
    }
    return orders.length;
  });
}

type ExpiringOrder = MailOrder & { feeId: number | null; quantity: number };

/**
 * Marks locked orders expired and invalid, gives their places back per fee (the fee rows in id
 * order, as every writer of several fees takes them) and their hotel bookings' nights back, logs
 * it, and queues the expiry notice to each participant (once: the orders were locked and still
 * available); returns their ids. `transferAt`: when each order's unevidenced transfer was announced.
 */
async function expireOrders(tx: Executor, orders: ExpiringOrder[], now: Date, transferAt?: Map<number, Date>): Promise<number[]> {
  const expiredIds = orders.map((o) => o.id);
  await tx
    .update(conferenceOrder)
    .set({ orderStatus: 'invalid', payStatus: 'expired', invalidReason: 'expired', updatedAt: now })
    .where(inArray(conferenceOrder.id, expiredIds));
  const perFee = new Map<number, { conferenceId: number; places: number }>();
  for (const order of orders) {
    if (!order.feeId) continue;
    const entry = perFee.get(order.feeId) ?? { conferenceId: order.conferenceId, places: 0 };
    entry.places += order.quantity;
    perFee.set(order.feeId, entry);
  }
  for (const [feeId, { conferenceId, places }] of [...perFee].sort((x, y) => x[0] - y[0])) {
    await tx
      .update(registrationFee)
      .set({ used: sql`${registrationFee.used} - ${places}` })
      .where(and(eq(registrationFee.id, feeId), eq(registrationFee.conferenceId, conferenceId)));
  }
  for (const conferenceId of new Set(orders.map((o) => o.conferenceId))) {
    await logOrders(
      tx,
      conferenceId,
      orders.filter((o) => o.conferenceId === conferenceId).map((o) => o.id),
      'expired',
      null,
    );
  }
  // A hotel order's booking expires with it and gives its nights back (the room types are locked
  // after the orders, in id order, as every path that touches both takes them).
  await releaseBookingsOfOrders(tx, expiredIds, 'expired');
  await queueOrderMails(tx, 'orderExpired', orders, transferAt);
  return expiredIds;
}

/**
 * A bank or postal transfer announced but never evidenced: an offline bill still waiting for its
 * slip ('delay') once its conference's order time has passed since it was made is cancelled, and
 * its orders expire and give their places back, so a payer who walked away does not hold a capped
 * place for ever. A bill with a slip ('toBeConfirmed') waits for the manager, however long. Bill
 * locked first (SKIP LOCKED: a slip being uploaded right now wins), then its orders.
 */
export async function expireStaleTransfers(db: DB, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const bills = await tx
      .select({ id: paymentBill.id, conferenceId: paymentBill.conferenceId, createdAt: paymentBill.createdAt })
      .from(paymentBill)
      .leftJoin(paymentSettings, eq(paymentSettings.conferenceId, paymentBill.conferenceId))
      .where(and(eq(paymentBill.status, 'delay'), lt(payBySql(paymentBill.createdAt), sqlTime(now))))
      .orderBy(paymentBill.id)
      .limit(BATCH)
      .for('update', { of: paymentBill, skipLocked: true });
    if (bills.length === 0) return 0;
    // The orders of all the bills at once, locked in id order, then expired together: their fee
    // rows and room types are then taken once, in id order, as every other writer takes them.
    const wanted: number[] = [];
    const transferAt = new Map<number, Date>();
    for (const bill of bills) {
      const ids = await billOrderIds(tx, bill.id);
      const own = await tx
        .select({ id: conferenceOrder.id })
        .from(conferenceOrder)
        .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)));
      wanted.push(...own.map((o) => o.id));
      for (const o of own) transferAt.set(o.id, bill.createdAt);
    }
    const orders = wanted.length
      ? await tx
          .select()
          .from(conferenceOrder)
          .where(
            and(inArray(conferenceOrder.id, wanted), eq(conferenceOrder.orderStatus, 'available'), eq(conferenceOrder.payStatus, 'delay')),
          )
          .orderBy(conferenceOrder.id)
          .for('update')
      : [];
    if (orders.length) await expireOrders(tx, orders, now, transferAt);
    for (const bill of bills) {
      await tx.update(paymentBill).set({ status: 'cancelled', updatedAt: now }).where(eq(paymentBill.id, bill.id));
      await logBill(tx, bill, 'cancelled', null, 'no transfer slip in time');
    }
    return bills.length;
  });
}

/** Online bills past their time whose provider was asked (lib/payments/recover.ts) and said nothing final. */
export async function expireStaleBills(db: DB, billIds: number[], now = new Date()): Promise<number> {
  if (billIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const bills = await tx
      .update(paymentBill)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(paymentBill.id, billIds), eq(paymentBill.status, 'pending'), lt(paymentBill.expiresAt, now)))
      .returning({ id: paymentBill.id, conferenceId: paymentBill.conferenceId });
    for (const bill of bills) await logBill(tx, bill, 'expired', null, 'not paid in time');
    return bills.length;
  });
}

import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import {
  conferenceOrder,
  orderEvent,
  paymentBill,
  paymentBillOrder,
  paymentEvent,
  paymentException,
  paymentNotification,
  paymentRefund,
  uploadedFile,
  user,
} from '@/db/schema';
import { startOfDayIn } from '@/lib/i18n/zone';
import { ZOptionalIsoDate } from '@/lib/validation/primitives';
import { METHOD_KINDS } from './providers/types';

/** A bill of mine with the orders it pays (null when it is not mine or not at this conference). */
export async function myBill(db: Executor, conferenceId: number, userId: string, billId: number) {
  const [bill] = await db
    .select()
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.userId, userId), eq(paymentBill.id, billId)));
  if (!bill) return null;
  const orders = await billOrders(db, conferenceId, bill.id);
  return { bill, orders };
}

/** The orders of a bill (tenant in the WHERE). */
export async function billOrders(db: Executor, conferenceId: number, billId: number) {
  return db
    .select({ order: conferenceOrder })
    .from(paymentBillOrder)
    .innerJoin(conferenceOrder, eq(conferenceOrder.id, paymentBillOrder.orderId))
    .where(
      and(
        eq(paymentBillOrder.billId, billId),
        eq(paymentBillOrder.conferenceId, conferenceId),
        eq(conferenceOrder.conferenceId, conferenceId),
      ),
    )
    .orderBy(conferenceOrder.id)
    .then((rows) => rows.map((r) => r.order));
}

/** The bill that paid an order (for the receipt), or null. */
export async function paidBillOf(db: Executor, conferenceId: number, orderId: number) {
  const [row] = await db
    .select({ bill: paymentBill })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .where(and(eq(paymentBillOrder.orderId, orderId), eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.status, 'paid')))
    .limit(1);
  return row?.bill ?? null;
}

/** The admin order list's filters (spec: type, pay status unpaid / delay / success, order status, method, dates, search). */
export const ZAdminOrderQuery = z.object({
  q: z.string().trim().max(100).default(''),
  type: z.enum(['', 'registration', 'optional', 'hotel', 'module']).default(''),
  pay: z.enum(['', 'unpaid', 'delay', 'success', 'exception']).default(''),
  status: z.enum(['', 'available', 'invalid']).default(''),
  method: z.enum(['', ...METHOD_KINDS]).default(''),
  from: ZOptionalIsoDate,
  to: ZOptionalIsoDate,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type AdminOrderQuery = z.output<typeof ZAdminOrderQuery>;

const PAY_GROUPS: Record<string, string[]> = {
  unpaid: ['unpaid', 'expired', 'cancelled', 'failed'],
  delay: ['delay', 'toBeConfirmed'],
  success: ['success', 'paid'],
  exception: ['paymentException', 'abnormal'],
};

function conditions(conferenceId: number, q: Omit<AdminOrderQuery, 'page' | 'size'>, timeZone: string): SQL {
  const parts: SQL[] = [eq(conferenceOrder.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(or(ilike(conferenceOrder.orderNo, like), ilike(user.name, like), ilike(user.email, like))!);
  }
  if (q.type) parts.push(eq(conferenceOrder.type, q.type));
  if (q.pay) parts.push(inArray(conferenceOrder.payStatus, PAY_GROUPS[q.pay]));
  if (q.status) parts.push(eq(conferenceOrder.orderStatus, q.status));
  if (q.method) parts.push(eq(conferenceOrder.paymentMethod, q.method));
  // Days are the conference's own days.
  if (q.from) parts.push(gte(conferenceOrder.createdAt, startOfDayIn(q.from, timeZone)));
  if (q.to) parts.push(lt(conferenceOrder.createdAt, startOfDayIn(q.to, timeZone, 1)));
  return and(...parts)!;
}

const listColumns = {
  order: conferenceOrder,
  name: user.name,
  email: user.email,
  /** The newest bill of the order: its id, number, method and status. */
  bill: sql<{
    id: number;
    billNo: string;
    methodKind: string;
    status: string;
    hasSlip: boolean;
  } | null>`(select json_build_object('id', b.id, 'billNo', b.bill_no, 'methodKind', b.method_kind, 'status', b.status, 'hasSlip', b.slip_file_id is not null) from ${paymentBillOrder} bo join ${paymentBill} b on b.id = bo.bill_id where bo.order_id = ${conferenceOrder.id} and b.conference_id = ${conferenceOrder.conferenceId} order by b.id desc limit 1)`,
};

/** One page of a conference's orders, newest first, with the total count. */
export async function adminOrders(db: Executor, conferenceId: number, q: AdminOrderQuery, timeZone: string) {
  const where = conditions(conferenceId, q, timeZone);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(conferenceOrder)
      .innerJoin(user, eq(user.id, conferenceOrder.userId))
      .where(where)
      .orderBy(desc(conferenceOrder.createdAt), desc(conferenceOrder.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: count() }).from(conferenceOrder).innerJoin(user, eq(user.id, conferenceOrder.userId)).where(where),
  ]);
  return { rows, total };
}

/** Every order matching the filters, for the export (at most 50,000). */
export async function allAdminOrders(db: Executor, conferenceId: number, q: Omit<AdminOrderQuery, 'page' | 'size'>, timeZone: string) {
  return db
    .select(listColumns)
    .from(conferenceOrder)
    .innerJoin(user, eq(user.id, conferenceOrder.userId))
    .where(conditions(conferenceId, q, timeZone))
    .orderBy(desc(conferenceOrder.createdAt), desc(conferenceOrder.id))
    .limit(50_000);
}

/** An order with everything about its payment: bills, their events, notifications, refunds, exceptions, and the order's own events. */
export async function orderPaymentHistory(db: Executor, conferenceId: number, orderId: number) {
  const [head] = await db
    .select({ order: conferenceOrder, name: user.name, email: user.email })
    .from(conferenceOrder)
    .innerJoin(user, eq(user.id, conferenceOrder.userId))
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.id, orderId)));
  if (!head) return null;
  const bills = await db
    .select({ bill: paymentBill, slipName: uploadedFile.originalName })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .leftJoin(uploadedFile, eq(uploadedFile.id, paymentBill.slipFileId))
    .where(and(eq(paymentBillOrder.orderId, orderId), eq(paymentBill.conferenceId, conferenceId)))
    .orderBy(desc(paymentBill.id));
  const billIds = bills.map((b) => b.bill.id);
  const none = [] as never[];
  const [events, notifications, refunds, exceptions, orderEvents] = await Promise.all([
    billIds.length
      ? db
          .select()
          .from(paymentEvent)
          .where(and(eq(paymentEvent.conferenceId, conferenceId), inArray(paymentEvent.billId, billIds)))
          .orderBy(paymentEvent.id)
      : none,
    billIds.length
      ? db
          .select()
          .from(paymentNotification)
          .where(and(eq(paymentNotification.conferenceId, conferenceId), inArray(paymentNotification.billId, billIds)))
          .orderBy(paymentNotification.id)
      : none,
    billIds.length
      ? db
          .select()
          .from(paymentRefund)
          .where(and(eq(paymentRefund.conferenceId, conferenceId), inArray(paymentRefund.billId, billIds)))
          .orderBy(paymentRefund.id)
      : none,
    billIds.length
      ? db
          .select()
          .from(paymentException)
          .where(and(eq(paymentException.conferenceId, conferenceId), inArray(paymentException.billId, billIds)))
          .orderBy(paymentException.id)
      : none,
    db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.conferenceId, conferenceId), eq(orderEvent.orderId, orderId)))
      .orderBy(orderEvent.id),
  ]);
  // Who acted, by name (managers and the payer), for the history.
  const actorIds = [...new Set([...events, ...orderEvents].flatMap((e) => (e.actorUserId ? [e.actorUserId] : [])))];
  const actorRows = actorIds.length ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, actorIds)) : [];
  const actors: Record<string, string> = Object.fromEntries(actorRows.map((a) => [a.id, a.name]));
  return { ...head, bills, events, notifications, refunds, exceptions, orderEvents, actors };
}

/** Payment exceptions not yet resolved, newest first. */
export async function openExceptions(db: Executor, conferenceId: number) {
  return db
    .select({
      exception: paymentException,
      billNo: paymentBill.billNo,
      methodKind: paymentBill.methodKind,
      name: user.name,
      email: user.email,
    })
    .from(paymentException)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentException.billId))
    .innerJoin(user, eq(user.id, paymentBill.userId))
    .where(and(eq(paymentException.conferenceId, conferenceId), eq(paymentException.resolved, false)))
    .orderBy(desc(paymentException.id))
    .limit(200);
}

/** Paid money per day (in the conference's zone) and currency, net of refunds, for the chart. */
export async function revenueByDay(db: Executor, conferenceId: number, timeZone: string) {
  const day = sql<string>`to_char(${paymentBill.paidAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      currency: paymentBill.currency,
      amountMinor: sql<number>`sum(${paymentBill.amountMinor} - ${paymentBill.refundedMinor})::int`,
    })
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.status, 'paid')))
    // By position: the day expression carries the zone as a parameter, and PostgreSQL does not take
    // two parameters of equal value as the same expression in GROUP BY.
    .groupBy(sql`1`, paymentBill.currency)
    .orderBy(sql`1`);
  return rows.map((r) => ({ ...r, amountMinor: Number(r.amountMinor) }));
}

/** The newest bill of each of these orders, for links from the order lists. */
export async function latestBills(
  db: Executor,
  conferenceId: number,
  orderIds: number[],
): Promise<Map<number, { id: number; status: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: paymentBillOrder.orderId, id: paymentBill.id, status: paymentBill.status })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .where(and(eq(paymentBill.conferenceId, conferenceId), inArray(paymentBillOrder.orderId, orderIds)))
    .orderBy(paymentBill.id);
  return new Map(rows.map((r) => [r.orderId, { id: r.id, status: r.status }]));
}

/** Offline payments waiting for a manager: transfers announced (delay) and slips sent (toBeConfirmed). */
export async function awaitingBills(db: Executor, conferenceId: number) {
  return db
    .select({ bill: paymentBill, name: user.name, email: user.email, slipName: uploadedFile.originalName })
    .from(paymentBill)
    .innerJoin(user, eq(user.id, paymentBill.userId))
    .leftJoin(uploadedFile, eq(uploadedFile.id, paymentBill.slipFileId))
    .where(and(eq(paymentBill.conferenceId, conferenceId), inArray(paymentBill.status, ['delay', 'toBeConfirmed'])))
    .orderBy(desc(paymentBill.status), paymentBill.id)
    .limit(200);
}

/** The stored slip of a bill of this conference. */
export async function slipOf(db: Executor, conferenceId: number, billId: number) {
  const [row] = await db
    .select({ name: uploadedFile.name, originalName: uploadedFile.originalName, mime: uploadedFile.mime })
    .from(paymentBill)
    .innerJoin(uploadedFile, eq(uploadedFile.id, paymentBill.slipFileId))
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.id, billId), eq(uploadedFile.conferenceId, conferenceId)));
  return row ?? null;
}

/** My payments at this conference, newest first (at most 200). */
export async function myBills(db: Executor, conferenceId: number, userId: string) {
  return db
    .select({
      id: paymentBill.id,
      billNo: paymentBill.billNo,
      methodKind: paymentBill.methodKind,
      amountMinor: paymentBill.amountMinor,
      currency: paymentBill.currency,
      status: paymentBill.status,
      createdAt: paymentBill.createdAt,
      paidAt: paymentBill.paidAt,
    })
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.userId, userId)))
    .orderBy(desc(paymentBill.id))
    .limit(200);
}

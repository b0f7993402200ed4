import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { conferenceOrder, paymentBill, paymentBillOrder } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Order } from '@/lib/orders/place-fee-order';
import { isPaid, isPayable } from '@/lib/orders/rules';
import { closeAtProviders } from './close-bills';
import { logBill, logOrders } from './log';
import { acceptsCurrency } from './method-fields';
import { payerMethods, paymentTimes, providerConfig } from './methods';
import { providerFor } from './providers';
import { isOnlineKind, ProviderError, type MethodKind, type StartResult } from './providers/types';
import { paymentUrls } from './urls';

export type Bill = typeof paymentBill.$inferSelect;

/** Why an order cannot go into a new bill, as the error the payer reads (spec §8). */
export function payRefusal(order: Pick<Order, 'orderStatus' | 'payStatus'>): AppError | null {
  if (isPaid(order.payStatus)) return new AppError('ORDER_PAID');
  if (order.payStatus === 'expired') return new AppError('ORDER_EXPIRED');
  if (order.payStatus === 'cancelled') return new AppError('ORDER_CANCELLED');
  if (order.payStatus === 'delay' || order.payStatus === 'toBeConfirmed') return new AppError('ORDER_AWAITING');
  if (order.orderStatus !== 'available' || !isPayable(order.payStatus)) return new AppError('ORDER_NOT_PAYABLE');
  return null;
}

/** A bill number providers accept everywhere (letters and digits, ≤ 32): P + the day + 12 random digits. */
function billNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let digits = '';
  for (let i = 0; i < 12; i++) digits += randomInt(10);
  return `P${day}${digits}`;
}

/**
 * How long a pending online bill without its provider page is taken to be still starting (the
 * provider call after its transaction is bounded by the SDKs' 20 s timeout and one retry). Past
 * this, the process that made it is taken to be gone, and the bill is given up like any other.
 */
export const STARTING_WINDOW_MS = 90_000;

/**
 * One lock per payer and conference, taken first in every bill creation: my creates run one at a
 * time, so each sees the bills the one before it made (see createBill for why this lock, and not
 * the order rows, comes first).
 */
export async function lockPayer(tx: Executor, conferenceId: number, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pay-create:${conferenceId}:${userId}`}))`);
}

/** The pending online bills of these orders, locked in id order (read first, then locked and re-checked). */
async function lockPendingBillsOf(tx: Executor, conferenceId: number, orderIds: number[]) {
  const candidates = await tx
    .selectDistinct({ id: paymentBill.id })
    .from(paymentBill)
    .innerJoin(paymentBillOrder, eq(paymentBillOrder.billId, paymentBill.id))
    .where(and(eq(paymentBill.conferenceId, conferenceId), inArray(paymentBillOrder.orderId, orderIds), eq(paymentBill.status, 'pending')));
  if (candidates.length === 0) return [];
  return tx
    .select({ id: paymentBill.id, conferenceId: paymentBill.conferenceId, payUrl: paymentBill.payUrl, createdAt: paymentBill.createdAt })
    .from(paymentBill)
    .where(
      and(
        eq(paymentBill.conferenceId, conferenceId),
        inArray(
          paymentBill.id,
          candidates.map((c) => c.id),
        ),
        eq(paymentBill.status, 'pending'),
      ),
    )
    .orderBy(paymentBill.id)
    .for('update');
}

/** My orders, locked for the transaction, with the conference in the WHERE. */
async function lockMyOrders(tx: Executor, conferenceId: number, userId: string, orderIds: number[]): Promise<Order[]> {
  return tx
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.userId, userId), inArray(conferenceOrder.id, orderIds)))
    .orderBy(conferenceOrder.id)
    .for('update');
}

export type CreateBillInput = {
  conferenceId: number;
  user: { id: string; email: string };
  orderIds: number[];
  kind: MethodKind;
  locale: Locale;
  origin: string;
  ip: string | null;
  now?: Date;
};

export type CreatedBill = { billId: number; billNo: string; status: string; next: StartResult['next'] | { type: 'offline' } };

type Opening = { input: CreateBillInput; online: boolean; billExpiryMinutes: number; now: Date };

/**
 * The database part of starting a payment, inside the caller's transaction and under lockPayer:
 * locks (bills, then orders), checks, gives up the earlier pending bills of these orders and writes
 * the new bill. Exported for the test control that runs it without lockPayer.
 */
export async function openBillInTransaction(tx: Executor, { input, online, billExpiryMinutes, now }: Opening) {
  // Locks in the order every payment path takes them: the bills first (the earlier pending
  // payments of these orders, which a notification may be applying right now), then the orders.
  const open = await lockPendingBillsOf(tx, input.conferenceId, input.orderIds);
  const orders = await lockMyOrders(tx, input.conferenceId, input.user.id, input.orderIds);
  if (orders.length !== input.orderIds.length) throw new AppError('ORDER_NOT_FOUND');
  for (const order of orders) {
    const refusal = payRefusal(order);
    if (refusal) throw refusal;
  }
  const currency = orders[0].currency;
  if (orders.some((o) => o.currency !== currency)) throw new AppError('CURRENCY_MIXED');
  if (!acceptsCurrency(input.kind, currency)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const amountMinor = orders.reduce((sum, o) => sum + o.totalMinor, 0);
  if (amountMinor <= 0) throw new AppError('ORDER_NOT_PAYABLE');
  // Another create for these orders is asking its provider for the page right now (a double click,
  // a second tab): giving its bill up would hand that payer a page already closed, so this one is
  // refused and the payer tries again in a moment (then the started bill is replaced as usual).
  if (open.some((b) => b.payUrl === null && b.createdAt.getTime() > Date.now() - STARTING_WINDOW_MS)) {
    throw new AppError('PAYMENT_STARTING');
  }

  for (const old of open) {
    await tx.update(paymentBill).set({ status: 'cancelled', updatedAt: now }).where(eq(paymentBill.id, old.id));
    await logBill(tx, old, 'cancelled', input.user.id, 'replaced by a new payment');
  }

  let bill: Bill | undefined;
  for (let attempt = 0; !bill; attempt++) {
    try {
      [bill] = await tx
        .insert(paymentBill)
        .values({
          conferenceId: input.conferenceId,
          billNo: billNumber(now),
          userId: input.user.id,
          methodKind: input.kind,
          amountMinor,
          currency,
          status: online ? 'pending' : 'delay',
          locale: input.locale,
          expiresAt: online ? new Date(now.getTime() + billExpiryMinutes * 60_000) : null,
        })
        .returning();
    } catch (error) {
      if (!uniqueViolation(error) || attempt > 3) throw error;
    }
  }
  await tx.insert(paymentBillOrder).values(orders.map((o) => ({ billId: bill.id, orderId: o.id, conferenceId: input.conferenceId })));
  await logBill(tx, bill, 'created', input.user.id, input.kind);
  if (!online) {
    await tx
      .update(conferenceOrder)
      .set({ payStatus: 'delay', paymentMethod: input.kind, updatedAt: now })
      .where(and(eq(conferenceOrder.conferenceId, input.conferenceId), inArray(conferenceOrder.id, input.orderIds)));
    await logOrders(tx, input.conferenceId, input.orderIds, 'awaitingTransfer', input.user.id, bill.billNo);
  }
  return { bill, orders, replaced: open.map((b) => b.id) };
}

/**
 * Starts paying my orders (one currency) by one method. In one transaction: the orders are locked
 * and checked (each §8 refusal), an earlier pending online bill of the same orders is cancelled (a
 * payment arriving for it later becomes a payment exception, never lost), and the bill is written.
 * Offline methods set the orders to "delay" (waiting for the transfer). Online methods then ask the
 * provider, outside the transaction, for the page or QR code the payer goes to.
 *
 * One open payment per order, however many creates race: the transaction first takes lockPayer
 * (only the orders' owner creates their bills), so the creates run one after another and each reads
 * the pending bills the previous one committed; one whose page is still being fetched from the
 * provider refuses the next create (PAYMENT_STARTING), one already started is given up and closed
 * at the provider as before. Why an advisory lock and not the order rows first: notifications,
 * expiry sweeps and cancellations lock a bill, then its orders; a create locking orders, then the
 * earlier bill, would deadlock against them. The advisory lock is taken by nothing that holds a row
 * lock, and after it the row locks follow the one order (bills, then orders), so no cycle can form.
 */
export async function createBill(db: DB, input: CreateBillInput): Promise<CreatedBill> {
  const methods = await payerMethods(db, input.conferenceId);
  if (methods.length === 0) throw new AppError('NO_PAYMENT_METHOD');
  if (!methods.some((m) => m.kind === input.kind)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const kind = input.kind;
  const online = isOnlineKind(kind);
  const provider = online ? providerFor(kind) : null;
  const config = online ? await providerConfig(db, input.conferenceId, kind) : null;
  if (online && (!provider || !config)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const times = await paymentTimes(db, input.conferenceId);
  const now = input.now ?? new Date();

  const { bill, orders, replaced } = await db.transaction(async (tx) => {
    await lockPayer(tx, input.conferenceId, input.user.id);
    return openBillInTransaction(tx, { input, online, billExpiryMinutes: times.billExpiryMinutes, now });
  });

  await closeAtProviders(db, replaced);
  if (!provider || !config) return { billId: bill.id, billNo: bill.billNo, status: bill.status, next: { type: 'offline' } };
  const urls = paymentUrls(input.origin, input.locale, bill.id, input.kind);
  try {
    const started = await provider.start(config, {
      billNo: bill.billNo,
      amountMinor: bill.amountMinor,
      currency: bill.currency,
      description: orders
        .map((o) => localized(o.itemName, input.locale))
        .join(', ')
        .slice(0, 120),
      locale: input.locale,
      payerEmail: input.user.email,
      ...urls,
      expiresAt: bill.expiresAt ?? now,
      clientIp: input.ip,
    });
    const payUrl = started.next.type === 'redirect' ? started.next.url : started.next.content;
    await db.transaction(async (tx) => {
      await tx
        .update(paymentBill)
        .set({ providerRef: started.providerRef, payUrl, updatedAt: new Date() })
        .where(and(eq(paymentBill.id, bill.id), eq(paymentBill.conferenceId, input.conferenceId)));
      await logBill(tx, bill, 'started', null, started.providerRef ?? '');
    });
    return { billId: bill.id, billNo: bill.billNo, status: bill.status, next: started.next };
  } catch (error) {
    const reason = error instanceof ProviderError ? `${error.reason}: ${error.message}` : String(error);
    console.warn(`[payments] ${input.kind} refused to start bill ${bill.billNo}: ${reason}`);
    await db.transaction(async (tx) => {
      await tx
        .update(paymentBill)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(paymentBill.id, bill.id), eq(paymentBill.status, 'pending')));
      await logBill(tx, bill, 'failed', null, reason.slice(0, 500));
    });
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
}

/** Used by sweeps: the order ids of a bill. */
export async function billOrderIds(tx: Executor, billId: number): Promise<number[]> {
  const rows = await tx.select({ id: paymentBillOrder.orderId }).from(paymentBillOrder).where(eq(paymentBillOrder.billId, billId));
  return rows.map((r) => r.id);
}

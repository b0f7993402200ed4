import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder } from '@/db/schema';
import type { Order } from './place-fee-order';

/**
 * Whether the account holds an available order of this conference whose payment state is one of
 * `payStatuses` (and, when given, of `type`): e.g. a paid registration, or an order still to pay.
 */
export async function hasAvailableOrder(
  db: Executor,
  { conferenceId, userId, payStatuses, type }: { conferenceId: number; userId: string; payStatuses: readonly string[]; type?: string },
): Promise<boolean> {
  const [order] = await db
    .select({ id: conferenceOrder.id })
    .from(conferenceOrder)
    .where(
      and(
        eq(conferenceOrder.conferenceId, conferenceId),
        eq(conferenceOrder.userId, userId),
        type === undefined ? undefined : eq(conferenceOrder.type, type),
        eq(conferenceOrder.orderStatus, 'available'),
        inArray(conferenceOrder.payStatus, [...payStatuses]),
      ),
    )
    .limit(1);
  return Boolean(order);
}

/** Every order of mine at this conference, newest first. */
export async function listMyOrders(db: Executor, conferenceId: number, userId: string): Promise<Order[]> {
  return db
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.userId, userId)))
    .orderBy(desc(conferenceOrder.createdAt), desc(conferenceOrder.id));
}

/** My registration-fee and optional-fee orders (getRegFeeInfo): the available ones and those a price change invalidated. */
export async function myFeeOrders(db: Executor, conferenceId: number, userId: string) {
  const rows = await db
    .select()
    .from(conferenceOrder)
    .where(
      and(
        eq(conferenceOrder.conferenceId, conferenceId),
        eq(conferenceOrder.userId, userId),
        inArray(conferenceOrder.type, ['registration', 'optional']),
      ),
    )
    .orderBy(conferenceOrder.id);
  const shown = rows.filter((o) => o.orderStatus === 'available' || o.invalidReason === 'priceChanged');
  // A price-invalidated order stays listed until the participant chose again for that fee.
  const rechosen = new Set(
    rows.filter((o) => o.orderStatus === 'available').map((o) => `${o.type}:${o.type === 'registration' ? '' : o.feeId}`),
  );
  const visible = shown.filter(
    (o) => o.orderStatus === 'available' || !rechosen.has(`${o.type}:${o.type === 'registration' ? '' : o.feeId}`),
  );
  return { registration: visible.filter((o) => o.type === 'registration'), optional: visible.filter((o) => o.type === 'optional') };
}

/** One order of mine, for its page (null when it is not mine or not at this conference). */
export async function findMyOrder(db: Executor, conferenceId: number, userId: string, orderId: number): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.userId, userId), eq(conferenceOrder.id, orderId)));
  return row ?? null;
}

/** Some orders of mine at this conference (those that are not mine are simply absent). */
export async function myOrdersByIds(db: Executor, conferenceId: number, userId: string, orderIds: number[]): Promise<Order[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.userId, userId), inArray(conferenceOrder.id, orderIds)))
    .orderBy(conferenceOrder.id);
}

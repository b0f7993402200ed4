import type { Executor } from '@/db/client';
import { orderEvent, paymentEvent } from '@/db/schema';

/** Appends what happened to a bill (actor null: the provider or the system). */
export async function logBill(tx: Executor, bill: { id: number; conferenceId: number }, action: string, actor: string | null, note = '') {
  await tx.insert(paymentEvent).values({ conferenceId: bill.conferenceId, billId: bill.id, action, actorUserId: actor, note });
}

/** Appends what happened to orders. */
export async function logOrders(tx: Executor, conferenceId: number, orderIds: number[], action: string, actor: string | null, note = '') {
  if (orderIds.length === 0) return;
  await tx.insert(orderEvent).values(orderIds.map((orderId) => ({ conferenceId, orderId, action, actorUserId: actor, note })));
}

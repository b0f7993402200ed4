import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { conferenceOrder, orderEvent, registrationFee } from '@/db/schema';
import { feeUnavailable, type ChooserContext } from '@/lib/fees/availability';
import { AppError } from '@/lib/http/app-error';

export type Order = typeof conferenceOrder.$inferSelect;
export const ORDER_TYPE_BY_KIND = { register: 'registration', optional: 'optional' } as const;

export type PlaceFeeOrder = {
  conferenceId: number;
  userId: string;
  registrationId: number;
  feeId: number;
  quantity: number;
  kind: 'register' | 'optional';
  chooser: ChooserContext;
  actorUserId: string;
};

/**
 * Takes `quantity` places of a fee and writes an unpaid order for them; run it inside the
 * transaction that needs the order. The cap is decided by one conditional update on the fee row
 * (which also holds the row until the transaction ends); the other rules of the fee are checked on
 * the row that update returns, and a refusal rolls the places back with the transaction. A second
 * available order for the same fee and account is refused by a unique index.
 */
export async function placeFeeOrder(tx: Executor, input: PlaceFeeOrder): Promise<Order> {
  const where = and(
    eq(registrationFee.id, input.feeId),
    eq(registrationFee.conferenceId, input.conferenceId),
    eq(registrationFee.archived, false),
    eq(registrationFee.kind, input.kind),
  );
  const [fee] = await tx
    .update(registrationFee)
    .set({ used: sql`${registrationFee.used} + ${input.quantity}` })
    .where(and(where, or(isNull(registrationFee.cap), sql`${registrationFee.used} + ${input.quantity} <= ${registrationFee.cap}`)))
    .returning();
  if (!fee) {
    const [exists] = await tx.select({ id: registrationFee.id }).from(registrationFee).where(where);
    throw exists ? new AppError('FEE_FULL') : new AppError('FEE_NOT_FOUND');
  }
  if (input.quantity > fee.perAccountMax) throw new AppError('QUANTITY_INVALID');
  const reason = feeUnavailable({ ...fee, used: fee.used - input.quantity }, input.chooser, input.quantity);
  if (reason) throw new AppError('FEE_UNAVAILABLE', { reason });
  try {
    const [order] = await tx
      .insert(conferenceOrder)
      .values({
        conferenceId: input.conferenceId,
        // The date part is the conference's own day.
        orderNo: sql`to_char(now() at time zone (select c.time_zone from conference c where c.id = ${input.conferenceId}), 'YYYYMMDD') || nextval('order_number_seq')::text`,
        userId: input.userId,
        registrationId: input.registrationId,
        type: ORDER_TYPE_BY_KIND[input.kind],
        feeId: fee.id,
        itemName: fee.title,
        deadline: fee.deadline,
        unitPriceMinor: fee.priceMinor,
        quantity: input.quantity,
        totalMinor: fee.priceMinor * input.quantity,
        currency: fee.currency,
        displayCurrency: fee.displayCurrency,
        displayTotalMinor: fee.displayPriceMinor * input.quantity,
      })
      .returning();
    await tx
      .insert(orderEvent)
      .values({ conferenceId: input.conferenceId, orderId: order.id, actorUserId: input.actorUserId, action: 'created' });
    return order;
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('FEE_TAKEN');
    throw error;
  }
}

/** Gives an available order's places back and marks it invalid (changed or dropped), with its event. */
export async function releaseOrder(tx: Executor, order: Order, reason: 'changed' | 'cancelled', actorUserId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(conferenceOrder)
    .set({
      orderStatus: 'invalid',
      invalidReason: reason,
      payStatus: reason === 'cancelled' ? 'cancelled' : order.payStatus,
      updatedAt: now,
    })
    .where(and(eq(conferenceOrder.id, order.id), eq(conferenceOrder.conferenceId, order.conferenceId)));
  if (order.feeId && order.orderStatus === 'available') {
    await tx
      .update(registrationFee)
      .set({ used: sql`${registrationFee.used} - ${order.quantity}` })
      .where(and(eq(registrationFee.id, order.feeId), eq(registrationFee.conferenceId, order.conferenceId)));
  }
  await tx.insert(orderEvent).values({ conferenceId: order.conferenceId, orderId: order.id, actorUserId, action: reason });
}

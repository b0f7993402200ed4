import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conferenceOrder, orderEvent, registrationFee } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { PAYABLE_STATUSES } from '@/lib/orders/rules';
import type { FeeValues } from './schemas';

export type Fee = typeof registrationFee.$inferSelect;

/** A conference's fees (archived ones left out), registration fees first, in their order. */
export async function listFees(db: Executor, conferenceId: number): Promise<Fee[]> {
  return db
    .select()
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.archived, false)))
    .orderBy(sql`${registrationFee.kind} <> 'register'`, asc(registrationFee.sortOrder), asc(registrationFee.id));
}

function columns(input: FeeValues) {
  return {
    kind: input.kind,
    title: input.title,
    category: input.category,
    priceMinor: input.priceMinor,
    currency: input.currency,
    displayCurrency: input.displayCurrency,
    displayPriceMinor: input.displayPriceMinor,
    thirdWorldOnly: input.thirdWorldOnly,
    openDate: input.openDate || null,
    deadline: input.deadline || null,
    isOpen: input.isOpen,
    invitationCode: input.invitationCode,
    languageScope: input.languageScope,
    cap: typeof input.cap === 'number' ? input.cap : null,
    perAccountMax: input.perAccountMax,
  };
}

/**
 * Invalidates the unpaid available orders of a fee (its price changed) and gives their places back,
 * logging each change; paid orders keep the price they were paid at.
 */
async function invalidateUnpaidOrders(
  tx: Executor,
  conferenceId: number,
  feeId: number,
  actorUserId: string,
): Promise<{ count: number; released: number }> {
  const invalidated = await tx
    .update(conferenceOrder)
    .set({ orderStatus: 'invalid', invalidReason: 'priceChanged', updatedAt: new Date() })
    .where(
      and(
        eq(conferenceOrder.conferenceId, conferenceId),
        eq(conferenceOrder.feeId, feeId),
        eq(conferenceOrder.orderStatus, 'available'),
        inArray(conferenceOrder.payStatus, [...PAYABLE_STATUSES]),
      ),
    )
    .returning({ id: conferenceOrder.id, quantity: conferenceOrder.quantity });
  if (!invalidated.length) return { count: 0, released: 0 };
  const released = invalidated.reduce((sum, o) => sum + o.quantity, 0);
  await tx
    .update(registrationFee)
    .set({ used: sql`${registrationFee.used} - ${released}` })
    .where(and(eq(registrationFee.id, feeId), eq(registrationFee.conferenceId, conferenceId)));
  await tx
    .insert(orderEvent)
    .values(invalidated.map((o) => ({ conferenceId, orderId: o.id, actorUserId, action: 'invalidated', note: 'priceChanged' })));
  return { count: invalidated.length, released };
}

/**
 * Creates a fee or changes one. A changed price or currency invalidates the unpaid orders made at
 * the old price (they are kept, marked invalid, and their places are given back). The fee row is
 * locked while this happens, so no order slips in at the old price.
 */
export async function saveFee(
  db: DB,
  conferenceId: number,
  input: FeeValues,
  actorUserId: string,
): Promise<{ id: number; invalidatedOrders: number }> {
  return db.transaction(async (tx) => {
    if (!input.id) {
      const [{ order }] = await tx
        .select({ order: sql<number>`coalesce(max(${registrationFee.sortOrder}), 0) + 10` })
        .from(registrationFee)
        .where(eq(registrationFee.conferenceId, conferenceId));
      const [row] = await tx
        .insert(registrationFee)
        .values({ conferenceId, ...columns(input), sortOrder: Number(order) })
        .returning({ id: registrationFee.id });
      return { id: row.id, invalidatedOrders: 0 };
    }
    const [current] = await tx
      .select()
      .from(registrationFee)
      .where(and(eq(registrationFee.id, input.id), eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.archived, false)))
      .for('update');
    if (!current) throw new AppError('FEE_NOT_FOUND');
    const next = columns(input);
    if (current.kind !== next.kind && current.used > 0) throw new AppError('FEE_KIND_LOCKED');
    const priceChanged = current.priceMinor !== next.priceMinor || current.currency !== next.currency;
    const invalidated = priceChanged ? await invalidateUnpaidOrders(tx, conferenceId, current.id, actorUserId) : { count: 0, released: 0 };
    const used = current.used - invalidated.released;
    if (next.cap !== null && next.cap < used) throw new AppError('FEE_CAP_BELOW_USED', { used });
    await tx
      .update(registrationFee)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(registrationFee.id, current.id));
    return { id: current.id, invalidatedOrders: invalidated.count };
  });
}

/** Removes a fee from the offer. It is archived, never deleted, so its orders keep their item. */
export async function archiveFee(db: DB, conferenceId: number, feeId: number): Promise<void> {
  const archived = await db
    .update(registrationFee)
    .set({ archived: true, isOpen: false, updatedAt: new Date() })
    .where(and(eq(registrationFee.id, feeId), eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.archived, false)))
    .returning({ id: registrationFee.id });
  if (!archived.length) throw new AppError('FEE_NOT_FOUND');
}

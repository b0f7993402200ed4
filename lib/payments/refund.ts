import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceOrder, paymentBill, paymentRefund } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { billOrderIds, type Bill } from './create-bill';
import { logBill, logOrders } from './log';
import { providerConfig } from './methods';
import { providerFor } from './providers';
import { isOnlineKind, ProviderError } from './providers/types';

/**
 * Refunds part or all of a paid bill. The amount is reserved first under the bill's row lock (so
 * two managers cannot refund more than was paid), then the provider is asked; if it refuses, the
 * reservation is given back. Offline payments are recorded as refunded by hand. Refunds are never
 * deleted; the orders stay paid (a refund is the organiser's decision about money, not about the
 * place) and their history says what happened.
 */
export async function refundBill(
  db: DB,
  input: { conferenceId: number; billId: number; amountMinor: number; reason: string; actorUserId: string },
) {
  const { bill, refundId } = await db.transaction(async (tx) => {
    const [bill] = await tx
      .select()
      .from(paymentBill)
      .where(and(eq(paymentBill.conferenceId, input.conferenceId), eq(paymentBill.id, input.billId)))
      .for('update');
    if (!bill) throw new AppError('BILL_NOT_FOUND');
    if (bill.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
    if (bill.refundedMinor + input.amountMinor > bill.amountMinor) throw new AppError('REFUND_TOO_LARGE');
    await tx
      .update(paymentBill)
      .set({ refundedMinor: sql`${paymentBill.refundedMinor} + ${input.amountMinor}`, updatedAt: new Date() })
      .where(eq(paymentBill.id, bill.id));
    const [refund] = await tx
      .insert(paymentRefund)
      .values({
        conferenceId: input.conferenceId,
        billId: bill.id,
        amountMinor: input.amountMinor,
        currency: bill.currency,
        reason: input.reason,
        actorUserId: input.actorUserId,
      })
      .returning({ id: paymentRefund.id });
    return { bill, refundId: refund.id };
  });

  const outcome = await askProvider(db, bill, {
    id: refundId,
    amountMinor: input.amountMinor,
    reason: input.reason,
    actorUserId: input.actorUserId,
  });
  if (outcome.status === 'refused') throw new AppError('PAYMENT_PROVIDER_FAILED');
  return outcome;
}

type RefundRow = { id: number; amountMinor: number; reason: string; actorUserId: string | null };
type Outcome = { status: 'done'; refundedMinor: number; providerRefundId: string | null } | { status: 'refused' | 'pending' };

/**
 * Asks the provider for a reserved refund (offline payments were refunded by hand) and records the
 * answer. Only a refusal gives the reservation back; an unreachable provider leaves the refund
 * pending, and the payment sweeper asks again with the same refund number (the provider's
 * idempotency key), so a refund whose answer was lost is never made twice.
 */
async function askProvider(db: DB, bill: Bill, refund: RefundRow): Promise<Outcome> {
  let providerRefundId: string | null = null;
  if (isOnlineKind(bill.methodKind)) {
    try {
      const provider = providerFor(bill.methodKind);
      const config = await providerConfig(db, bill.conferenceId, bill.methodKind, { evenIfOff: true });
      if (!config) throw new ProviderError('refused', 'the method is not configured');
      providerRefundId = (await provider.refund(config, bill, refund.amountMinor, `${bill.billNo}R${refund.id}`)).refundId;
    } catch (error) {
      const reason = error instanceof ProviderError ? error.reason : 'unreachable';
      const note = error instanceof Error ? error.message.slice(0, 300) : '';
      if (reason !== 'refused') {
        await db.transaction((tx) => logBill(tx, bill, 'refundPending', refund.actorUserId, note));
        return { status: 'pending' };
      }
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(paymentRefund)
          .set({ status: 'refused' })
          .where(and(eq(paymentRefund.id, refund.id), eq(paymentRefund.status, 'pending')))
          .returning({ id: paymentRefund.id });
        if (!row) return;
        await tx
          .update(paymentBill)
          .set({ refundedMinor: sql`${paymentBill.refundedMinor} - ${refund.amountMinor}`, updatedAt: new Date() })
          .where(eq(paymentBill.id, bill.id));
        await logBill(tx, bill, 'refundRefused', refund.actorUserId, note);
      });
      return { status: 'refused' };
    }
  }
  return db.transaction(async (tx) => {
    // The bill's row lock, and what it says now: another refund may have been given back meanwhile.
    const [current] = await tx.select().from(paymentBill).where(eq(paymentBill.id, bill.id)).for('update');
    const [row] = await tx
      .update(paymentRefund)
      .set({ providerRefundId, status: 'done' })
      .where(and(eq(paymentRefund.id, refund.id), eq(paymentRefund.status, 'pending')))
      .returning({ id: paymentRefund.id });
    if (!row) return { status: 'done', refundedMinor: current.refundedMinor, providerRefundId };
    await logBill(tx, bill, 'refunded', refund.actorUserId, `${refund.amountMinor} ${bill.currency} ${refund.reason}`.trim());
    const ids = await billOrderIds(tx, bill.id);
    await logOrders(tx, bill.conferenceId, ids, 'refunded', refund.actorUserId, `${refund.amountMinor} ${bill.currency}`);
    // Refunded in full, the orders still hold their places with no money behind them: abnormal, for
    // the organiser to settle (cancel them, or ask for a new payment).
    const settled = await tx
      .select({ sum: sql<number>`coalesce(sum(${paymentRefund.amountMinor}), 0)::int` })
      .from(paymentRefund)
      .where(and(eq(paymentRefund.billId, bill.id), eq(paymentRefund.status, 'done')));
    if (Number(settled[0].sum) === current.amountMinor) {
      await tx
        .update(conferenceOrder)
        .set({ payStatus: 'abnormal', updatedAt: new Date() })
        .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)));
    }
    return { status: 'done', refundedMinor: current.refundedMinor, providerRefundId };
  });
}

/** Refunds whose provider did not answer: asked again with the same refund number (run by the payment sweeper). */
export async function retryPendingRefunds(db: DB, now = new Date()): Promise<number> {
  const rows = await db
    .select({ refund: paymentRefund, bill: paymentBill })
    .from(paymentRefund)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentRefund.billId))
    .where(and(eq(paymentRefund.status, 'pending'), lt(paymentRefund.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(paymentRefund.id)
    .limit(50);
  let done = 0;
  for (const { refund, bill } of rows) {
    const outcome = await askProvider(db, bill, refund).catch(() => ({ status: 'pending' }) as const);
    if (outcome.status === 'done') done++;
  }
  return done;
}

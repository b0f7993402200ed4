import { and, eq, inArray } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conferenceOrder, paymentBill, paymentException } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { attachUploads, discardUpload, publishUploads, receiveUpload } from '@/lib/storage/intake';
import { queuePaymentMail, settleBill } from './apply-event';
import { billOrderIds, type Bill } from './create-bill';
import { logBill, logOrders } from './log';
import { SLIP_MAX_BYTES, SLIP_TYPES } from './slip-rules';

export { SLIP_MAX_BYTES };
const SLIP_UPLOAD = {
  field: 'paymentSlip',
  types: SLIP_TYPES,
  maxBytes: SLIP_MAX_BYTES,
  tooLarge: 'SLIP_TOO_LARGE',
} as const;

const OFFLINE_WAITING = ['delay', 'toBeConfirmed'];

async function lockBill(tx: Executor, conferenceId: number, billId: number, userId?: string) {
  const [bill] = await tx
    .select()
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.id, billId), ...(userId ? [eq(paymentBill.userId, userId)] : [])))
    .for('update');
  if (!bill) throw new AppError('BILL_NOT_FOUND');
  return bill;
}

async function setOrders(tx: Executor, bill: Bill, payStatus: string, now: Date) {
  const ids = await billOrderIds(tx, bill.id);
  await tx
    .update(conferenceOrder)
    // Payable again after a rejected or cancelled transfer: a whole order time to pay from now.
    .set({ payStatus, updatedAt: now, ...(payStatus === 'unpaid' ? { payableSince: now } : {}) })
    .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)));
  return ids;
}

/**
 * The payer's transfer slip for an offline bill of theirs: stored (type checked by content), and
 * the bill and its orders wait as "to be confirmed" until a manager decides.
 */
export async function uploadSlip(
  db: DB,
  input: { conferenceId: number; userId: string; billId: number; fileName: string; data: Uint8Array; note: string },
): Promise<{ status: string }> {
  const saved = await receiveUpload(db, { ...input, rule: SLIP_UPLOAD });
  const now = new Date();
  const attached = db.transaction(async (tx) => {
    const bill = await lockBill(tx, input.conferenceId, input.billId, input.userId);
    if (!OFFLINE_WAITING.includes(bill.status)) throw new AppError('BILL_NOT_AWAITING');
    await attachUploads(tx, {
      conferenceId: input.conferenceId,
      userId: input.userId,
      files: [{ id: saved.id, field: SLIP_UPLOAD.field }],
    });
    await tx
      .update(paymentBill)
      .set({ status: 'toBeConfirmed', slipFileId: saved.id, payerNote: input.note, updatedAt: now })
      .where(eq(paymentBill.id, bill.id));
    const ids = await setOrders(tx, bill, 'toBeConfirmed', now);
    await logBill(tx, bill, 'slipUploaded', input.userId, saved.originalName);
    await logOrders(tx, input.conferenceId, ids, 'slipUploaded', input.userId, bill.billNo);
  });
  // A refused slip (not my bill, not waiting) is of no use: drop it now rather than wait for the sweeper.
  await attached.catch(async (error: unknown) => {
    await discardUpload(db, input.conferenceId, saved.name);
    throw error;
  });
  await publishUploads(input.conferenceId, [saved.name]);
  return { status: 'toBeConfirmed' };
}

/**
 * A manager confirms that an offline payment arrived (bill paid, orders success, mail) or rejects
 * it (bill rejected, orders payable again, mail with the reason). Only a bill still waiting can be
 * decided, once: the bill's row lock makes two managers' clicks one decision.
 */
export async function decideRemittance(
  db: DB,
  input: { conferenceId: number; billId: number; decision: 'confirm' | 'reject'; note: string; actorUserId: string },
): Promise<{ status: string }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const bill = await lockBill(tx, input.conferenceId, input.billId);
    if (!OFFLINE_WAITING.includes(bill.status)) throw new AppError('BILL_NOT_AWAITING');
    if (input.decision === 'confirm') {
      const settled = await settleBill(tx, bill, { providerTxnId: null, actor: input.actorUserId, template: 'paymentConfirmed', now });
      if (!settled) throw new AppError('ORDER_NOT_PAYABLE');
      return { status: 'paid' };
    }
    await tx.update(paymentBill).set({ status: 'rejected', updatedAt: now }).where(eq(paymentBill.id, bill.id));
    const ids = await setOrders(tx, bill, 'unpaid', now);
    await logBill(tx, bill, 'rejected', input.actorUserId, input.note);
    await logOrders(tx, input.conferenceId, ids, 'transferRejected', input.actorUserId, input.note);
    await queuePaymentMail(tx, bill, 'paymentRejected', input.note);
    return { status: 'rejected' };
  });
}

/** The payer gives up an offline bill before sending a slip: its orders can be paid another way. */
export async function cancelOfflineBill(
  db: DB,
  input: { conferenceId: number; userId: string; billId: number },
): Promise<{ status: string }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const bill = await lockBill(tx, input.conferenceId, input.billId, input.userId);
    if (bill.status !== 'delay') throw new AppError('BILL_NOT_AWAITING');
    await tx.update(paymentBill).set({ status: 'cancelled', updatedAt: now }).where(eq(paymentBill.id, bill.id));
    const ids = await setOrders(tx, bill, 'unpaid', now);
    await logBill(tx, bill, 'cancelled', input.userId);
    await logOrders(tx, input.conferenceId, ids, 'paymentCancelled', input.userId, bill.billNo);
    return { status: 'cancelled' };
  });
}

/** A manager marks a payment exception handled (refunded outside, or accepted), with a note. */
export async function resolveException(db: DB, input: { conferenceId: number; exceptionId: number; note: string; actorUserId: string }) {
  const [row] = await db
    .update(paymentException)
    .set({ resolved: true, resolvedBy: input.actorUserId, resolvedAt: new Date(), note: input.note })
    .where(
      and(
        eq(paymentException.conferenceId, input.conferenceId),
        eq(paymentException.id, input.exceptionId),
        eq(paymentException.resolved, false),
      ),
    )
    .returning({ id: paymentException.id });
  if (!row) throw new AppError('EXCEPTION_NOT_FOUND');
  return { resolved: true };
}

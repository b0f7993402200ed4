import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  conferenceOrder,
  orderEvent,
  paymentBill,
  paymentBillOrder,
  submissionAuthor,
  submissionEvent,
  submissionSession,
} from '@/db/schema';
import type { SubmissionSnapshot } from '@/db/schema/submissions';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { isPayable } from '@/lib/orders/rules';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { SUBMISSION_FIELDS, type SubmissionValues } from './schemas';

/** The content of a version as kept in submission_version. */
export function snapshotOf(values: SubmissionValues): SubmissionSnapshot {
  return {
    title: values.title,
    sessionId: values.sessionId,
    reportType: values.reportType,
    category: values.category,
    keywords: values.keywords,
    abstract: values.abstract,
    abstractFileId: values.abstractFileId,
    fullTextFileId: values.fullTextFileId,
    authors: values.authors.map((a) => ({
      name: a.name,
      surname: a.surname,
      email: a.email,
      phone: a.phone,
      country: a.country,
      company: a.company,
      corresponding: a.corresponding,
    })),
  };
}

/** The submission's columns the author writes. */
export function contentColumns(values: SubmissionValues) {
  return {
    title: values.title,
    sessionId: values.sessionId,
    reportType: values.reportType,
    category: values.category,
    keywords: values.keywords,
    abstract: values.abstract,
    abstractFileId: values.abstractFileId,
    fullTextFileId: values.fullTextFileId,
  };
}

/** The files of a submission's values, with their fields, for attachSubmissionFiles. */
export function filesOf(values: SubmissionValues) {
  return [
    { id: values.abstractFileId, field: SUBMISSION_FIELDS.abstract },
    { id: values.fullTextFileId, field: SUBMISSION_FIELDS.fullText },
  ];
}

/**
 * The chosen session, held FOR SHARE until the transaction ends (the organisers' tree changes take
 * the rows FOR UPDATE, so a session cannot vanish under a submission being saved).
 */
export async function holdSession(tx: Executor, conferenceId: number, sessionId: number): Promise<void> {
  const [row] = await tx
    .select({ id: submissionSession.id })
    .from(submissionSession)
    .where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, sessionId)))
    .for('share');
  if (!row) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
}

/** Replaces the authors of a submission with `values.authors`, in their order. */
export async function writeAuthors(tx: Executor, conferenceId: number, submissionId: number, values: SubmissionValues): Promise<void> {
  await tx
    .delete(submissionAuthor)
    .where(and(eq(submissionAuthor.conferenceId, conferenceId), eq(submissionAuthor.submissionId, submissionId)));
  await tx.insert(submissionAuthor).values(
    values.authors.map((a, i) => ({
      conferenceId,
      submissionId,
      name: a.name,
      surname: a.surname,
      email: a.email,
      phone: a.phone,
      country: a.country,
      company: a.company,
      corresponding: a.corresponding,
      sortOrder: i,
    })),
  );
}

export async function logSubmission(
  tx: Executor,
  input: {
    conferenceId: number;
    submissionId: number;
    actorId: string;
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    note?: string;
  },
): Promise<void> {
  await tx.insert(submissionEvent).values({ ...input, note: input.note ?? '' });
}

/** The submission fee's name on orders, in both languages. */
export const SUBMISSION_FEE_NAME: LocalizedText = { zh: zh.submission.feeItem, en: en.submission.feeItem };

/** Writes the unpaid order of a submission fee (type 'submission'), with its event. */
export async function placeSubmissionFeeOrder(
  tx: Executor,
  input: { conferenceId: number; userId: string; feeMinor: number; currency: string },
): Promise<number> {
  const [order] = await tx
    .insert(conferenceOrder)
    .values({
      conferenceId: input.conferenceId,
      // The date part is the conference's own day (as every order number).
      orderNo: sql`to_char(now() at time zone (select c.time_zone from conference c where c.id = ${input.conferenceId}), 'YYYYMMDD') || nextval('order_number_seq')::text`,
      userId: input.userId,
      registrationId: null,
      type: 'submission',
      feeId: null,
      itemName: SUBMISSION_FEE_NAME,
      unitPriceMinor: input.feeMinor,
      quantity: 1,
      totalMinor: input.feeMinor,
      currency: input.currency,
      displayCurrency: input.currency,
      displayTotalMinor: input.feeMinor,
    })
    .returning({ id: conferenceOrder.id });
  await tx.insert(orderEvent).values({ conferenceId: input.conferenceId, orderId: order.id, actorUserId: input.userId, action: 'created' });
  return order.id;
}

/**
 * A withdrawn submission's fee order, when nobody is paying it: an available, payable order with no
 * payment under way (no pending or offline bill) is cancelled. The order row is locked first and
 * the bills read after the lock, so a payment that started first keeps the order (the organiser
 * refunds a paid fee; orders are never deleted).
 */
export async function cancelUnpaidFeeOrder(tx: Executor, conferenceId: number, orderId: number, actorUserId: string): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.id, orderId)))
    .for('update');
  if (!order || order.orderStatus !== 'available' || !isPayable(order.payStatus)) return false;
  const [busy] = await tx
    .select({ id: paymentBill.id })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .where(and(eq(paymentBillOrder.orderId, orderId), sql`${paymentBill.status} in ('pending', 'delay', 'toBeConfirmed')`))
    .limit(1);
  if (busy) return false;
  await tx
    .update(conferenceOrder)
    .set({ orderStatus: 'invalid', invalidReason: 'cancelled', payStatus: 'cancelled', updatedAt: new Date() })
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.id, orderId)));
  await tx.insert(orderEvent).values({ conferenceId, orderId, actorUserId, action: 'cancelled', note: 'submission withdrawn' });
  return true;
}

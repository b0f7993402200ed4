import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceOrder, paymentBill, paymentBillOrder, paymentException, paymentNotification, user } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { isLocale, localized } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { formatMoney } from '@/lib/fees/money';
import { billOrderIds, type Bill } from './create-bill';
import { logBill, logOrders } from './log';
import { paidMailTemplate, type PaymentMail } from './payment-mail';
import type { MailTemplateName } from '@/emails/templates';
import { isOnlineKind, type MethodKind, type VerifiedEvent } from './providers/types';
import { isPaid, PAYABLE_STATUSES } from '@/lib/orders/rules';
import { issueTicketForAccount } from '@/lib/tickets/issue-ticket';

export type ApplyResult = { result: 'applied' | 'exception' | 'ignored' | 'duplicate' | 'unknown'; billId: number | null };

/**
 * Bills whose provider money pays their orders when the orders can still take it: open ones, and
 * ones given up (replaced by a new payment, expired) whose orders are still unpaid — the payer paid
 * after all, and the money goes where it was meant to.
 */
const SETTLEABLE_STATUSES = ['pending', 'failed', 'cancelled', 'expired'];

/** Locks the bill a provider names, on this conference and for this method (null: not one of ours). */
async function lockBill(tx: Executor, conferenceId: number, kind: MethodKind, billNo: string): Promise<Bill | null> {
  const [bill] = await tx
    .select()
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.billNo, billNo), eq(paymentBill.methodKind, kind)))
    .for('update');
  return bill ?? null;
}

/** The payment mail, in the payer's language, written in the same transaction. */
export async function queuePaymentMail(tx: Executor, bill: Bill, template: MailTemplateName, note = '') {
  const [row] = await tx
    .select({ email: user.email, name: user.name, title: conference.title })
    .from(user)
    .innerJoin(conference, eq(conference.id, bill.conferenceId))
    .where(eq(user.id, bill.userId));
  if (!row) return;
  const locale = isLocale(bill.locale) ? bill.locale : 'zh';
  await enqueueMail(tx, {
    conferenceId: bill.conferenceId,
    to: row.email,
    template,
    locale,
    vars: {
      conference: localized(row.title, locale),
      name: row.name,
      billNo: bill.billNo,
      amount: formatMoney(bill.amountMinor, bill.currency, locale),
      note: note || '—',
    },
  });
}

/**
 * Marks a bill paid and its orders success, with events and the mail, when every order can still
 * take the money (available, waiting for this payment); otherwise returns false and changes nothing.
 * The bill row must be locked by the caller; the orders are locked here (bill before orders, the
 * same order as every other path, so no two paths wait on each other).
 */
export async function settleBill(
  tx: Executor,
  bill: Bill,
  opts: { providerTxnId: string | null; actor: string | null; template: PaymentMail; now: Date },
): Promise<boolean> {
  const ids = await billOrderIds(tx, bill.id);
  const orders = await tx
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)))
    .orderBy(conferenceOrder.id)
    .for('update');
  const offline = !isOnlineKind(bill.methodKind);
  const waiting: readonly string[] = offline ? ['delay', 'toBeConfirmed'] : PAYABLE_STATUSES;
  const payable = orders.length === ids.length && orders.every((o) => o.orderStatus === 'available' && waiting.includes(o.payStatus));
  if (!payable) return false;
  await tx
    .update(paymentBill)
    .set({ status: 'paid', providerTxnId: opts.providerTxnId, paidAt: opts.now, updatedAt: opts.now })
    .where(eq(paymentBill.id, bill.id));
  await tx
    .update(conferenceOrder)
    .set({
      // Online money is confirmed by the provider ('success'); a transfer by a manager ('paid').
      payStatus: offline ? 'paid' : 'success',
      paidAt: opts.now,
      paymentMethod: bill.methodKind,
      businessCode: opts.providerTxnId ?? bill.billNo,
      updatedAt: opts.now,
    })
    .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)));
  await logBill(tx, bill, 'paid', opts.actor, opts.providerTxnId ?? '');
  await logOrders(tx, bill.conferenceId, ids, 'paid', opts.actor, bill.billNo);
  // A paid registration fee completes the registration: its ticket is issued and mailed now (issue 24).
  if (orders.some((o) => o.type === 'registration'))
    await issueTicketForAccount(tx, { conferenceId: bill.conferenceId, userId: bill.userId });
  await queuePaymentMail(
    tx,
    bill,
    paidMailTemplate(
      opts.template,
      orders.map((o) => o.type),
    ),
  );
  return true;
}

/**
 * Money arrived that could not pay the bill's orders (they were paid already, changed, cancelled,
 * expired, or are waiting for a transfer of another payment): kept as a payment exception for the
 * organiser, never lost. Orders that no longer exist (invalid) show "payment exception"; live orders
 * are left as they are, since another payment may own them.
 */
async function recordException(tx: Executor, bill: Bill, event: VerifiedEvent, now: Date): Promise<void> {
  const ids = await billOrderIds(tx, bill.id);
  const orders = await tx
    .select({ id: conferenceOrder.id, payStatus: conferenceOrder.payStatus, orderStatus: conferenceOrder.orderStatus })
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, ids)))
    .orderBy(conferenceOrder.id)
    .for('update');
  const reason = bill.status === 'paid' || orders.some((o) => isPaid(o.payStatus)) ? 'doublePayment' : 'latePayment';
  await tx.insert(paymentException).values({
    conferenceId: bill.conferenceId,
    billId: bill.id,
    reason,
    providerTxnId: event.providerTxnId,
    amountMinor: event.amountMinor,
    currency: event.currency,
  });
  if (bill.status !== 'paid') {
    await tx
      .update(paymentBill)
      .set({ status: 'exception', providerTxnId: event.providerTxnId, updatedAt: now })
      .where(eq(paymentBill.id, bill.id));
    const gone = orders.filter((o) => o.orderStatus === 'invalid' && !isPaid(o.payStatus)).map((o) => o.id);
    if (gone.length) {
      await tx
        .update(conferenceOrder)
        .set({ payStatus: 'paymentException', updatedAt: now })
        .where(and(eq(conferenceOrder.conferenceId, bill.conferenceId), inArray(conferenceOrder.id, gone)));
      await logOrders(tx, bill.conferenceId, gone, 'paymentException', null, bill.billNo);
    }
  }
  await logBill(tx, bill, 'exception', null, `${reason} ${event.providerTxnId}`);
}

/**
 * Other pending online payments of orders a payment just paid are given up, so the payer is not
 * asked to pay twice. They are taken SKIP LOCKED (after the orders: the other order would wait on
 * a bill being paid right now, whose payment then finds the orders paid and becomes an exception).
 */
async function cancelRivalBills(tx: Executor, bill: Bill, now: Date): Promise<void> {
  const ids = await billOrderIds(tx, bill.id);
  const rivals = await tx
    .selectDistinct({ id: paymentBill.id, conferenceId: paymentBill.conferenceId })
    .from(paymentBill)
    .innerJoin(paymentBillOrder, eq(paymentBillOrder.billId, paymentBill.id))
    .where(
      and(
        eq(paymentBill.conferenceId, bill.conferenceId),
        inArray(paymentBillOrder.orderId, ids),
        eq(paymentBill.status, 'pending'),
        ne(paymentBill.id, bill.id),
      ),
    );
  if (rivals.length === 0) return;
  const locked = await tx
    .select({ id: paymentBill.id, conferenceId: paymentBill.conferenceId })
    .from(paymentBill)
    .where(
      and(
        inArray(
          paymentBill.id,
          rivals.map((r) => r.id),
        ),
        eq(paymentBill.status, 'pending'),
      ),
    )
    .orderBy(paymentBill.id)
    .for('update', { skipLocked: true });
  for (const rival of locked) {
    await tx.update(paymentBill).set({ status: 'cancelled', updatedAt: now }).where(eq(paymentBill.id, rival.id));
    await logBill(tx, rival, 'cancelled', null, `orders paid by ${bill.billNo}`);
  }
}

/**
 * Applies what a provider told us (a verified notification, or the answer to our query). Refused
 * with nothing changed: an unknown bill, or an amount or currency other than the bill's. A repeat
 * of the same provider transaction changes nothing (the notification's unique key, under the bill's
 * row lock). Paid while the bill can take it → bill paid, orders success, mail; otherwise a payment
 * exception. Failed → an open online bill is marked failed (its orders stay payable).
 */
export async function applyEvent(
  db: DB,
  input: { conferenceId: number; kind: MethodKind; event: VerifiedEvent; source: 'notify' | 'query'; now?: Date },
): Promise<ApplyResult> {
  const { event } = input;
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const bill = await lockBill(tx, input.conferenceId, input.kind, event.billNo);
    // An authentic event about a payment that is not ours (one provider account may serve several
    // conferences or systems, and every endpoint hears every event): taken, and nothing changes.
    if (!bill) {
      console.info(`[payments] ${input.kind} event for unknown bill ${event.billNo.slice(0, 40)} ignored`);
      return { result: 'unknown', billId: null };
    }
    if (event.amountMinor !== bill.amountMinor || event.currency.toUpperCase() !== bill.currency) throw new AppError('PAYMENT_MISMATCH');
    const [seen] = await tx
      .select({ id: paymentNotification.id })
      .from(paymentNotification)
      .where(
        and(
          eq(paymentNotification.methodKind, input.kind),
          eq(paymentNotification.providerTxnId, event.providerTxnId),
          eq(paymentNotification.event, event.outcome),
        ),
      );
    if (seen) return { result: 'duplicate', billId: bill.id };

    let result: ApplyResult['result'];
    if (event.outcome === 'failed') {
      result = bill.status === 'pending' ? 'applied' : 'ignored';
      if (result === 'applied') {
        await tx.update(paymentBill).set({ status: 'failed', updatedAt: now }).where(eq(paymentBill.id, bill.id));
        await logBill(tx, bill, 'failed', null, event.providerTxnId);
        // The orders say their last attempt failed; they stay payable.
        const ids = await billOrderIds(tx, bill.id);
        const failed = await tx
          .update(conferenceOrder)
          .set({ payStatus: 'failed', updatedAt: now })
          .where(
            and(
              eq(conferenceOrder.conferenceId, bill.conferenceId),
              inArray(conferenceOrder.id, ids),
              eq(conferenceOrder.payStatus, 'unpaid'),
            ),
          )
          .returning({ id: conferenceOrder.id });
        await logOrders(
          tx,
          bill.conferenceId,
          failed.map((o) => o.id),
          'failed',
          null,
          bill.billNo,
        );
      }
    } else if (bill.status === 'paid' && bill.providerTxnId === event.providerTxnId) {
      result = 'ignored';
    } else if (
      SETTLEABLE_STATUSES.includes(bill.status) &&
      (await settleBill(tx, bill, { providerTxnId: event.providerTxnId, actor: null, template: 'paymentReceived', now }))
    ) {
      await cancelRivalBills(tx, bill, now);
      result = 'applied';
    } else {
      await recordException(tx, bill, event, now);
      result = 'exception';
    }
    await tx.insert(paymentNotification).values({
      conferenceId: bill.conferenceId,
      billId: bill.id,
      methodKind: input.kind,
      providerTxnId: event.providerTxnId,
      event: event.outcome,
      amountMinor: event.amountMinor,
      currency: event.currency.toUpperCase(),
      source: input.source,
      result,
    });
    return { result, billId: bill.id };
  });
}

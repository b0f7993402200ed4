import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { conferenceOrder, paymentSettings } from '@/db/schema';
import { isPayable, PAYABLE_STATUSES } from './rules';

/**
 * An unpaid order's pay-by time: the one rule the pages, the mails, the reminders and the expiry
 * sweep (lib/payments/expire.ts) share. Its time to pay starts when it was made, or when it became
 * payable again (payableSince, after a refused or cancelled transfer), and lasts the conference's
 * order time (payment settings' orderExpiryMinutes). The sweep expires it at its first round after
 * that instant. A transfer announced but never evidenced ('delay') has the same time from when the
 * transfer was announced (its bill was made). A submission fee never expires.
 */

/** The defaults until a manager saves the payment settings (the columns' defaults). */
export const DEFAULT_ORDER_TIMES = { orderExpiryMinutes: 4320, payReminderMinutes: 1440 };

type PayByOrder = {
  type: string;
  orderStatus: string;
  payStatus: string;
  createdAt: Date;
  payableSince: Date | null;
};

/** When the order's time to pay started. */
export function payClockStart(order: Pick<PayByOrder, 'createdAt' | 'payableSince'>): Date {
  return order.payableSince ?? order.createdAt;
}

/**
 * The instant the order must be paid by, or null when it has none (paid, invalid, waiting for a
 * manager, or a submission fee). `transferAnnouncedAt`: when its pending transfer's bill was made,
 * for an order in 'delay'.
 */
export function orderPayBy(order: PayByOrder, orderExpiryMinutes: number, transferAnnouncedAt?: Date | null): Date | null {
  if (order.orderStatus !== 'available' || order.type === 'submission') return null;
  const start = isPayable(order.payStatus)
    ? payClockStart(order)
    : order.payStatus === 'delay' && transferAnnouncedAt
      ? transferAnnouncedAt
      : null;
  return start ? new Date(start.getTime() + orderExpiryMinutes * 60_000) : null;
}

/** The conference's order time in SQL (payment_settings joined, else the default). */
export const orderExpiryMinutesSql: SQL = sql`coalesce(${paymentSettings.orderExpiryMinutes}, ${DEFAULT_ORDER_TIMES.orderExpiryMinutes})`;

/** The reminder lead in SQL (payment_settings joined, else the default). */
export const payReminderMinutesSql: SQL = sql`coalesce(${paymentSettings.payReminderMinutes}, ${DEFAULT_ORDER_TIMES.payReminderMinutes})`;

/** When the time to pay started, in SQL: the same as payClockStart. */
export const payClockStartSql: SQL = sql`coalesce(${conferenceOrder.payableSince}, ${conferenceOrder.createdAt})`;

/** A pay-by time in SQL from its start (payClockStartSql, or a transfer bill's creation), as orderPayBy computes it. */
export function payBySql(start: SQLWrapper): SQL {
  return sql`(${start} + make_interval(mins => ${orderExpiryMinutesSql}))`;
}

/**
 * The orders the pay-by clock runs on, in SQL: open and not yet paid. A submission fee holds no place
 * and belongs to its submission: it stays payable until the submission is withdrawn
 * (lib/submissions/withdraw-submission.ts cancels it then), so it is never reminded nor expired.
 */
export const onPayClockSql = and(
  eq(conferenceOrder.orderStatus, 'available'),
  inArray(conferenceOrder.payStatus, [...PAYABLE_STATUSES]),
  ne(conferenceOrder.type, 'submission'),
) as SQL;

/** A sweep's now in SQL, to compare with a pay-by time. */
export const sqlTime = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

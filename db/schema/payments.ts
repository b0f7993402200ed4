import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceOrder } from './fees';
import { uploadedFile } from './files';

/**
 * A payment method of a conference (spec §3 "payment method config by kind"): one row per kind.
 * `settings` holds what may be shown to managers (merchant ids, payee details, the "other" HTML);
 * `secrets` holds keys, passwords and certificates, encrypted with AES-256-GCM (lib/payments/secrets.ts)
 * and never sent to a browser.
 */
export const paymentMethod = pgTable(
  'payment_method',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** 'stripe' | 'weChat' | 'aliPay' | 'payPal' | 'payEase' | 'bankRemit' | 'postRemit' | 'other'. */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The encrypted JSON of the secret fields ('' = none set). */
    secrets: text('secrets').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_method_kind_uq').on(t.conferenceId, t.kind)],
);

/** Per-conference payment settings: how long an unpaid order and an online payment stay open. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    conferenceId: integer('conference_id')
      .primaryKey()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** An unpaid order expires this long after it was made and gives its places back. */
    orderExpiryMinutes: integer('order_expiry_minutes').notNull().default(4320),
    /** An online payment not completed within this time is given up (its orders stay payable). */
    billExpiryMinutes: integer('bill_expiry_minutes').notNull().default(60),
    /** A reminder to pay goes this long before an unpaid order's pay-by time (0: no reminder). */
    payReminderMinutes: integer('pay_reminder_minutes').notNull().default(1440),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_settings_ck', sql`${t.orderExpiryMinutes} >= 10 and ${t.billExpiryMinutes} >= 5`),
    check('payment_settings_reminder_ck', sql`${t.payReminderMinutes} >= 0 and ${t.payReminderMinutes} < ${t.orderExpiryMinutes}`),
  ],
);

/**
 * A bill: one payment of one or more orders of one account in one currency, by one method.
 * Append-only like orders: never deleted; every change is logged in payment_event.
 * status: 'pending' (online, waiting for the provider) | 'delay' (offline, waiting for the transfer) |
 * 'toBeConfirmed' (a transfer slip is uploaded) | 'paid' | 'failed' | 'expired' | 'cancelled' |
 * 'rejected' (a manager refused the transfer) | 'exception' (money arrived for a bill that could not take it).
 */
export const paymentBill = pgTable(
  'payment_bill',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    billNo: text('bill_no').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    methodKind: text('method_kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** The provider's id of the payment object we created (a Stripe Checkout Session, …). */
    providerRef: text('provider_ref'),
    /** The provider's transaction id once paid (idempotency key of notifications). */
    providerTxnId: text('provider_txn_id'),
    /** Where the payer is sent (redirect) or what the QR code holds. */
    payUrl: text('pay_url'),
    /** The payer's language, for the mails. */
    locale: text('locale').notNull().default('zh'),
    slipFileId: integer('slip_file_id').references(() => uploadedFile.id, { onDelete: 'restrict' }),
    payerNote: text('payer_note').notNull().default(''),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_bill_user_idx').on(t.conferenceId, t.userId),
    index('payment_bill_status_idx').on(t.status, t.createdAt),
    check('payment_bill_amount_ck', sql`${t.amountMinor} > 0 and ${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

/** The orders a bill pays. */
export const paymentBillOrder = pgTable(
  'payment_bill_order',
  {
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => conferenceOrder.id, { onDelete: 'restrict' }),
    conferenceId: integer('conference_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.orderId] }), index('payment_bill_order_order_idx').on(t.orderId)],
);

/**
 * Every provider notification (or query answer) that was verified and acted on, once per provider
 * transaction and event: the unique index makes a repeat a no-op.
 * event: 'paid' | 'failed'; result: 'applied' | 'exception' | 'ignored'.
 */
export const paymentNotification = pgTable(
  'payment_notification',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').notNull(),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    methodKind: text('method_kind').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    event: text('event').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** 'notify' (the provider called us) | 'query' (we asked the provider). */
    source: text('source').notNull(),
    result: text('result').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notification_txn_uq').on(t.methodKind, t.providerTxnId, t.event)],
);

/**
 * Money that arrived where it could not be applied (a late payment for an expired or cancelled
 * bill, a second payment of a paid bill): never lost, shown to the organiser until resolved.
 */
export const paymentException = pgTable(
  'payment_exception',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    /** 'latePayment' | 'doublePayment'. */
    reason: text('reason').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_exception_conf_idx').on(t.conferenceId, t.resolved)],
);

/** A refund through the provider (or recorded for an offline payment); never deleted. */
export const paymentRefund = pgTable(
  'payment_refund',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').notNull(),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** 'pending' (asked of the provider) | 'done' | 'refused' (the provider said no; nothing was refunded). */
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    actorUserId: text('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_refund_bill_idx').on(t.billId), check('payment_refund_amount_ck', sql`${t.amountMinor} > 0`)],
);

/** Who changed a bill and when, and why (append-only). actor null = the provider or the system. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').notNull(),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_event_bill_idx').on(t.billId)],
);

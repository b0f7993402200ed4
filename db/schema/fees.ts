import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceRegistration } from './registrations';
import { emptyText } from './columns';

/**
 * A registration fee (one is chosen at registration) or an optional fee (banquet, excursion …) of
 * spec §3. Money is integer minor units: `priceMinor` in `currency` is what is charged; the display
 * price and currency are only shown. `used` counts the places held by available orders and moves
 * only by the conditional update that enforces `cap`.
 */
export const registrationFee = pgTable(
  'registration_fee',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** 'register' | 'optional'. */
    kind: text('kind').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    category: jsonb('category').$type<LocalizedText>().notNull().default(emptyText),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('CNY'),
    displayCurrency: text('display_currency').notNull().default('CNY'),
    displayPriceMinor: integer('display_price_minor').notNull(),
    /** Offered only to registrants from developing economies (lib/fees/developing-economies.ts). */
    thirdWorldOnly: boolean('third_world_only').notNull().default(false),
    openDate: date('open_date'),
    deadline: date('deadline'),
    isOpen: boolean('is_open').notNull().default(true),
    /** Non-empty: the fee is offered only to those who enter this code. */
    invitationCode: text('invitation_code').notNull().default(''),
    /** 'all' | 'zh' (Chinese site only) | 'en' (English site only). */
    languageScope: text('language_scope').notNull().default('all'),
    /** Null: no cap of its own. */
    cap: integer('cap'),
    used: integer('used').notNull().default(0),
    perAccountMax: integer('per_account_max').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Fees are never deleted once orders may point at them; a removed fee is archived. */
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_fee_conf_idx').on(t.conferenceId, t.kind),
    check('registration_fee_used_ck', sql`${t.used} >= 0 and (${t.cap} is null or ${t.used} <= ${t.cap})`),
    check('registration_fee_price_ck', sql`${t.priceMinor} > 0 and ${t.displayPriceMinor} > 0 and ${t.perAccountMax} >= 1`),
  ],
);

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/**
 * An order of spec §3 (registration, optional, hotel or module). Append-only: it is never deleted;
 * a changed choice or a price change makes it invalid and a new one is written. `payStatus` is the
 * transaction status (unpaid, delay, success, cancelled, expired …); `orderStatus` is available or
 * invalid. Every change is logged in order_event.
 */
export const conferenceOrder = pgTable(
  'conference_order',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    registrationId: integer('registration_id').references(() => conferenceRegistration.id, { onDelete: 'restrict' }),
    /** 'registration' | 'optional' | 'hotel' | 'module'. */
    type: text('type').notNull(),
    feeId: integer('fee_id').references(() => registrationFee.id, { onDelete: 'restrict' }),
    itemName: jsonb('item_name').$type<LocalizedText>().notNull(),
    deadline: date('deadline'),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull().default(1),
    roomQuantity: integer('room_quantity'),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    displayCurrency: text('display_currency').notNull(),
    displayTotalMinor: integer('display_total_minor').notNull(),
    paymentMethod: text('payment_method'),
    payStatus: text('pay_status').notNull().default('unpaid'),
    orderStatus: text('order_status').notNull().default('available'),
    /** Why an order became invalid: 'priceChanged' | 'changed' | 'cancelled'. */
    invalidReason: text('invalid_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the order became payable again after a rejected or cancelled bank transfer: its time to
     * pay (payment settings' order expiry) counts from here instead of createdAt. Null: from createdAt.
     */
    payableSince: timestamp('payable_since', { withTimezone: true }),
    /**
     * When the reminder to pay was queued (lib/orders/pay-reminders.ts): set by the one sweep that
     * claims it, so it goes once per pay-by time (a later one, after payableSince moved, goes again).
     */
    payReminderSentAt: timestamp('pay_reminder_sent_at', { withTimezone: true }),
    businessCode: text('business_code'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conference_order_user_idx').on(t.conferenceId, t.userId),
    index('conference_order_fee_idx').on(t.conferenceId, t.feeId),
    // One available order per fee and account: the per-account maximum is its quantity.
    uniqueIndex('conference_order_one_per_fee_uq')
      .on(t.conferenceId, t.userId, t.feeId)
      .where(sql`${t.orderStatus} = 'available' and ${t.feeId} is not null`),
    check('conference_order_amount_ck', sql`${t.quantity} >= 1 and ${t.totalMinor} >= 0`),
  ],
);

/** Who changed an order and when (append-only). */
export const orderEvent = pgTable(
  'order_event',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => conferenceOrder.id, { onDelete: 'restrict' }),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_event_order_idx').on(t.orderId)],
);

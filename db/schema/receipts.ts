import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { emptyText } from './columns';
import { conference } from './conferences';
import { paymentBill } from './payments';

/**
 * What a conference's receipts name (set in the pay settings, /platform/config/pay): the payee
 * organisation in both languages, its taxpayer id, and the receipt number sequence — the prefix and
 * the next number, which issuing a receipt takes under this row's lock.
 */
export const receiptSettings = pgTable(
  'receipt_settings',
  {
    conferenceId: integer('conference_id')
      .primaryKey()
      .references(() => conference.id, { onDelete: 'cascade' }),
    payeeName: jsonb('payee_name').$type<LocalizedText>().notNull().default(emptyText),
    taxpayerId: text('taxpayer_id').notNull().default(''),
    numberPrefix: text('number_prefix').notNull().default(''),
    nextNumber: integer('next_number').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('receipt_settings_next_ck', sql`${t.nextNumber} >= 1`)],
);

/**
 * A receipt once issued for a paid bill: its number (one per bill, unique in the conference) and
 * the payee it named then. Kept for ever: a receipt downloaded again shows the same number and payee.
 */
export const paymentReceipt = pgTable(
  'payment_receipt',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    billId: integer('bill_id')
      .notNull()
      .references(() => paymentBill.id, { onDelete: 'restrict' }),
    receiptNo: text('receipt_no').notNull(),
    payeeName: jsonb('payee_name').$type<LocalizedText>().notNull(),
    taxpayerId: text('taxpayer_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_receipt_bill_uq').on(t.billId), uniqueIndex('payment_receipt_no_uq').on(t.conferenceId, t.receiptNo)],
);

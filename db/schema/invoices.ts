import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceOrder } from './fees';
import { uploadedFile } from './files';

/**
 * An invoice request of spec §3 for one paid order: at most one per order (the unique index is
 * what holds under concurrent requests). Append-only like orders: never deleted; the amount and
 * currency are copied from the order, never taken from the request. status moves forward only,
 * 'unbilled' → 'toBeInvoiced' → 'invoiced', each move logged in invoice_event.
 */
export const invoiceRequest = pgTable(
  'invoice_request',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => conferenceOrder.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** 'ordinary' (增值税普通发票) | 'special' (增值税专用发票: a company's registered address, phone, bank and account). */
    type: text('type').notNull().default('ordinary'),
    /** 'email' (the organiser attaches the issued electronic invoice) | 'post' (posted, with a tracking number). */
    delivery: text('delivery').notNull(),
    /** 'goodsDetail' (the one content the spec names). */
    content: text('content').notNull().default('goodsDetail'),
    /** 'personal' | 'company'. */
    titleType: text('title_type').notNull(),
    /** The name on the invoice: a person's or a company's. */
    title: text('title').notNull(),
    /** Company invoices only ('' for a personal one), upper-case letters and digits. */
    taxpayerId: text('taxpayer_id').notNull().default(''),
    /** Special invoices only ('' otherwise): the company's registered address and phone, its bank and account. */
    registeredAddress: text('registered_address').notNull().default(''),
    registeredPhone: text('registered_phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    /** Posted invoices: who receives it, their phone and the postal address ('' when sent by email). */
    recipientName: text('recipient_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Where the invoice (by email) or the notice that it was issued (by post) is sent. */
    email: text('email').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    attendees: text('attendees').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** 'unbilled' | 'toBeInvoiced' | 'invoiced'. */
    status: text('status').notNull().default('unbilled'),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The issued electronic invoice (PDF or OFD) the organiser attached, for an email delivery. */
    invoiceFileId: integer('invoice_file_id').references(() => uploadedFile.id, { onDelete: 'restrict' }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** The requester's language, for the mail when the invoice is issued. */
    locale: text('locale').notNull().default('zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('invoice_request_order_uq').on(t.orderId),
    index('invoice_request_conf_idx').on(t.conferenceId, t.status, t.createdAt),
    index('invoice_request_user_idx').on(t.conferenceId, t.userId),
    check('invoice_request_status_ck', sql`${t.status} in ('unbilled', 'toBeInvoiced', 'invoiced')`),
    check('invoice_request_title_type_ck', sql`${t.titleType} in ('personal', 'company')`),
    check('invoice_request_amount_ck', sql`${t.amountMinor} >= 0`),
    check('invoice_request_type_ck', sql`${t.type} in ('ordinary', 'special')`),
    check('invoice_request_delivery_ck', sql`${t.delivery} in ('email', 'post')`),
  ],
);

/** Who moved an invoice request and when, from which status to which (append-only; from null = requested). */
export const invoiceEvent = pgTable(
  'invoice_event',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoiceRequest.id, { onDelete: 'restrict' }),
    actorUserId: text('actor_user_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_event_invoice_idx').on(t.invoiceId)],
);

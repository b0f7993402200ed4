import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { conference } from './conferences';

/**
 * Outbox: a mail row is written in the same transaction as the change that causes it;
 * the worker claims it, sends it once and records the outcome.
 * status: 'pending' → 'sending' → 'sent' | 'failed' (after the last retry); 'held' when no SMTP is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id').references(() => conference.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

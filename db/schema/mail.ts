import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import type { MailAttachmentRef } from '@/lib/mail/attachment-ref';
import { user } from './auth';
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
    /** The bulk send this mail belongs to (null for mail caused by a change). */
    campaignId: integer('campaign_id').references(() => mailCampaign.id, { onDelete: 'set null' }),
    locale: text('locale').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * A file the worker attaches when it sends (lib/mail/attachments.ts): a reference, not the bytes, so a
     * credential such as a ticket's PDF is drawn at send time from the live record and never stored in the outbox.
     */
    attachment: jsonb('attachment').$type<MailAttachmentRef>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_campaign_idx').on(t.campaignId)],
);

/**
 * A conference's own SMTP account (spec §3 email config, /platform/config/email). When `active`, the
 * outbox sends the conference's mail through it; otherwise through the platform's (environment).
 * The password (or authorization code) is encrypted at rest and never sent back to the browser.
 */
export const conferenceMailConfig = pgTable('conference_mail_config', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name').notNull().default(''),
  smtpHost: text('smtp_host').notNull(),
  smtpPort: integer('smtp_port').notNull(),
  ssl: boolean('ssl').notNull().default(true),
  /** The SMTP login; '' means the sender address. */
  username: text('username').notNull().default(''),
  passwordEnc: text('password_enc').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The organiser's wording of one mail template (spec §3: registration, hotel booking, abstract
 * submission, reviewer invitation …): subject and body in zh and en with {placeholders}. No row:
 * the built-in default of emails/templates.ts.
 */
export const mailTemplateOverride = pgTable(
  'mail_template_override',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    subject: jsonb('subject').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.template] })],
);

/**
 * A bulk mail sent by managers to selected registrants, each in the recipient's language; its mails
 * are outbox rows with this campaign's id, so delivered and failed counts are read from the outbox.
 */
export const mailCampaign = pgTable(
  'mail_campaign',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    subject: jsonb('subject').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    recipients: integer('recipients').notNull(),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_campaign_conference_idx').on(t.conferenceId, t.createdAt)],
);

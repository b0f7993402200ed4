import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import type { BadgeSettings } from '@/lib/badges/settings-schema';
import { emptyText } from './columns';
import { conference } from './conferences';
import { conferenceRegistration } from './registrations';

/**
 * Badges and certificates of attendance (issue 24 points 2 and 5). A conference's badge settings (layout, what a badge
 * shows, a colour per registration fee) are one row, validated by lib/badges/settings-schema.ts (the form's schema too).
 */
export const badgeSettings = pgTable('badge_settings', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<BadgeSettings>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a conference's certificates of attendance say: a title and a text per language with placeholders
 * (lib/certificates/settings-schema.ts lists them), who signs, and the stored names of the signature and seal images
 * (private uploads in the `files` area, '' for none).
 */
export const certificateSettings = pgTable('certificate_settings', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  title: jsonb('title').$type<LocalizedText>().notNull().default(emptyText),
  body: jsonb('body').$type<LocalizedText>().notNull().default(emptyText),
  signatory: jsonb('signatory').$type<LocalizedText>().notNull().default(emptyText),
  signatureFile: text('signature_file').notNull().default(''),
  sealFile: text('seal_file').notNull().default(''),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A certificate of attendance issued to one registration: its verification code (80 random bits, stored; the public
 * verification page looks it up) and when its mail was queued. One per registration; `mailedAt` is set by the
 * conditional update that queues the mail, so a bulk issue mails each person once, however many run at once.
 */
export const certificate = pgTable(
  'certificate',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => conferenceRegistration.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificate_registration_uq').on(t.conferenceId, t.registrationId),
    uniqueIndex('certificate_code_uq').on(t.code),
    index('certificate_unmailed_idx')
      .on(t.conferenceId)
      .where(sql`${t.mailedAt} is null`),
  ],
);

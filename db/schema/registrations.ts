import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';

/** One choice of a radio, checkbox, select or multi-select field. */
export type FieldOption = { value: string; label: LocalizedText };
import { user } from './auth';
import { conference } from './conferences';

/** One participant's registration for one conference. */
export const conferenceRegistration = pgTable(
  'conference_registration',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    version: text('version').notNull().default('default'),
    status: text('status').notNull().default('registered'),
    /** The form's answers by field key: text, or a list for check boxes and multi-selects. */
    answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conference_registration_user_uq').on(t.conferenceId, t.userId),
    unique('conference_registration_code_uq').on(t.conferenceId, t.code),
    index('conference_registration_created_idx').on(t.conferenceId, t.createdAt),
  ],
);

/**
 * The registration form of one rule version: the 15 common items (switchable) and custom items.
 * A conference without rows uses the built-in defaults (lib/registration/fields.ts).
 */
export const registrationField = pgTable(
  'registration_field',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    version: text('version').notNull().default('default'),
    fieldKey: text('field_key').notNull(),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    options: jsonb('options').$type<FieldOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('registration_field_key_uq').on(t.conferenceId, t.version, t.fieldKey), index('registration_field_conf_idx').on(t.conferenceId, t.version)],
);

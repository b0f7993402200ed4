import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
    /** The registrant's language (the one they registered in): bulk mail reaches them in it. */
    locale: text('locale').notNull().default('zh'),
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
  (t) => [
    unique('registration_field_key_uq').on(t.conferenceId, t.version, t.fieldKey),
    index('registration_field_conf_idx').on(t.conferenceId, t.version),
  ],
);

/**
 * A registration rule version of spec §3 ('default' and more): its window, rule type, fee setting,
 * cap and code prefix, with a description in both languages. The version in use is
 * registration_config.rule_version; its values are the live ones (registration_config and the
 * conference's registerFlag/registerNum), written together by lib/registration/rule-versions.ts.
 */
export const registrationRule = pgTable(
  'registration_rule',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    ruleType: text('rule_type').notNull().default('REGISTER_FIRST_AND_PAY_LATER'),
    costsSet: boolean('costs_set').notNull().default(false),
    registerFlag: boolean('register_flag').notNull().default(false),
    registerNum: integer('register_num').notNull().default(1000),
    codePrefix: text('code_prefix').notNull().default(''),
    description: jsonb('description')
      .$type<LocalizedText>()
      .notNull()
      .default(sql`'{"zh":"","en":""}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('registration_rule_version_uq').on(t.conferenceId, t.version)],
);

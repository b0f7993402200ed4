import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { emptyText } from './columns';

export const conference = pgTable(
  'conference',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    title2: jsonb('title2').$type<LocalizedText>().notNull().default(emptyText),
    title3: jsonb('title3').$type<LocalizedText>().notNull().default(emptyText),
    shortTitle: jsonb('short_title').$type<LocalizedText>().notNull(),
    city: jsonb('city').$type<LocalizedText>().notNull().default(emptyText),
    address: jsonb('address').$type<LocalizedText>().notNull().default(emptyText),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** 1 = Chinese only, 2 = English only, 3 = bilingual. */
    languageType: smallint('language_type').notNull().default(3),
    /** '1' not published, '2' awaiting platform review, '3' closed, '4' published. */
    status: text('status').notNull().default('1'),
    registerModuleEnabled: boolean('register_module_enabled').notNull().default(true),
    /** When true, registerNum caps the registrants; when false the default cap (1000) applies. */
    registerFlag: boolean('register_flag').notNull().default(false),
    registerNum: integer('register_num').notNull().default(1000),
    /** Registrations held now; moved only by the conditional update that enforces the cap. */
    registeredCount: integer('registered_count').notNull().default(0),
    /** Last registration sequence number handed out (never reused, for registration codes). */
    registrationSeq: integer('registration_seq').notNull().default(0),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    recordNumber: text('record_number').notNull().default(''),
    /** The organising department (spec §3 website config). */
    department: jsonb('department').$type<LocalizedText>().notNull().default(emptyText),
    /** A code of lib/conferences/disciplines.ts ('' = not set). */
    discipline: text('discipline').notNull().default(''),
    /** The stored name of the banner image (public area of the uploads), '' for none. */
    banner: text('banner').notNull().default(''),
    /** Contact people shown on the site: name in both languages, phone, email. */
    /** The content page shown on the home page (spec §3 website config "home page"), null for none. */
    homePageId: integer('home_page_id'),
    contacts: jsonb('contacts').$type<{ name: LocalizedText; phone: string; email: string }[]>().notNull().default([]),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conference_single_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** Host names that select a conference (besides `<slug>.localhost` in development). */
export const conferenceDomain = pgTable(
  'conference_domain',
  {
    domain: text('domain').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** 'pending' until a platform administrator approves it ('approved') or not ('rejected'); only an approved domain selects the conference. */
    status: text('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [index('conference_domain_conference_idx').on(t.conferenceId)],
);

/** Conference roles: 'manager' (conferenceManage) and 'reviewer' (conferenceReview). */
export const conferenceMember = pgTable(
  'conference_member',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId, t.role] }), index('conference_member_user_idx').on(t.userId)],
);

/** Basic registration config of spec §3 (instructions, window, rule, costs). */
export const registrationConfig = pgTable('registration_config', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  instructions: jsonb('instructions').$type<LocalizedText>().notNull().default(emptyText),
  startDate: date('start_date'),
  endDate: date('end_date'),
  ruleVersion: text('rule_version').notNull().default('default'),
  /** Charged (true) or free (false). */
  costsSet: boolean('costs_set').notNull().default(false),
  /** REGISTER_FIRST_AND_PAY_LATER | SUBMIT_FIRST_AND_PAY_LATER | PAY_FIRST_AND_SUBMIT_LATER. */
  ruleType: text('rule_type').notNull().default('REGISTER_FIRST_AND_PAY_LATER'),
  /** Registration codes start with this; empty = the conference's slug in capitals and a dash. */
  codePrefix: text('code_prefix').notNull().default(''),
  /** ISO 3166 codes offered in the country field; empty = every country. */
  countryOptions: jsonb('country_options').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request to publish a conference, and the platform administrator's decision on it
 * (status 'pending' → 'approved' | 'rejected', with a reason when rejected). Kept as the history.
 */
export const publicationRequest = pgTable(
  'publication_request',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    /** The requester's language, for the decision mail. */
    locale: text('locale').notNull().default('zh'),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('publication_request_status_idx').on(t.status, t.createdAt),
    uniqueIndex('publication_request_one_pending_uq')
      .on(t.conferenceId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every change of a conference's status: who, when, from what to what, and why. */
export const conferenceStatusEvent = pgTable(
  'conference_status_event',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conference_status_event_conf_idx').on(t.conferenceId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceOrder } from './fees';
import { uploadedFile } from './files';
import { emptyText } from './columns';
import { SCORE_KEYS, type ReviewScores, type ScoreScale } from '../../lib/review/scores';

/** One choice of a report type or category list: a stable value and its label in both languages. */
export type SubmissionChoice = { value: string; label: LocalizedText };

/**
 * The call for papers of one conference (spec §2 /platform/config/contribute). New submissions are
 * taken from openDate to firstDeadline; changes and resubmissions ("second submission") until
 * secondDeadline. `cap` limits the submissions that count (not withdrawn); `used` is that count,
 * moved only by an atomic conditional update (lib/submissions). feeMinor > 0 makes each submission
 * carry an order of type 'submission' paid through lib/payments.
 */
export const submissionConfig = pgTable(
  'submission_config',
  {
    conferenceId: integer('conference_id')
      .primaryKey()
      .references(() => conference.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    notice: jsonb('notice').$type<LocalizedText>().notNull().default(emptyText),
    openDate: date('open_date'),
    firstDeadline: date('first_deadline'),
    secondDeadline: date('second_deadline'),
    /** Most submissions in the conference (0 = no limit) and per account (0 = no limit). */
    cap: integer('cap').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(0),
    used: integer('used').notNull().default(0),
    reportTypes: jsonb('report_types').$type<SubmissionChoice[]>().notNull().default([]),
    categories: jsonb('categories').$type<SubmissionChoice[]>().notNull().default([]),
    keywordsMin: integer('keywords_min').notNull().default(1),
    keywordsMax: integer('keywords_max').notNull().default(8),
    abstractMaxChars: integer('abstract_max_chars').notNull().default(3000),
    // A new call made in the app requires both files (ZCallConfig's defaults, spec §5); the service
    // always writes these two, so the column defaults only serve rows planted directly.
    abstractFileRequired: boolean('abstract_file_required').notNull().default(false),
    /** Extensions without the dot, e.g. ['pdf', 'docx']. */
    abstractFileTypes: jsonb('abstract_file_types').$type<string[]>().notNull().default(['pdf', 'doc', 'docx']),
    abstractFileMaxMb: integer('abstract_file_max_mb').notNull().default(10),
    fullTextRequired: boolean('full_text_required').notNull().default(false),
    fullTextTypes: jsonb('full_text_types').$type<string[]>().notNull().default(['pdf', 'doc', 'docx']),
    fullTextMaxMb: integer('full_text_max_mb').notNull().default(20),
    feeMinor: integer('fee_minor').notNull().default(0),
    feeCurrency: text('fee_currency').notNull().default('CNY'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('submission_config_cap_ck', sql`${t.cap} >= 0 and ${t.perUserLimit} >= 0 and ${t.used} >= 0 and ${t.feeMinor} >= 0`),
    check('submission_config_used_ck', sql`${t.cap} = 0 or ${t.used} <= ${t.cap}`),
  ],
);

/** A session/theme of the call, as a tree (parentId), with a code prefix and an order. */
export const submissionSession = pgTable(
  'submission_session',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    prefix: text('prefix').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('submission_session_conf_idx').on(t.conferenceId, t.parentId)],
);

/**
 * A submission (spec §3). status: 'waiting' (waiting for allocation) | 'assigned' | 'modify' (need to
 * modify) | 'resubmitted' | 'accepted' | 'rejected' | 'withdrawn'. `version` counts the author's
 * versions (each kept in submission_version). The decision is the chair's; authors see it and the final
 * opinion only once `releasedAt` is set.
 */
export const submission = pgTable(
  'submission',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    sessionId: integer('session_id').references(() => submissionSession.id, { onDelete: 'set null' }),
    reportType: text('report_type').notNull().default(''),
    category: text('category').notNull().default(''),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    abstract: text('abstract').notNull().default(''),
    abstractFileId: integer('abstract_file_id').references(() => uploadedFile.id, { onDelete: 'set null' }),
    fullTextFileId: integer('full_text_file_id').references(() => uploadedFile.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('waiting'),
    version: integer('version').notNull().default(1),
    /** The chair's decision ('accepted' | 'rejected' | 'modify') and opinions. */
    decision: text('decision'),
    chairOpinion: text('chair_opinion').notNull().default(''),
    finalOpinion: text('final_opinion').notNull().default(''),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The language the author used when submitting: their result mails are written in it. */
    locale: text('locale').notNull().default('zh'),
    /** The submission fee's order, when the call charges one. */
    orderId: integer('order_id').references(() => conferenceOrder.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('submission_code_uq').on(t.conferenceId, t.code),
    index('submission_user_idx').on(t.conferenceId, t.userId),
    index('submission_status_idx').on(t.conferenceId, t.status),
    index('submission_session_idx').on(t.conferenceId, t.sessionId),
  ],
);

/** An author of a submission, in order; at least one is the corresponding author. */
export const submissionAuthor = pgTable(
  'submission_author',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submission.id, { onDelete: 'cascade' }),
    /** Given name and surname. */
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    company: text('company').notNull().default(''),
    corresponding: boolean('corresponding').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('submission_author_sub_idx').on(t.submissionId, t.sortOrder),
    index('submission_author_email_idx').on(t.conferenceId, t.email),
  ],
);

/** Each version an author handed in (the first and every resubmission), as it was. */
export type SubmissionSnapshot = {
  title: string;
  sessionId: number | null;
  reportType: string;
  category: string;
  keywords: string[];
  abstract: string;
  abstractFileId: number | null;
  fullTextFileId: number | null;
  authors: Array<{
    name: string;
    surname: string;
    email: string;
    phone: string;
    country: string;
    company: string;
    corresponding: boolean;
  }>;
};

export const submissionVersion = pgTable(
  'submission_version',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submission.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<SubmissionSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('submission_version_uq').on(t.submissionId, t.version)],
);

/** Who changed a submission and when (append-only). */
export const submissionEvent = pgTable(
  'submission_event',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submission.id, { onDelete: 'cascade' }),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_event_sub_idx').on(t.submissionId, t.at)],
);

/**
 * A reviewer of one conference (spec §3 reviewer and invitation). Invited by email with a single-use
 * key (only its SHA-256 is stored; cleared when used); `active` once activated through /review/active/:key,
 * which links the account (`userId`) and grants the conference_member 'reviewer' role.
 * role: 'reviewer' | 'chair'. sessionIds: the sessions the reviewer covers (empty = all).
 */
export const reviewer = pgTable(
  'reviewer',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    organization: text('organization').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    direction: text('direction').notNull().default(''),
    role: text('role').notNull().default('reviewer'),
    /** The language of the reviewer's mails: the invitation's, then the one they activated in. */
    locale: text('locale').notNull().default('zh'),
    sessionIds: jsonb('session_ids').$type<number[]>().notNull().default([]),
    active: boolean('active').notNull().default(false),
    keyHash: text('key_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviewer_email_uq').on(t.conferenceId, sql`lower(${t.email})`),
    uniqueIndex('reviewer_key_uq').on(t.keyHash),
    index('reviewer_user_idx').on(t.userId),
  ],
);

/** The five review scores (spec §3), each within its scale: db-free, in lib/review/scores.ts. */
export { SCORE_KEYS, type ReviewScores, type ScoreScale };

/** The review rules of one conference (spec §2 /platform/config/review). */
export const reviewConfig = pgTable('review_config', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  /** Each rule ≤ 100 characters in each language. */
  rules: jsonb('rules').$type<LocalizedText[]>().notNull().default([]),
  /** Blind review: reviewers see no author names, emails or organisations. */
  blind: boolean('blind').notNull().default(true),
  scales: jsonb('scales')
    .$type<Record<(typeof SCORE_KEYS)[number], ScoreScale>>()
    .notNull()
    .default(
      sql`'{"overall":{"min":1,"max":10},"relevance":{"min":1,"max":5},"englishLevel":{"min":1,"max":5},"originality":{"min":1,"max":5},"recommend":{"min":1,"max":5}}'::jsonb`,
    ),
  /** How many reviewers the automatic assignment gives each submission. */
  reviewersPerSubmission: integer('reviewers_per_submission').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A conflict of interest a reviewer or manager declared: the reviewer never reviews that submission. */
export const reviewConflict = pgTable(
  'review_conflict',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => reviewer.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submission.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    declaredBy: text('declared_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('review_conflict_uq').on(t.reviewerId, t.submissionId)],
);

/**
 * A submission version assigned to a reviewer, and the review once written. status: 'assigned' |
 * 'submitted' (scores and opinion final: a conditional update from 'assigned', so only once) |
 * 'cancelled' (taken back before a review).
 */
export const reviewAssignment = pgTable(
  'review_assignment',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submission.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => reviewer.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    status: text('status').notNull().default('assigned'),
    scores: jsonb('scores').$type<ReviewScores>(),
    opinion: text('opinion').notNull().default(''),
    assignedBy: text('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_assignment_uq')
      .on(t.submissionId, t.reviewerId, t.version)
      .where(sql`${t.status} <> 'cancelled'`),
    index('review_assignment_reviewer_idx').on(t.conferenceId, t.reviewerId, t.status),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { conference } from './conferences';
import { emptyText } from './columns';
import { uploadedFile } from './files';
import { submission, submissionSession } from './submissions';

/**
 * The programme (issue 23): the organiser's draft — days, rooms, sessions and their contributions — edited in
 * `/platform/programme`, and the numbered versions published from it (`programme_version`, each a frozen
 * `ProgrammeSnapshot`). The public programme, the calendars and the book of abstracts read the latest version, never
 * the draft. Times are instants (timestamptz) shown in the conference's time zone.
 */

/** Session types (issue 23 point 1). */
export const PROGRAMME_SESSION_TYPES = ['plenary', 'parallel', 'poster', 'workshop', 'break', 'social'] as const;
export type ProgrammeSessionType = (typeof PROGRAMME_SESSION_TYPES)[number];

/** Contribution kinds: from an accepted submission, or added by hand. */
export const PROGRAMME_CONTRIBUTION_KINDS = ['submission', 'keynote', 'invited', 'panel', 'other'] as const;
export type ProgrammeContributionKind = (typeof PROGRAMME_CONTRIBUTION_KINDS)[number];

/** A presenter's answer to their slot: not yet, will present, withdrawn. */
export const PRESENTER_STATES = ['pending', 'confirmed', 'withdrawn'] as const;
export type PresenterState = (typeof PRESENTER_STATES)[number];

/** A person typed by the organiser (a session chair, a keynote speaker, a panellist). */
export type ProgrammePerson = { name: LocalizedText; affiliation: LocalizedText; email: string };

/** Programme settings of a conference. */
export const programmeConfig = pgTable('programme_config', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  /** Presenters' slides and posters appear on the contribution's public page. */
  showSlides: boolean('show_slides').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day of the programme (a date in the conference's zone) with an optional title ("Day 1 — Plenary"). */
export const programmeDay = pgTable(
  'programme_day',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull().default(emptyText),
  },
  (t) => [unique('programme_day_uq').on(t.conferenceId, t.day)],
);

/** A room; `sortOrder` is its column in the timetable. */
export const programmeRoom = pgTable(
  'programme_room',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    capacity: integer('capacity'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('programme_room_conf_idx').on(t.conferenceId),
    check('programme_room_capacity_ck', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

/**
 * A session or block. Unplaced while `startsAt` is null (it waits beside the grid); placed, it runs from `startsAt`
 * for `durationMinutes` in `roomId` (null: every room, as a break or a plenary spanning the grid). `themeId` is the
 * call's theme it was filled from.
 */
export const programmeSession = pgTable(
  'programme_session',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default(emptyText),
    type: text('type').$type<ProgrammeSessionType>().notNull(),
    roomId: integer('room_id').references(() => programmeRoom.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull(),
    chairs: jsonb('chairs').$type<ProgrammePerson[]>().notNull().default([]),
    themeId: integer('theme_id').references(() => submissionSession.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('programme_session_conf_idx').on(t.conferenceId, t.startsAt),
    check('programme_session_type_ck', sql`${t.type} in ('plenary', 'parallel', 'poster', 'workshop', 'break', 'social')`),
    check('programme_session_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
  ],
);

/**
 * A contribution: a talk or poster in a session (`sessionId` null: not yet placed). Linked to an accepted submission
 * (`submissionId`; title, authors, abstract and files are read from it, so they follow its last version) or added by
 * hand (`kind` keynote/invited/panel/other with `title`, `speakers`, `abstract`). Within a session contributions run
 * in `sortOrder`, each `durationMinutes` long, from the session's start unless `startsAt` pins it. `presenterAuthor`
 * is the index of the presenting author among the submission's authors (null: the first corresponding author).
 */
export const programmeContribution = pgTable(
  'programme_contribution',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => programmeSession.id, { onDelete: 'set null' }),
    submissionId: integer('submission_id').references(() => submission.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<ProgrammeContributionKind>().notNull(),
    /** The programme code shown and used in addresses (`/programme/<code>`): letters, digits, '-' and '_'. */
    code: text('code').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull().default(emptyText),
    abstract: jsonb('abstract').$type<LocalizedText>().notNull().default(emptyText),
    speakers: jsonb('speakers').$type<ProgrammePerson[]>().notNull().default([]),
    presenterAuthor: integer('presenter_author'),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(15),
    /** Posters' board number ('' for none). */
    boardNumber: text('board_number').notNull().default(''),
    presenterState: text('presenter_state').$type<PresenterState>().notNull().default('pending'),
    presenterAnsweredAt: timestamp('presenter_answered_at', { withTimezone: true }),
    /** The presenter's slides or poster (PDF, PPTX). */
    slidesFileId: integer('slides_file_id').references(() => uploadedFile.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('programme_contribution_code_uq').on(t.conferenceId, t.code),
    uniqueIndex('programme_contribution_submission_uq')
      .on(t.conferenceId, t.submissionId)
      .where(sql`${t.submissionId} is not null`),
    index('programme_contribution_session_idx').on(t.conferenceId, t.sessionId, t.sortOrder),
    check('programme_contribution_kind_ck', sql`${t.kind} in ('submission', 'keynote', 'invited', 'panel', 'other')`),
    check('programme_contribution_link_ck', sql`(${t.kind} = 'submission') = (${t.submissionId} is not null)`),
    check('programme_contribution_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
    check('programme_contribution_presenter_ck', sql`${t.presenterState} in ('pending', 'confirmed', 'withdrawn')`),
  ],
);

/** One person of a published contribution, names already formatted for display. */
export type ProgrammeSnapshotAuthor = {
  name: string;
  /** Numbers into the contribution's `affiliations` (1-based), as in a book of abstracts. */
  affiliations: number[];
  presenter: boolean;
  corresponding: boolean;
};

export type ProgrammeSnapshotContribution = {
  id: number;
  code: string;
  kind: ProgrammeContributionKind;
  /** Submissions have one title and abstract in the author's language: zh and en then hold the same text. */
  title: LocalizedText;
  abstract: LocalizedText;
  keywords: string[];
  authors: ProgrammeSnapshotAuthor[];
  affiliations: string[];
  /** Instants, ISO 8601 with offset. */
  startsAt: string;
  endsAt: string;
  boardNumber: string;
  submissionId: number | null;
  /** The presenter's account email when known (mails about a changed slot), '' when none. */
  presenterEmail: string;
  presenterLocale: 'zh' | 'en';
};

export type ProgrammeSnapshotSession = {
  id: number;
  title: LocalizedText;
  description: LocalizedText;
  type: ProgrammeSessionType;
  /** null: all rooms. */
  roomId: number | null;
  startsAt: string;
  endsAt: string;
  chairs: ProgrammePerson[];
  themeId: number | null;
  theme: LocalizedText | null;
  contributions: ProgrammeSnapshotContribution[];
};

/** What a published version froze: only placed sessions, in time order; each day a date in `timeZone`. */
export type ProgrammeSnapshot = {
  timeZone: string;
  days: Array<{ date: string; title: LocalizedText }>;
  rooms: Array<{ id: number; name: LocalizedText; capacity: number | null }>;
  sessions: ProgrammeSnapshotSession[];
};

/** What changed for one contribution since the previous version. */
export type ProgrammeChange = {
  contributionId: number;
  code: string;
  title: LocalizedText;
  changes: Array<'added' | 'removed' | 'time' | 'room' | 'session'>;
};

/**
 * A published version (append-only). `number` counts from 1 per conference; `changes` lists what changed since
 * version `number - 1`. The book of abstracts is built after publishing, in the background: `bookState` 'pending' |
 * 'ready' | 'failed', its files in `bookZhFileId` / `bookEnFileId`.
 */
export const programmeVersion = pgTable(
  'programme_version',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<ProgrammeSnapshot>().notNull(),
    changes: jsonb('changes').$type<ProgrammeChange[]>().notNull().default([]),
    publishedBy: text('published_by').references(() => user.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    bookState: text('book_state').notNull().default('pending'),
    bookZhFileId: integer('book_zh_file_id').references(() => uploadedFile.id, { onDelete: 'set null' }),
    bookEnFileId: integer('book_en_file_id').references(() => uploadedFile.id, { onDelete: 'set null' }),
    /**
     * While a server process builds the book, its claim (lib/programme/book/book-sweep.ts): no other process takes the
     * version before this time; a claim left by a crashed process expires and the version is taken again.
     */
    bookClaimedUntil: timestamp('book_claimed_until', { withTimezone: true }),
  },
  (t) => [
    unique('programme_version_uq').on(t.conferenceId, t.number),
    check('programme_version_book_ck', sql`${t.bookState} in ('pending', 'ready', 'failed')`),
  ],
);

/** A participant's starred contribution ("my agenda"); by contribution id, which versions keep. */
export const programmeStar = pgTable(
  'programme_star',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => programmeContribution.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId, t.contributionId] })],
);

/**
 * The secret address of a participant's "my agenda" calendar feed: only the SHA-256 of the token is kept; a new
 * token replaces (revokes) the old one.
 */
export const programmeFeed = pgTable(
  'programme_feed',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId] }), uniqueIndex('programme_feed_token_uq').on(t.tokenHash)],
);

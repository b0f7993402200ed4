import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { user } from './auth';
import { emptyText } from './columns';
import { conference } from './conferences';
import { feedbackTypes } from '../../lib/feedback/feedback-types';

/** An attached file: the stored name and the name it was uploaded under. */
export type AttachedFile = { name: string; oriName: string; size: number; mime: string };

/**
 * Feedback a participant sends (spec §3): title, name, email, phone, type, content, an optional
 * file; the email was proven by a code. status 'open' until an organiser replies, then 'replied'.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    type: text('type').notNull(),
    content: text('content').notNull(),
    file: jsonb('file').$type<AttachedFile | null>(),
    locale: text('locale').notNull().default('zh'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_conference_idx').on(t.conferenceId, t.createdAt), index('feedback_user_idx').on(t.conferenceId, t.userId)],
);

/** An organiser's reply to a feedback; the sender sees it in feedBackDetails (unread until opened). */
export const feedbackReply = pgTable(
  'feedback_reply',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_reply_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/**
 * A notice organisers publish to the conference's registrants (/profile/notice), in zh and en.
 * Unpublished notices (publishedAt null) are drafts only organisers see.
 */
export const notice = pgTable(
  'notice',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull().default(emptyText),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notice_conference_idx').on(t.conferenceId, t.publishedAt)],
);

/** Which notices an account has opened (the unread mark is the absence of a row). */
export const noticeRead = pgTable(
  'notice_read',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/**
 * Material organisers offer in /profile/download (slides, programme, templates). audience: 'all'
 * (anyone signed in), 'registrants' (registered for the conference) or 'paid' (with a paid
 * registration order).
 */
export const downloadMaterial = pgTable(
  'download_material',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default(emptyText),
    audience: text('audience').notNull().default('registrants'),
    file: jsonb('file').$type<AttachedFile>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('download_material_conference_idx').on(t.conferenceId, t.sortOrder)],
);

export { feedbackTypes };
export const downloadAudiences = ['all', 'registrants', 'paid'] as const;

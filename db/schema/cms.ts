import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { conference } from './conferences';

const emptyText = sql`'{"zh":"","en":""}'::jsonb`;

/**
 * A content page of a conference's website (spec §2 /page/:pageId, §3 page): a name and rich-text
 * content in zh and en, a mobile flag with the related mobile page, and its publication.
 */
export const cmsPage = pgTable(
  'cms_page',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull().default(emptyText),
    isMobile: boolean('is_mobile').notNull().default(false),
    /** The page shown instead on a phone (a page of the same conference with isMobile). */
    mobilePageId: integer('mobile_page_id'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cms_page_conf_idx').on(t.conferenceId, t.published)],
);

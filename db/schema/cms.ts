import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { conference } from './conferences';
import { emptyText } from './columns';

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

/**
 * A page template (spec §3): bilingual HTML with placeholders ({{title}}, {{content}} …, see
 * lib/cms/templates.ts), a stylesheet of up to 1024 KB, the kind of page it lays out, a mobile flag
 * with the related mobile template, and whether it is the default for its kind.
 */
export const pageTemplate = pgTable(
  'page_template',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** 'home' lays out the home page, 'page' a content page. */
    type: text('type').$type<'home' | 'page'>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull().default(emptyText),
    css: text('css').notNull().default(''),
    isMobile: boolean('is_mobile').notNull().default(false),
    /** The template used instead on a phone (a mobile template of the same kind and conference). */
    mobileTemplateId: integer('mobile_template_id'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('page_template_conf_idx').on(t.conferenceId),
    uniqueIndex('page_template_one_default_idx')
      .on(t.conferenceId, t.type, t.isMobile)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * An appearance (spec §3 "exterior"): a name, a thumbnail and the templates of the home page and of
 * content pages. At most one per conference is active; the active one cannot be deleted.
 */
export const appearance = pgTable(
  'appearance',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Stored name of the thumbnail (public uploads), '' for none. */
    thumbnail: text('thumbnail').notNull().default(''),
    homeTemplateId: integer('home_template_id').references(() => pageTemplate.id, { onDelete: 'restrict' }),
    pageTemplateId: integer('page_template_id').references(() => pageTemplate.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appearance_conf_idx').on(t.conferenceId),
    uniqueIndex('appearance_one_active_idx')
      .on(t.conferenceId)
      .where(sql`${t.active}`),
  ],
);

import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/localized';
import { cmsPage } from './cms';
import { conference } from './conferences';

/**
 * A menu item of a conference's website (spec §3 menu): zh and en titles, a parent (a tree of two
 * levels), an icon, an order, whether it opens a new window, and the published page it leads to
 * (or an address of its own).
 */
export const menuItem = pgTable(
  'menu_item',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    icon: text('icon').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    newWindow: boolean('new_window').notNull().default(false),
    pageId: integer('page_id').references(() => cmsPage.id, { onDelete: 'set null' }),
    /** An address of the site ('/conferenceRegister') or outside it, when no page is linked. */
    href: text('href').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menu_item_conf_idx').on(t.conferenceId, t.parentId, t.sortOrder)],
);

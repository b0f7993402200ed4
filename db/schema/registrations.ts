import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conference_registration_user_uq').on(t.conferenceId, t.userId),
    unique('conference_registration_code_uq').on(t.conferenceId, t.code),
    index('conference_registration_created_idx').on(t.conferenceId, t.createdAt),
  ],
);

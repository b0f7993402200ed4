import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceRegistration } from './registrations';

/**
 * A file a participant uploaded for a form's file item. It lands in the temporary area
 * ('temp'), and moves to the conference's files when the form that names it is saved
 * ('attached'); temporary files nobody attached are removed after a day.
 */
export const uploadedFile = pgTable(
  'uploaded_file',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The stored name (random, with the original extension); unique across the installation. */
    name: text('name').notNull().unique(),
    originalName: text('original_name').notNull(),
    field: text('field').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('temp'),
    registrationId: integer('registration_id').references(() => conferenceRegistration.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_file_owner_idx').on(t.conferenceId, t.userId), index('uploaded_file_status_idx').on(t.status, t.createdAt)],
);

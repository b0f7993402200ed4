import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';
import { registrationFee } from './fees';
import { conferenceRegistration } from './registrations';
import { ticket } from './tickets';

/**
 * A check-in list (issue 24): the conference door ('door', one per conference, made when first needed) or one per
 * optional fee the organiser marks as needing check-in ('fee': a banquet, a workshop), open only to those who bought
 * that fee. Unmarking a fee closes its list (closedAt) and keeps its check-ins.
 */
export const checkinList = pgTable(
  'checkin_list',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    feeId: integer('fee_id').references(() => registrationFee.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('checkin_list_kind_ck', sql`(${t.kind} = 'door' and ${t.feeId} is null) or (${t.kind} = 'fee' and ${t.feeId} is not null)`),
    uniqueIndex('checkin_list_door_uq')
      .on(t.conferenceId)
      .where(sql`${t.kind} = 'door'`),
    uniqueIndex('checkin_list_fee_uq').on(t.conferenceId, t.feeId),
  ],
);

/**
 * One check-in of a registration on a list. Never deleted: an undo stamps undoneAt/undoneBy, and a later check-in is a
 * new row. At most one active (not undone) row per list and registration: the partial unique index decides a race
 * between two devices. clientId is the scanning device's id for the scan (offline queue): a replay of the same id
 * finds the same row instead of writing another.
 */
export const checkin = pgTable(
  'checkin',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinList.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => conferenceRegistration.id, { onDelete: 'cascade' }),
    /** The ticket scanned; null when found by search. */
    ticketId: integer('ticket_id').references(() => ticket.id, { onDelete: 'set null' }),
    /** 'scan' or 'search'. */
    method: text('method').notNull(),
    clientId: text('client_id'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the device saw the scan (an offline scan is sent later); null when sent at once. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => user.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('checkin_active_uq')
      .on(t.listId, t.registrationId)
      .where(sql`${t.undoneAt} is null`),
    uniqueIndex('checkin_client_uq').on(t.conferenceId, t.clientId),
    index('checkin_conference_time_idx').on(t.conferenceId, t.checkedInAt),
    index('checkin_registration_idx').on(t.registrationId),
  ],
);

/**
 * A conference's check-in settings, one row per conference (absent: every setting off). contactSearch: the door's
 * search also matches registrants' email addresses and phone numbers, and then shows the one that matched; off, the
 * door searches only what it shows (names, registration number, organisation).
 */
export const checkinConfig = pgTable('checkin_config', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conference.id, { onDelete: 'cascade' }),
  contactSearch: boolean('contact_search').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

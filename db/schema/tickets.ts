import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conference } from './conferences';
import { conferenceRegistration } from './registrations';

/**
 * A registrant's entry ticket (issue 24): one row per issue. The QR code holds a signed token naming the row and its
 * random nonce (lib/tickets/token.ts), never personal data. A reissue revokes the live row and writes the next
 * generation, so an old token is refused as superseded; rows are never deleted. At most one live (unrevoked) row per
 * registration.
 */
export const ticket = pgTable(
  'ticket',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => conferenceRegistration.id, { onDelete: 'cascade' }),
    /** 1 for the first ticket, +1 on each reissue. */
    generation: integer('generation').notNull().default(1),
    /** 16 random bytes, base64url: what makes the token unguessable. */
    nonce: text('nonce').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a reissue replaced this ticket. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who reissued it (a manager); null for the system. */
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('ticket_live_uq')
      .on(t.conferenceId, t.registrationId)
      .where(sql`${t.revokedAt} is null`),
    uniqueIndex('ticket_generation_uq').on(t.conferenceId, t.registrationId, t.generation),
    index('ticket_registration_idx').on(t.registrationId),
  ],
);

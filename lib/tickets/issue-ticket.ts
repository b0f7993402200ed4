import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceRegistration, ticket } from '@/db/schema';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { AppError } from '@/lib/http/app-error';
import { localized } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { findTicketHolder, type TicketHolderContact } from './holder';
import { newTicketNonce, signTicketToken } from './token';

type Scope = { conferenceId: number; registrationId: number };
export type Ticket = typeof ticket.$inferSelect;
export type IssuedTicket = { ticket: Ticket; token: string; holder: TicketHolderContact };

/** The registration's live ticket (not revoked), if it has one. */
export async function liveTicket(db: Executor, { conferenceId, registrationId }: Scope): Promise<Ticket | null> {
  const [row] = await db
    .select()
    .from(ticket)
    .where(and(eq(ticket.conferenceId, conferenceId), eq(ticket.registrationId, registrationId), isNull(ticket.revokedAt)));
  return row ?? null;
}

/** Where the participant downloads their ticket (after signing in), for the mail. */
export function ticketPdfPath(): string {
  return '/api/conference/ticket/pdf';
}

/**
 * The ticket mail, in the registrant's language, in the caller's transaction (platform SMTP: MAIL_KINDS), with the
 * ticket's PDF attached when it is sent (./ticket-attachment.ts).
 */
async function queueTicketMail(tx: Executor, conferenceId: number, holder: TicketHolderContact) {
  const origin = await siteOrigin(tx, conferenceId);
  await enqueueMail(tx, {
    conferenceId,
    to: holder.email,
    template: 'ticketIssued',
    locale: holder.locale,
    vars: {
      conference: localized(holder.conferenceTitle, holder.locale),
      name: holder.name,
      code: holder.code,
      link: `${origin}${ticketPdfPath()}`,
    },
    attachment: { kind: 'ticket', conferenceId, registrationId: holder.registrationId },
  });
}

/** Inserts the next generation's live ticket unless one is live already (the partial unique index decides). */
async function insertLive(tx: Executor, { conferenceId, registrationId }: Scope): Promise<boolean> {
  const rows = await tx
    .insert(ticket)
    .values({
      conferenceId,
      registrationId,
      nonce: newTicketNonce(),
      generation: sql`(select coalesce(max(t.generation), 0) + 1 from ${ticket} t where t.conference_id = ${conferenceId} and t.registration_id = ${registrationId})`,
    })
    .onConflictDoNothing()
    .returning({ id: ticket.id });
  return rows.length > 0;
}

/**
 * The registration's ticket, issued when it is first needed: a complete registration (paid, or free) gets one live
 * ticket, and the first issue queues the ticket mail in the same transaction. Idempotent: a second call, or two at
 * once, find the same live ticket. Null when the registration is not complete (unpaid, cancelled, refunded) or is
 * not this conference's. Called after a payment settles (lib/payments/apply-event.ts), when an organiser adds a
 * registrant, and on reading the participant's profile.
 */
export async function issueTicket(db: Executor, scope: Scope): Promise<IssuedTicket | null> {
  return db.transaction(async (tx) => {
    const holder = await findTicketHolder(tx, scope);
    if (!holder?.complete) return null;
    if (await insertLive(tx, scope)) await queueTicketMail(tx, scope.conferenceId, holder);
    const live = await liveTicket(tx, scope);
    if (!live) return null;
    return { ticket: live, token: tokenOf(live), holder };
  });
}

export function tokenOf(row: Ticket): string {
  return signTicketToken({ conferenceId: row.conferenceId, ticketId: row.id, nonce: row.nonce });
}

/**
 * A manager reissues a registration's ticket (lost phone, a forwarded QR code): the live ticket is revoked and the
 * next generation issued and mailed, in one transaction, so the old token is refused as superseded from then on.
 */
export async function reissueTicket(db: Executor, scope: Scope & { actorUserId: string }): Promise<IssuedTicket> {
  return db.transaction(async (tx) => {
    const holder = await findTicketHolder(tx, scope);
    if (!holder) throw new AppError('REGISTRANT_NOT_FOUND');
    if (!holder.complete) throw new AppError('TICKET_NOT_FOUND');
    await tx
      .update(ticket)
      .set({ revokedAt: new Date(), revokedBy: scope.actorUserId })
      .where(and(eq(ticket.conferenceId, scope.conferenceId), eq(ticket.registrationId, scope.registrationId), isNull(ticket.revokedAt)));
    await insertLive(tx, scope);
    await queueTicketMail(tx, scope.conferenceId, holder);
    const live = await liveTicket(tx, scope);
    if (!live) throw new AppError('TICKET_NOT_FOUND');
    return { ticket: live, token: tokenOf(live), holder };
  });
}

/** The ticket of an account's registration at this conference (after a payment: the bill names the account). */
export async function issueTicketForAccount(
  db: Executor,
  { conferenceId, userId }: { conferenceId: number; userId: string },
): Promise<IssuedTicket | null> {
  const [registration] = await db
    .select({ id: conferenceRegistration.id })
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.userId, userId)));
  return registration ? issueTicket(db, { conferenceId, registrationId: registration.id }) : null;
}

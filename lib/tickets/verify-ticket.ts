import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ticket } from '@/db/schema';
import { findTicketHolder, type TicketHolder } from './holder';
import { readTicketToken } from './token';

/**
 * Why the door refuses a token:
 * - forged: not a token of ours (no ticket payload, or a signature that is not ours on a ticket we never issued);
 * - altered: a token naming one of this conference's real tickets whose signature does not match (edited);
 * - other-conference: a genuine ticket of another conference;
 * - superseded: a genuine ticket that was reissued (the old token);
 * - cancelled: a genuine, current ticket whose registration is no longer complete (cancelled, refunded, unpaid).
 */
export type TicketRefusal = 'forged' | 'altered' | 'superseded' | 'cancelled' | 'other-conference';

export type TicketVerdict =
  { ok: true; ticketId: number; generation: number; holder: Omit<TicketHolder, 'complete'> } | { ok: false; reason: TicketRefusal };

/**
 * Checks a scanned token at this conference's door: the signature first (HMAC, constant time), then the conference,
 * then the ticket row (still the live one?), then the registration as it is now. Every query names the conference.
 */
export async function verifyTicketToken(db: Executor, conferenceId: number, token: string): Promise<TicketVerdict> {
  const { claim, signed } = readTicketToken(token);
  if (!signed || !claim) {
    if (!claim || claim.conferenceId !== conferenceId) return { ok: false, reason: 'forged' };
    const [named] = await db
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(eq(ticket.conferenceId, conferenceId), eq(ticket.id, claim.ticketId)));
    return { ok: false, reason: named ? 'altered' : 'forged' };
  }
  if (claim.conferenceId !== conferenceId) return { ok: false, reason: 'other-conference' };
  const [row] = await db
    .select()
    .from(ticket)
    .where(and(eq(ticket.conferenceId, conferenceId), eq(ticket.id, claim.ticketId)));
  // Signed by us for a row that is gone (its conference or registration was deleted): not a ticket any more.
  if (!row) return { ok: false, reason: 'cancelled' };
  if (row.nonce !== claim.nonce) return { ok: false, reason: 'forged' };
  if (row.revokedAt) return { ok: false, reason: 'superseded' };
  const holder = await findTicketHolder(db, { conferenceId, registrationId: row.registrationId });
  if (!holder?.complete) return { ok: false, reason: 'cancelled' };
  return {
    ok: true,
    ticketId: row.id,
    generation: row.generation,
    holder: {
      registrationId: holder.registrationId,
      code: holder.code,
      name: holder.name,
      organisation: holder.organisation,
      feeCategory: holder.feeCategory,
      payment: holder.payment,
    },
  };
}

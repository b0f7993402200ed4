import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { checkin } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { verifyTicketToken } from '@/lib/tickets/verify-ticket';
import { findAttendee, type Attendee } from './attendee';
import { openCheckinList, type CheckinList } from './lists';
import { clampScannedAt } from './offline-queue';

type Scope = { conferenceId: number; listId: number };

/**
 * What a scan or a tap comes to:
 * - checked-in: this call (or, replayed, an earlier call with the same client id) checked the registrant in;
 * - already: someone else's check-in stands on this list (attendee.checkedIn says when and by whom);
 * - undone: this client id's check-in was made and later undone;
 * - refused: the ticket is not a valid ticket of this conference ('invalid-ticket': one answer, no person shown,
 *   whether it was forged, altered, superseded, cancelled or another conference's, so the door learns nothing of
 *   which ticket ids exist; the reason is logged), or the registrant is not on this list (unpaid, cancelled, did not
 *   buy the fee: shown with their state).
 */
export type CheckinOutcome =
  | { result: 'checked-in'; replayed: boolean; attendee: Attendee }
  | { result: 'already'; attendee: Attendee }
  | { result: 'undone'; attendee: Attendee }
  | { result: 'refused'; reason: 'invalid-ticket'; attendee: null }
  | { result: 'refused'; reason: 'not-on-list'; attendee: Attendee };

type Resolved = { list: CheckinList; attendee: Attendee; ticketId: number | null } | { refused: 'invalid-ticket' };

/** The list, and the registrant a token (HMAC-checked, live, complete) or a registration id names on it. */
async function resolve(
  db: Executor,
  { conferenceId, listId, token, registrationId }: Scope & { token?: string; registrationId?: number },
): Promise<Resolved> {
  const list = await openCheckinList(db, { conferenceId, listId });
  let ticketId: number | null = null;
  let id = registrationId;
  if (token !== undefined) {
    const verdict = await verifyTicketToken(db, conferenceId, token);
    if (!verdict.ok) {
      // For the operators only: the door is told the same for every invalid ticket.
      console.info('[checkin] ticket refused', JSON.stringify({ conferenceId, listId, reason: verdict.reason }));
      return { refused: 'invalid-ticket' };
    }
    ticketId = verdict.ticketId;
    id = verdict.holder.registrationId;
  }
  const attendee = id === undefined ? null : await findAttendee(db, conferenceId, list, id);
  if (!attendee) throw new AppError('REGISTRANT_NOT_FOUND');
  return { list, attendee, ticketId };
}

/** A scanned ticket as the door sees it on a list, before the tap that checks in (nothing is written). */
export async function scanTicket(
  db: Executor,
  input: Scope & { token: string },
): Promise<CheckinOutcome | { result: 'found'; attendee: Attendee }> {
  const found = await resolve(db, input);
  if ('refused' in found) return { result: 'refused', reason: found.refused, attendee: null };
  return { result: 'found', attendee: found.attendee };
}

/**
 * Checks a registrant in on a list. The partial unique index on active check-ins (list, registration) decides a race:
 * of any number of devices tapping at once exactly one insert lands, the others find its row and are told who was
 * first. The client id makes a replay (the offline queue sending again) find its own row instead of writing another.
 * The phone's scan time is kept within the offline queue's reach of the server's clock (clampScannedAt).
 */
export async function checkIn(
  db: Executor,
  input: Scope & { actorUserId: string; clientId: string; token?: string; registrationId?: number; scannedAt?: Date },
): Promise<CheckinOutcome> {
  const found = await resolve(db, input);
  if ('refused' in found) return { result: 'refused', reason: found.refused, attendee: null };
  const { list, attendee, ticketId } = found;
  const [mine] = await db
    .select({ id: checkin.id, undoneAt: checkin.undoneAt, listId: checkin.listId, registrationId: checkin.registrationId })
    .from(checkin)
    .where(and(eq(checkin.conferenceId, input.conferenceId), eq(checkin.clientId, input.clientId)));
  if (mine && (mine.listId !== list.id || mine.registrationId !== attendee.registrationId)) throw new AppError('CHECKIN_CLIENT_ID_REUSED');
  if (mine) return mine.undoneAt ? { result: 'undone', attendee } : { result: 'checked-in', replayed: true, attendee };
  if (!attendee.onList) return { result: 'refused', reason: 'not-on-list', attendee };
  const inserted = await db
    .insert(checkin)
    .values({
      conferenceId: input.conferenceId,
      listId: list.id,
      registrationId: attendee.registrationId,
      ticketId,
      method: input.token !== undefined ? 'scan' : 'search',
      clientId: input.clientId,
      scannedAt: input.scannedAt ? clampScannedAt(input.scannedAt, new Date()) : null,
      checkedInBy: input.actorUserId,
    })
    .onConflictDoNothing()
    .returning({ id: checkin.id });
  const now = (await findAttendee(db, input.conferenceId, list, attendee.registrationId)) ?? attendee;
  if (inserted.length > 0) return { result: 'checked-in', replayed: false, attendee: now };
  // Lost the race: either another device's check-in stands, or this very client id landed meanwhile (a replay racing itself).
  const [same] = await db
    .select({ undoneAt: checkin.undoneAt })
    .from(checkin)
    .where(and(eq(checkin.conferenceId, input.conferenceId), eq(checkin.clientId, input.clientId)));
  if (same) return same.undoneAt ? { result: 'undone', attendee: now } : { result: 'checked-in', replayed: true, attendee: now };
  return { result: 'already', attendee: now };
}

/** Undoes the active check-in of a registrant on a list: stamped with who and when, never deleted. */
export async function undoCheckIn(
  db: Executor,
  input: Scope & { registrationId: number; actorUserId: string },
): Promise<{ attendee: Attendee }> {
  const list = await openCheckinList(db, input);
  const rows = await db
    .update(checkin)
    .set({ undoneAt: new Date(), undoneBy: input.actorUserId })
    .where(
      and(
        eq(checkin.conferenceId, input.conferenceId),
        eq(checkin.listId, list.id),
        eq(checkin.registrationId, input.registrationId),
        isNull(checkin.undoneAt),
      ),
    )
    .returning({ id: checkin.id });
  if (rows.length === 0) throw new AppError('CHECKIN_NOT_ACTIVE');
  const attendee = await findAttendee(db, input.conferenceId, list, input.registrationId);
  if (!attendee) throw new AppError('REGISTRANT_NOT_FOUND');
  return { attendee };
}

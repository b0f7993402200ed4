import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { checkinList, registrationFee } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';

export type CheckinList = { id: number; kind: 'door' | 'fee'; feeId: number | null; title: LocalizedText | null };
type Scope = { conferenceId: number };

/** The conference's door list, made the first time it is needed (the unique partial index keeps it one). */
export async function ensureDoorList(db: Executor, { conferenceId }: Scope): Promise<number> {
  await db.insert(checkinList).values({ conferenceId, kind: 'door' }).onConflictDoNothing();
  const [row] = await db
    .select({ id: checkinList.id })
    .from(checkinList)
    .where(and(eq(checkinList.conferenceId, conferenceId), eq(checkinList.kind, 'door')));
  return row.id;
}

/** The open lists of a conference: the door first, then each optional fee marked as needing check-in. */
export async function openCheckinLists(db: Executor, scope: Scope): Promise<CheckinList[]> {
  await ensureDoorList(db, scope);
  return listsWhere(db, scope);
}

async function listsWhere(db: Executor, scope: Scope, listId?: number): Promise<CheckinList[]> {
  const rows = await db
    .select({ id: checkinList.id, kind: checkinList.kind, feeId: checkinList.feeId, title: registrationFee.title })
    .from(checkinList)
    .leftJoin(registrationFee, and(eq(registrationFee.id, checkinList.feeId), eq(registrationFee.conferenceId, scope.conferenceId)))
    .where(
      and(eq(checkinList.conferenceId, scope.conferenceId), isNull(checkinList.closedAt), listId ? eq(checkinList.id, listId) : undefined),
    )
    .orderBy(sql`${checkinList.kind} = 'door' desc`, asc(registrationFee.sortOrder), asc(checkinList.id));
  return rows.map((r) => ({ ...r, kind: r.kind === 'door' ? 'door' : 'fee' }));
}

/** One open list of this conference, or CHECKIN_LIST_NOT_FOUND (another conference's id, a closed list); writes nothing. */
export async function openCheckinList(db: Executor, { conferenceId, listId }: Scope & { listId: number }): Promise<CheckinList> {
  const [list] = await listsWhere(db, { conferenceId }, listId);
  if (!list) throw new AppError('CHECKIN_LIST_NOT_FOUND');
  return list;
}

/** The optional fees of the conference and whether each has an open check-in list: the organiser's switches. */
export async function feeListSwitches(db: Executor, { conferenceId }: Scope) {
  return db
    .select({
      feeId: registrationFee.id,
      title: registrationFee.title,
      enabled: sql<boolean>`exists (select 1 from ${checkinList} l where l.conference_id = ${conferenceId} and l.fee_id = ${registrationFee.id} and l.closed_at is null)`,
    })
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.kind, 'optional'), eq(registrationFee.archived, false)))
    .orderBy(asc(registrationFee.sortOrder), asc(registrationFee.id));
}

/**
 * Marks an optional fee as needing check-in (opens its list, or reopens it with its check-ins) or not (closes it;
 * its check-ins are kept).
 */
export async function setFeeCheckinList(db: Executor, { conferenceId, feeId, enabled }: Scope & { feeId: number; enabled: boolean }) {
  const [fee] = await db
    .select({ id: registrationFee.id })
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.id, feeId), eq(registrationFee.kind, 'optional')));
  if (!fee) throw new AppError('FEE_NOT_FOUND');
  if (enabled) {
    await db
      .insert(checkinList)
      .values({ conferenceId, kind: 'fee', feeId })
      .onConflictDoUpdate({ target: [checkinList.conferenceId, checkinList.feeId], set: { closedAt: null } });
  } else {
    await db
      .update(checkinList)
      .set({ closedAt: new Date() })
      .where(and(eq(checkinList.conferenceId, conferenceId), eq(checkinList.feeId, feeId), isNull(checkinList.closedAt)));
  }
  return { feeId, enabled };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { checkin, checkinList } from '@/db/schema';

/** An active (not undone) check-in at the conference door. */
export type DoorCheckIn = { id: number; checkedInAt: Date; checkedInBy: string | null };

/**
 * Whether this registration was checked in at this conference's door and the check-in still stands (not undone):
 * what certificates of attendance ask. Null when it was not, or when the id is another conference's.
 */
export async function doorCheckIn(
  db: Executor,
  { conferenceId, registrationId }: { conferenceId: number; registrationId: number },
): Promise<DoorCheckIn | null> {
  const [row] = await db
    .select({ id: checkin.id, checkedInAt: checkin.checkedInAt, checkedInBy: checkin.checkedInBy })
    .from(checkin)
    .innerJoin(checkinList, and(eq(checkinList.id, checkin.listId), eq(checkinList.conferenceId, conferenceId)))
    .where(
      and(
        eq(checkin.conferenceId, conferenceId),
        eq(checkin.registrationId, registrationId),
        eq(checkinList.kind, 'door'),
        isNull(checkin.undoneAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

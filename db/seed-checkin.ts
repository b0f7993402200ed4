import { and, asc, eq } from 'drizzle-orm';
import { setFeeCheckinList, ensureDoorList } from '@/lib/onsite/lists';
import { CHECKIN_ROLE } from '@/lib/onsite/staff';
import type { DB } from './client';
import { conferenceMember, registrationFee } from './schema';

/**
 * The demo's door (issue 24): the check-in staff account on the demo conference, its door list and a list for the
 * banquet. Idempotent.
 */
export async function seedDemoCheckin(db: DB, conferenceId: number, staffUserId: string): Promise<void> {
  await db.insert(conferenceMember).values({ conferenceId, userId: staffUserId, role: CHECKIN_ROLE }).onConflictDoNothing();
  await ensureDoorList(db, { conferenceId });
  const [banquet] = await db
    .select({ id: registrationFee.id })
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, conferenceId), eq(registrationFee.kind, 'optional')))
    .orderBy(asc(registrationFee.sortOrder))
    .limit(1);
  if (banquet) await setFeeCheckinList(db, { conferenceId, feeId: banquet.id, enabled: true });
}

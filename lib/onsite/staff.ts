import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceMember, user } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';

/** The conference role of check-in staff: the door's screen and nothing else of the admin area. */
export const CHECKIN_ROLE = 'checkin';

type Scope = { conferenceId: number };
export type CheckinStaff = { userId: string; name: string; email: string; since: Date };

/** This conference's check-in staff, by email. */
export async function listCheckinStaff(db: Executor, { conferenceId }: Scope): Promise<CheckinStaff[]> {
  return db
    .select({ userId: user.id, name: user.name, email: user.email, since: conferenceMember.createdAt })
    .from(conferenceMember)
    .innerJoin(user, eq(user.id, conferenceMember.userId))
    .where(and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.role, CHECKIN_ROLE)))
    .orderBy(asc(user.email));
}

/**
 * A manager makes an existing account check-in staff of their conference (the person signs up first). Granting it
 * twice is harmless.
 */
export async function grantCheckinStaff(db: Executor, { conferenceId, email }: Scope & { email: string }): Promise<CheckinStaff> {
  const [account] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
  if (!account) throw new AppError('CHECKIN_STAFF_NO_ACCOUNT');
  await db.insert(conferenceMember).values({ conferenceId, userId: account.id, role: CHECKIN_ROLE }).onConflictDoNothing();
  const [row] = (await listCheckinStaff(db, { conferenceId })).filter((s) => s.userId === account.id);
  return row;
}

/** Takes the role back; their past check-ins stay attributed to them. */
export async function revokeCheckinStaff(db: Executor, { conferenceId, userId }: Scope & { userId: string }) {
  const rows = await db
    .delete(conferenceMember)
    .where(
      and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.userId, userId), eq(conferenceMember.role, CHECKIN_ROLE)),
    )
    .returning({ userId: conferenceMember.userId });
  if (rows.length === 0) throw new AppError('CHECKIN_STAFF_NOT_FOUND');
  return { userId };
}

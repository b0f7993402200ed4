import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceMember, conferenceRegistration, platformAdmin } from '@/db/schema';

/** checkin: the conference's check-in staff, confined to /platform/checkin (issue 24). */
export type Roles = { platformAdmin: boolean; manager: boolean; reviewer: boolean; checkin: boolean };

/** The stored roles of one account in one conference (spec: allUsers.conferenceManage / conferenceReview). */
export async function rolesFor(db: Executor, userId: string, conferenceId: number): Promise<Roles> {
  const [admins, members] = await Promise.all([
    db.select({ userId: platformAdmin.userId }).from(platformAdmin).where(eq(platformAdmin.userId, userId)),
    db
      .select({ role: conferenceMember.role })
      .from(conferenceMember)
      .where(and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.userId, userId))),
  ]);
  const roles = new Set(members.map((m) => m.role));
  return {
    platformAdmin: admins.length > 0,
    manager: roles.has('manager'),
    reviewer: roles.has('reviewer'),
    checkin: roles.has('checkin'),
  };
}

export async function isRegistered(db: Executor, conferenceId: number, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: conferenceRegistration.id })
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

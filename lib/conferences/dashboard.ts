import { and, count, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceDomain, conferenceMember, mailOutbox, user } from '@/db/schema';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { registrationCounts } from '@/lib/registration/register-participant';
import { registrationWindow } from './website-config';

/** What the manager sees first in /platform: status, registrants against the cap, window, people, mail. */
export async function conferenceDashboard(db: DB, conference: Conference) {
  const [counts, window, members, domains, mail] = await Promise.all([
    registrationCounts(db, conference.id),
    registrationWindow(db, conference),
    db
      .select({ role: conferenceMember.role, name: user.name, email: user.email })
      .from(conferenceMember)
      .innerJoin(user, eq(user.id, conferenceMember.userId))
      .where(eq(conferenceMember.conferenceId, conference.id))
      .orderBy(conferenceMember.role, user.email),
    db.select({ domain: conferenceDomain.domain }).from(conferenceDomain).where(eq(conferenceDomain.conferenceId, conference.id)),
    db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, conference.id)))
      .groupBy(mailOutbox.status),
  ]);
  return {
    registrants: counts.registeredCount,
    cap: counts.cap,
    window,
    managers: members.filter((m) => m.role === 'manager'),
    reviewers: members.filter((m) => m.role === 'reviewer'),
    domains: domains.map((d) => d.domain),
    mail: Object.fromEntries(mail.map((m) => [m.status, m.n])) as Record<string, number>,
  };
}

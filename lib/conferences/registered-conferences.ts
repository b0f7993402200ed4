import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceDomain, conferenceRegistration } from '@/db/schema';

/** The conferences an account registered for (its "My conferences" as a participant), newest registration first, with the number and a domain of each. */
export async function registeredConferences(db: Executor, userId: string) {
  return db
    .select({
      id: conference.id,
      slug: conference.slug,
      title: conference.title,
      code: conferenceRegistration.code,
      domain: sql<
        string | null
      >`(select d.domain from ${conferenceDomain} d where d.conference_id = ${conference.id} and d.status = 'approved' order by d.domain limit 1)`,
    })
    .from(conferenceRegistration)
    .innerJoin(conference, eq(conference.id, conferenceRegistration.conferenceId))
    .where(eq(conferenceRegistration.userId, userId))
    .orderBy(desc(conferenceRegistration.createdAt), desc(conferenceRegistration.id));
}

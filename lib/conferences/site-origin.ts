import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { siteUrl } from './site-url';

/** The platform's own host (and port), from its public URL, for `<slug>.localhost` links in development. */
function platformHost(): string {
  try {
    return new URL(process.env.BETTER_AUTH_URL ?? '').host;
  } catch {
    return `localhost:${process.env.PORT ?? 3000}`;
  }
}

/**
 * Where a conference's website answers, for links in mails written without a request (the sweeps):
 * its first approved domain, else `<slug>.localhost` on the platform's port.
 */
export async function siteOrigin(db: Executor, conferenceId: number): Promise<string> {
  const [row] = await db.select({ slug: conference.slug }).from(conference).where(eq(conference.id, conferenceId));
  const domains = await db
    .select({ domain: conferenceDomain.domain })
    .from(conferenceDomain)
    .where(and(eq(conferenceDomain.conferenceId, conferenceId), eq(conferenceDomain.status, 'approved')))
    .orderBy(asc(conferenceDomain.domain));
  return siteUrl(
    row?.slug ?? '',
    domains.map((d) => d.domain),
    platformHost(),
  );
}

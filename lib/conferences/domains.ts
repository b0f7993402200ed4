import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { forgetConferenceCache, isPlatformHost } from '@/lib/tenancy/resolve-conference';

/**
 * Conference domains. A manager may ask for any host name that no other conference holds and that
 * is not the platform's own (PLATFORM_HOSTS, loopback, `*.localhost`); it selects the conference
 * only once a platform administrator has approved it (console → review), so nobody can take over
 * a host by typing it in.
 */
export type DomainStatus = 'pending' | 'approved' | 'rejected';

/** Replaces a conference's domains: kept ones keep their state, new ones wait for approval. Run in a transaction. */
export async function replaceDomains(tx: Executor, conferenceId: number, domains: string[]): Promise<void> {
  for (const domain of domains) if (isPlatformHost(domain)) throw new AppError('DOMAIN_RESERVED');
  await tx
    .delete(conferenceDomain)
    .where(
      domains.length
        ? and(eq(conferenceDomain.conferenceId, conferenceId), notInArray(conferenceDomain.domain, domains))
        : eq(conferenceDomain.conferenceId, conferenceId),
    );
  const kept = domains.length
    ? await tx
        .select({ domain: conferenceDomain.domain })
        .from(conferenceDomain)
        .where(and(eq(conferenceDomain.conferenceId, conferenceId), inArray(conferenceDomain.domain, domains)))
    : [];
  const fresh = domains.filter((d) => !kept.some((k) => k.domain === d));
  // A domain another conference holds (in any state) is a unique violation: DOMAIN_TAKEN.
  if (fresh.length) await tx.insert(conferenceDomain).values(fresh.map((domain) => ({ domain, conferenceId, status: 'pending' })));
}

/** A conference's domains with their state, for its website settings. */
export async function domainsOf(db: Executor, conferenceId: number) {
  return db
    .select({ domain: conferenceDomain.domain, status: conferenceDomain.status })
    .from(conferenceDomain)
    .where(eq(conferenceDomain.conferenceId, conferenceId))
    .orderBy(asc(conferenceDomain.domain)) as Promise<{ domain: string; status: DomainStatus }[]>;
}

/** Domains waiting for a platform administrator, oldest first. */
export async function pendingDomains(db: Executor) {
  return db
    .select({
      domain: conferenceDomain.domain,
      requestedAt: conferenceDomain.requestedAt,
      conferenceId: conference.id,
      slug: conference.slug,
      title: conference.title,
      timeZone: conference.timeZone,
    })
    .from(conferenceDomain)
    .innerJoin(conference, eq(conference.id, conferenceDomain.conferenceId))
    .where(eq(conferenceDomain.status, 'pending'))
    .orderBy(asc(conferenceDomain.requestedAt), asc(conferenceDomain.domain));
}

/** Approves or rejects a pending domain; an approved one selects its conference at once. */
export async function decideDomain(db: Executor, input: { domain: string; approve: boolean; adminId: string }): Promise<void> {
  const [row] = await db
    .update(conferenceDomain)
    .set({ status: input.approve ? 'approved' : 'rejected', decidedAt: new Date(), decidedBy: input.adminId })
    .where(and(eq(conferenceDomain.domain, input.domain), eq(conferenceDomain.status, 'pending')))
    .returning({ domain: conferenceDomain.domain });
  if (!row) throw new AppError('DOMAIN_NOT_PENDING');
  forgetConferenceCache();
}

import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { broadcast, onInvalidate } from '@/lib/server/invalidation';
import { isDefaultHost, normaliseHost, slugOfPlatformSubdomain } from './hosts';

export type Conference = typeof conference.$inferSelect;

export { isDefaultHost, isPlatformHost, normaliseHost } from './hosts';

/**
 * The request's host selects the conference: the platform's own hosts first (`<slug>.localhost` in
 * development, `<slug>.<platform host>` in deployment, the default conference for a bare loopback or platform host), then an approved
 * domain; a domain can never stand in for a platform host.
 */
export async function findConferenceByHost(db: Executor, rawHost: string | null | undefined): Promise<Conference | null> {
  const host = normaliseHost(rawHost);
  if (!host) return null;
  const slug = slugOfPlatformSubdomain(host);
  if (slug !== null) {
    const [bySlug] = await db.select().from(conference).where(eq(conference.slug, slug)).limit(1);
    return bySlug ?? null;
  }
  if (isDefaultHost(host)) {
    const [byDefault] = await db.select().from(conference).where(eq(conference.isDefault, true)).limit(1);
    return byDefault ?? null;
  }
  const [byDomain] = await db
    .select({ conference })
    .from(conferenceDomain)
    .innerJoin(conference, eq(conference.id, conferenceDomain.conferenceId))
    .where(and(eq(conferenceDomain.domain, host), eq(conferenceDomain.status, 'approved')))
    .limit(1);
  return byDomain?.conference ?? null;
}

type CacheEntry = { at: number; value: Promise<Conference | null> };
const cacheKey = Symbol.for('confhub.conferenceByHost');
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

function hostCache(): Map<string, CacheEntry> {
  const g = globalThis as typeof globalThis & { [cacheKey]?: Map<string, CacheEntry> };
  g[cacheKey] ??= new Map();
  return g[cacheKey];
}

/** The host lookup with a short per-process cache; call forgetConferenceCache() after changing a conference. */
export function cachedConferenceByHost(db: Executor, host: string | null | undefined): Promise<Conference | null> {
  const key = normaliseHost(host);
  const cache = hostCache();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = findConferenceByHost(db, key);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), value });
  // Only hosts that serve a conference stay cached: random Host headers cannot grow the map.
  value.then(
    (found) => found ?? cache.delete(key),
    () => cache.delete(key),
  );
  return value;
}

onInvalidate('conferences', () => hostCache().clear());

/** After a conference changed: drops the host lookups here and on the other server processes. */
export function forgetConferenceCache(): void {
  hostCache().clear();
  broadcast('conferences');
}

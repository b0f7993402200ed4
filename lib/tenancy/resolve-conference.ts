import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { broadcast, onInvalidate } from '@/lib/server/invalidation';

export type Conference = typeof conference.$inferSelect;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function normaliseHost(host: string | null | undefined): string {
  if (!host) return '';
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '');
}

/** Hosts that serve the default conference: loopback, plus PLATFORM_HOSTS (comma-separated) in deployment. */
export function isDefaultHost(host: string): boolean {
  if (LOOPBACK_HOSTS.has(host)) return true;
  const extra = (process.env.PLATFORM_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase());
  return extra.includes(host);
}

/** Hosts the platform itself answers (default hosts, `*.localhost`, IP addresses): never a conference's domain. */
export function isPlatformHost(rawHost: string): boolean {
  const host = normaliseHost(rawHost);
  if (isDefaultHost(host) || host === 'localhost' || host.endsWith('.localhost')) return true;
  return /^[\d.]+$/.test(host) || host.startsWith('[') || host.includes(':');
}

/**
 * The request's host selects the conference: the platform's own hosts first (`<slug>.localhost` in
 * development, the default conference for a bare loopback or platform host), then an approved
 * domain; a domain can never stand in for a platform host.
 */
export async function findConferenceByHost(db: Executor, rawHost: string | null | undefined): Promise<Conference | null> {
  const host = normaliseHost(rawHost);
  if (!host) return null;
  if (host.endsWith('.localhost')) {
    const slug = host.slice(0, -'.localhost'.length).split('.').pop() ?? '';
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

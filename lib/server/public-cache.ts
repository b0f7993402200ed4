/**
 * The anonymous HTML cache in front of Next.js (scripts/serve.ts).
 *
 * A visitor without a session asking for a public page (`/`, `/page/:id`, `/programme`,
 * `/programme/<code>`, in zh or en) gets the bytes the app rendered last for the same host,
 * address, language cookie, phone-or-not and compression, for up to TTL_MS. The address is the page's canonical one
 * (lib/server/public-pages.ts): parameters the page does not read are no part of it. While a page nobody has asked
 * for yet is being rendered, the others asking for it wait for that render (up to SHARED_WAIT_MS) instead of
 * rendering it too. When an entry is older than TTL_MS, one request renders it again
 * while the others keep getting the previous bytes. Any organiser's or platform administrator's
 * change (lib/http/route.ts) drops every entry at once, and a render that began before such a
 * change is never stored, so what visitors see after a change is the change.
 *
 * Kept per process; with several server processes on PostgreSQL a purge is announced to the others
 * (lib/server/invalidation.ts), which drop theirs too.
 */
import { LOCALE_COOKIE } from '@/lib/auth/cookies';
import { isMobileAgent } from '@/lib/http/user-agent';
import { broadcast, onInvalidate } from './invalidation';
import { publicPageUrl } from './public-pages';

export const PUBLIC_CACHE_TTL_MS = Number(process.env.PUBLIC_CACHE_TTL_MS ?? 10_000);
const MAX_ENTRIES = 2_000;
/**
 * The bytes all entries may hold together (PUBLIC_CACHE_MAX_MB, 256): the programme's filters and search make many
 * distinct pages of up to a few megabytes each, so the entry count alone does not bound the memory. The oldest
 * stored go first; a page larger than an eighth of it is not kept.
 */
const MAX_BYTES = (Number(process.env.PUBLIC_CACHE_MAX_MB) > 0 ? Number(process.env.PUBLIC_CACHE_MAX_MB) : 256) * 1024 * 1024;
/** How long a request waits for another's render of the same page before it renders the page itself. */
export const SHARED_WAIT_MS = 10_000;
const LOCALE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})`);
/** Headers a stored response must not carry over: they belong to one connection. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** A stored 200 answer. */
export type CachedResponse = {
  /** The answer's headers, with its length and `x-confhub-cache: hit`, as Node's flat list: a hit is written as it is. */
  rawHeaders: string[];
  body: Buffer;
  storedAt: number;
};

type Entry = { response: CachedResponse; refreshing: boolean };

type RequestLike = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

/** A render under way for a key nothing is stored under yet, and the requests waiting for it. */
type Pending = { settled: Promise<void>; settle: () => void };

type State = { entries: Map<string, Entry>; pending: Map<string, Pending>; generation: number };
const stateKey = Symbol.for('confhub.publicHtmlCache');

/** One store per process, shared by the server and the route handlers Next.js loads in its own bundles. */
function state(): State {
  const g = globalThis as typeof globalThis & { [stateKey]?: State };
  g[stateKey] ??= { entries: new Map(), pending: new Map(), generation: 0 };
  // A bundle built from an older copy of this file may have made the store first.
  g[stateKey].pending ??= new Map();
  return g[stateKey];
}

function header(req: RequestLike, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * Only the language cookie may come with a cached request: any other cookie (a session, a stale
 * one, whatever a future sign-in adds) sends the request to the app, uncached.
 */
function onlyLanguageCookie(cookie: string): boolean {
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=')[0].trim();
    return name === '' || name === LOCALE_COOKIE;
  });
}

/**
 * The cache key of a request, or null when it must go to the app: not a GET, not a public page or a
 * parameter the proxy acts on (publicPageUrl), any credential (a cookie other than the language one,
 * an Authorization header), a client-side navigation or server action (RSC / Next-* headers). A request that sent a
 * credential is never served from the cache, and its answer is never stored. The key holds the page's canonical
 * address, which scripts/serve.ts then hands to Next.js in place of the one asked for.
 */
export function publicCacheKey(req: RequestLike): string | null {
  if (req.method !== 'GET') return null;
  const url = publicPageUrl(req.url ?? '');
  if (url === null) return null;
  const cookie = header(req, 'cookie');
  if (!onlyLanguageCookie(cookie) || req.headers['authorization'] !== undefined) return null;
  if (
    header(req, 'rsc') ||
    header(req, 'next-action') ||
    header(req, 'next-router-state-tree') ||
    header(req, 'next-router-prefetch') ||
    header(req, 'next-router-segment-prefetch')
  )
    return null;
  const host = header(req, 'host').toLowerCase();
  const locale = LOCALE_VALUE.exec(cookie)?.[1] ?? '-';
  const gzip = /\bgzip\b/.test(header(req, 'accept-encoding')) ? 'gz' : 'id';
  const phone = isMobileAgent(header(req, 'user-agent')) ? 'm' : 'd';
  return `${host}|${url}|${locale}|${gzip}|${phone}`;
}

export type Lookup =
  | { kind: 'hit'; response: CachedResponse }
  /** Serve it, but this request is the one that renders afresh. */
  | { kind: 'miss'; generation: number }
  /** Another request is rendering this page: look again once it settled (stored or not). */
  | { kind: 'wait'; settled: Promise<void> };

/**
 * A fresh entry is a hit; a stale one is a hit for everybody but the first request after it went stale. Without an
 * entry the first request renders and the others wait for it; `shared: false` (a request that waited long enough
 * already) renders alongside instead of waiting again.
 */
export function lookup(key: string, now = Date.now(), options: { shared?: boolean } = {}): Lookup {
  const { entries, pending, generation } = state();
  const entry = entries.get(key);
  if (!entry) {
    const underway = pending.get(key);
    if (underway && options.shared !== false) return { kind: 'wait', settled: underway.settled };
    if (!underway) {
      let settle = () => {};
      const settled = new Promise<void>((resolve) => (settle = resolve));
      pending.set(key, { settled, settle });
    }
    return { kind: 'miss', generation };
  }
  if (now - entry.response.storedAt < PUBLIC_CACHE_TTL_MS || entry.refreshing) return { kind: 'hit', response: entry.response };
  entry.refreshing = true;
  return { kind: 'miss', generation };
}

/** Only a complete 200 text/html answer without cookies is kept, and only if nothing changed while it was rendered. */
export function store(
  key: string,
  generation: number,
  response: { status: number; headers: Record<string, unknown>; body: Buffer },
): boolean {
  const s = state();
  settlePending(key);
  const existing = s.entries.get(key);
  const contentType = String(response.headers['content-type'] ?? '');
  const cacheable =
    response.status === 200 &&
    !response.headers['set-cookie'] &&
    contentType.startsWith('text/html') &&
    generation === s.generation &&
    response.body.length <= MAX_BYTES / 8;
  if (!cacheable) {
    if (existing) s.entries.delete(key);
    return false;
  }
  const rawHeaders: string[] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || HOP_HEADERS.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) rawHeaders.push(name, String(one));
  }
  rawHeaders.push('content-length', String(response.body.length), 'x-confhub-cache', 'hit');
  s.entries.delete(key);
  s.entries.set(key, { response: { rawHeaders, body: response.body, storedAt: Date.now() }, refreshing: false });
  // Counted afresh (a few thousand additions at most): no running total to drift from what the map holds.
  let bytes = storedBytes(s);
  while (s.entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
    const oldest = s.entries.keys().next().value!;
    bytes -= s.entries.get(oldest)!.response.body.length;
    s.entries.delete(oldest);
  }
  return true;
}

/** The bytes of all stored pages. */
function storedBytes(s: State): number {
  let bytes = 0;
  for (const entry of s.entries.values()) bytes += entry.response.body.length;
  return bytes;
}

/** Wakes the requests waiting for this key's render; they look again. */
function settlePending(key: string): void {
  const s = state();
  const underway = s.pending.get(key);
  if (!underway) return;
  s.pending.delete(key);
  underway.settle();
}

/** A render that failed or was not kept (or never began) lets the next request try again. */
export function release(key: string): void {
  settlePending(key);
  const entry = state().entries.get(key);
  if (entry) entry.refreshing = false;
}

/** Forgets all stored pages and refuses renders already under way, in this process only. */
function dropPublicCache(): void {
  const s = state();
  s.entries.clear();
  s.generation += 1;
}
onInvalidate('site', dropPublicCache);

/** Every organiser's change: forget all stored pages and refuse renders already under way, on every server process. */
export function purgePublicCache(): void {
  dropPublicCache();
  broadcast('site');
}

export function publicCacheSize(): number {
  return state().entries.size;
}

/** The bytes the stored pages hold. */
export function publicCacheBytes(): number {
  return storedBytes(state());
}

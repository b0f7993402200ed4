/**
 * The public pages an anonymous visitor may be served from the page cache (lib/server/public-cache.ts), and the
 * address parameters each of them reads. Only those vary the page: publicPageUrl keeps them, in one spelling, and
 * drops every other, so `/programme?x=1`, `/programme?x=2` and `/programme` are one page, rendered once and then
 * served from memory — instead of each unknown parameter costing a full render. scripts/serve.ts hands Next.js
 * that canonical address, so what is rendered is exactly what the key says.
 *
 * A page that starts reading a parameter must name it here, else the parameter is dropped before the page sees it
 * (lib/server/public-pages.test.ts checks the table against the pages' sources).
 */
import { parseProgrammeFilters, programmeQuery } from '@/lib/programme/programme-params';

type PublicPage = {
  /** The path, with or without the /en prefix, as it arrives (not decoded: an encoded path is no public page). */
  path: RegExp;
  /** The parameters the page reads, canonical; everything else left out. */
  query: (params: URLSearchParams) => URLSearchParams;
};

const NO_PARAMETERS = () => new URLSearchParams();

/** Every repeated parameter as Next.js hands it to a page: one value a string, several an array. */
function asSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

export const PUBLIC_PAGES: Record<string, PublicPage> = {
  /** app/[locale]/page.tsx: reads no parameter. */
  home: { path: /^(?:\/en)?\/$|^\/en$/, query: NO_PARAMETERS },
  /** app/[locale]/page/[pageId]/page.tsx: reads no parameter. */
  page: { path: /^(?:\/en)?\/page\/\d{1,9}$/, query: NO_PARAMETERS },
  /** app/[locale]/programme/page.tsx: the day tab and the filters (day, theme, room, type, q). */
  programme: { path: /^(?:\/en)?\/programme$/, query: (params) => programmeQuery(parseProgrammeFilters(asSearchParams(params))) },
  /** app/[locale]/programme/[code]/page.tsx and programme/print: read no parameter. */
  contribution: { path: /^(?:\/en)?\/programme\/[A-Za-z0-9_-]{1,64}$/, query: NO_PARAMETERS },
};

/**
 * Parameters proxy.ts acts on for every page (a redirect that sets the language, the central sign-in): a request
 * carrying one goes to the app as it came, uncached.
 */
const PROXY_PARAMETERS = ['locale', 'autologon'];

const splitUrl = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? { path: url, search: '' } : { path: url.slice(0, at), search: url.slice(at + 1) };
};

/** Whether the address (path and query, as a request carries it) is one of the public pages, whatever its query. */
export function isPublicPage(url: string): boolean {
  const { path } = splitUrl(url);
  return Object.values(PUBLIC_PAGES).some((page) => page.path.test(path));
}

/**
 * The canonical address of a public page: its path and only the parameters it reads, in one spelling; null when
 * the address is no public page or carries a parameter the proxy acts on.
 */
export function publicPageUrl(url: string): string | null {
  const { path, search } = splitUrl(url);
  const page = Object.values(PUBLIC_PAGES).find((p) => p.path.test(path));
  if (!page) return null;
  const params = new URLSearchParams(search);
  if (PROXY_PARAMETERS.some((name) => params.has(name))) return null;
  const query = page.query(params).toString();
  return query ? `${path}?${query}` : path;
}

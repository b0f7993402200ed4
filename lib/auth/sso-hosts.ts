import { isAddressLiteral, isDefaultHost, normaliseHost, slugOfPlatformSubdomain } from '@/lib/tenancy/hosts';

/**
 * Which sites take their sign-in from the platform's central one (lib/auth/sso.ts), without the database, so the proxy
 * can decide too. The central site is the platform host: PLATFORM_URL, else BETTER_AUTH_URL, else `localhost` on the
 * request's scheme and port (development and the tests, where conference sites are `<slug>.localhost:<port>`).
 */
export function centralOrigin(ownOrigin: string): string {
  for (const configured of [process.env.PLATFORM_URL, process.env.BETTER_AUTH_URL]) {
    if (!configured) continue;
    try {
      return new URL(configured).origin;
    } catch {
      // An address that does not parse is no central site; the next candidate decides.
    }
  }
  const own = new URL(ownOrigin);
  return `${own.protocol}//localhost${own.port ? `:${own.port}` : ''}`;
}

/**
 * A conference site that signs in through the central site: every host but the platform's own (the central host, the
 * default hosts, IP addresses), so `<slug>.localhost`, `<slug>.<platform host>` and a conference's own domain.
 */
export function signsInCentrally(ownOrigin: string): boolean {
  let host: string;
  try {
    host = normaliseHost(new URL(ownOrigin).host);
  } catch {
    return false;
  }
  if (!host || isDefaultHost(host) || isAddressLiteral(host)) return false;
  return host !== normaliseHost(new URL(centralOrigin(ownOrigin)).host);
}

/**
 * A host whose name the platform controls (its own hosts and their `<slug>.` subdomains): a code may be sent there
 * without asking. A conference's own domain is named in DNS its organiser controls, so the visitor confirms first.
 */
export function isPlatformControlled(host: string): boolean {
  const h = normaliseHost(host);
  return isDefaultHost(h) || slugOfPlatformSubdomain(h) !== null;
}

/** Where a pull begins on a conference site (app/api/sso/begin), coming back to the locale-free `returnPath`. */
export function ssoBeginPath(returnPath: string, locale: 'zh' | 'en'): string {
  return `/api/sso/begin?${new URLSearchParams({ return: returnPath, locale })}`;
}

/**
 * The login page asks the central sign-in first unless its address is the answer of one (`sso`) or says a session
 * expired (`expired`): a parameter there at all, whatever its value.
 */
export function loginAsksCentrally(query: { sso?: string | null; expired?: string | null }): boolean {
  return query.sso == null && query.expired == null;
}

/**
 * After a sign-in on a conference site: the address that also signs the visitor in on the central site (a push,
 * app/api/sso/begin) and then goes on to `next` here, so the platform's other sites find the sign-in; null on the
 * central site and the platform's own hosts.
 */
export function shareAddress(ownOrigin: string, next: string, locale: 'zh' | 'en'): string | null {
  if (!signsInCentrally(ownOrigin)) return null;
  const begin = new URL('/api/sso/begin', centralOrigin(ownOrigin));
  begin.search = new URLSearchParams({ peer: ownOrigin, return: new URL(next, ownOrigin).toString(), locale }).toString();
  return begin.toString();
}

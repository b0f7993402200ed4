import { NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from '@/lib/i18n/routing';
import { LOGIN_PATH, matchRoute } from '@/lib/auth/route-rules';
import { loginRedirect } from '@/lib/auth/access';
import { LOCALE_COOKIE, SESSION_COOKIE_NAMES } from '@/lib/auth/cookies';
import { AppError } from '@/lib/http/app-error';
import { errorResponse } from '@/lib/http/error-response';
import { requestLocale } from '@/lib/http/request-locale';
import { hstsFor, newNonce, pageCsp, withSecurityHeaders } from '@/lib/http/security-headers';
import { decodeAddressPart } from '@/lib/http/text';
import { loginAsksCentrally, signsInCentrally, ssoBeginPath } from '@/lib/auth/sso-hosts';

/**
 * The first gate (the real checks run in every page and handler):
 * locale prefix, the remembered language, ?autologon, and a session cookie
 * for routes that need one. It never opens the database.
 */
const handleI18n = createMiddleware(routing);

function splitLocale(pathname: string): { prefixed: boolean; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) return { prefixed: true, path: pathname.slice(3) || '/' };
  if (pathname === '/zh' || pathname.startsWith('/zh/')) return { prefixed: false, path: pathname.slice(3) || '/' };
  return { prefixed: false, path: pathname };
}

function localeUrl(request: NextRequest, prefixed: boolean, pathAndQuery: string): URL {
  return new URL((prefixed ? '/en' : '') + (pathAndQuery === '/' && prefixed ? '' : pathAndQuery), request.url);
}

/**
 * An API address that cannot be decoded (`%ED%A0%80`, `%C0%AF`, `%E4%B8`, `%ZZ`, a NUL): Next
 * decodes the path before any handler runs and would answer a plain-text 500, so the proxy answers
 * first, with the 400 envelope in the caller's language. Only API addresses holding a '%' come here
 * (see the matcher): the proxy buffers the body of every request it sees, which uploads must not pay.
 */
function brokenApiAddress(request: NextRequest): Response {
  if (decodeAddressPart(request.nextUrl.pathname) !== null) return NextResponse.next();
  return withSecurityHeaders(request, errorResponse(new AppError('INVALID_ADDRESS'), requestLocale(request)));
}

/** The address the visitor sees this site at (behind a trusted proxy, the one it names). */
function requestOrigin(request: NextRequest): string {
  const trusted = process.env.TRUST_PROXY === '1';
  const host = (trusted && request.headers.get('x-forwarded-host')) || request.headers.get('host') || request.nextUrl.host;
  const secure =
    (trusted && request.headers.get('x-forwarded-proto') === 'https') || (process.env.BETTER_AUTH_URL ?? '').startsWith('https://');
  return `${secure ? 'https' : 'http'}://${host}`;
}

export default function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/api%')) return brokenApiAddress(request);
  const { prefixed, path } = splitLocale(pathname);
  // A broken address (`/page/%ZZ`, a NUL) is no page: the 404 screen, with its 404 status.
  if (decodeAddressPart(pathname) === null) return NextResponse.rewrite(localeUrl(request, prefixed, '/404'));
  const hasSession = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));

  // ?locale=zh|en sets the remembered language (a forced-language conference sends it, so a visitor
  // who chose the other language elsewhere is not bounced back and forth).
  const chosen = searchParams.get('locale');
  if (chosen === 'zh' || chosen === 'en') {
    const query = new URLSearchParams(searchParams);
    query.delete('locale');
    const response = NextResponse.redirect(localeUrl(request, chosen === 'en', path + (query.size ? `?${query}` : '')));
    response.cookies.set(LOCALE_COOKIE, chosen, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    return response;
  }

  // The remembered language choice: a visitor who picked English gets the /en address.
  if (!prefixed && !pathname.startsWith('/zh') && request.cookies.get(LOCALE_COOKIE)?.value === 'en') {
    return NextResponse.redirect(localeUrl(request, true, path + request.nextUrl.search));
  }

  // An unknown address goes on to the app, which answers the 404 screen with a 404 status.
  const match = matchRoute(path);

  if (searchParams.has('autologon')) {
    const query = new URLSearchParams(searchParams);
    query.delete('autologon');
    const back = path + (query.size ? `?${query}` : '');
    if (hasSession) return NextResponse.redirect(localeUrl(request, prefixed, back));
    // Signs in through the central account system when the visitor has a session there (prompt=none);
    // without a central system, or without a session there, the visitor lands back on `back`/the login page.
    const begin = new URLSearchParams({ kind: 'central', prompt: 'none', return: back, locale: prefixed ? 'en' : 'zh' });
    return NextResponse.redirect(new URL(`/api/base/oauth/begin?${begin}`, request.url));
  }

  const returnTo = path + request.nextUrl.search;
  const needsSession = match && (match.rule.access === 'user' || match.rule.access === 'platform');
  // A conference site asks the platform's central sign-in first (lib/auth/sso.ts): a visitor signed in on another site of
  // the platform is signed in here after one round of redirects; anyone else comes back to this site's login form
  // (`sso=0` there, so it is asked once).
  // Only a browser's own navigation starts it: never a prefetch or the router's data request (the login page starts it
  // for those, components/accounts/login-form.tsx).
  const navigation =
    request.headers.get('sec-fetch-mode') === 'navigate' && !request.headers.has('rsc') && !request.headers.has('next-router-prefetch');
  if (!hasSession && navigation && signsInCentrally(requestOrigin(request))) {
    const wanted = needsSession
      ? returnTo
      : path === LOGIN_PATH && loginAsksCentrally({ sso: searchParams.get('sso'), expired: searchParams.get('expired') })
        ? (searchParams.get('redirect') ?? '')
        : null;
    if (wanted !== null) return NextResponse.redirect(new URL(ssoBeginPath(wanted, prefixed ? 'en' : 'zh'), request.url));
  }
  if (needsSession && !hasSession) {
    return NextResponse.redirect(localeUrl(request, prefixed, loginRedirect(returnTo)));
  }

  const nonce = newNonce();
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-pathname', path);
  headers.set('x-return-to', returnTo);
  // Next.js reads the nonce from the request's policy and puts it on its scripts; the layout reads x-nonce.
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = handleI18n(new NextRequest(request.url, { headers, method: request.method }));
  response.headers.set('content-security-policy', csp);
  const hsts = hstsFor(request.headers, request.url);
  if (hsts) response.headers.set('strict-transport-security', hsts);

  // A page found the session expired and sent the visitor here: drop the dead cookie (the notice shows once).
  if (path === '/conferencelogin' && searchParams.get('expired') === '1') {
    for (const name of SESSION_COOKIE_NAMES) response.cookies.delete(name);
  }
  return response;
}

export const config = {
  // Everything except the API, Next's own files and files with an extension (robots.txt, images …);
  // and the API addresses holding a percent sign, for brokenApiAddress.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)', '/api:rest(.*%.*)'],
};

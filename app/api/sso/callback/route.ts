import { landingFor } from '@/lib/accounts/landing';
import { ZSsoCallback } from '@/lib/auth/sso-schemas';
import { ssoRedirect } from '@/lib/auth/sso-redirect';
import { joinFamily, openState, redeemCode, sameState, stateCookie, stateCookieName } from '@/lib/auth/sso';
import { originOf } from '@/lib/conferences/seo';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { localePath } from '@/lib/i18n/locale-path';
import { createSessionFor } from '@/lib/oidc/session';

/**
 * The client's side of the sign-in across sites (lib/auth/sso.ts): the state must be the one this browser's cookie
 * holds, the code must be unused, unexpired, issued to this origin and match the cookie's PKCE verifier; then this site
 * gets its own session (in the family of the one the code came from) and the visitor goes on. Without a code (nobody
 * signed in centrally, or the visitor declined) a pull lands on this site's login form (`sso=0`, so it is not tried
 * again); a refused code says so there (`sso=invalid`). A push goes on to its address whatever happens: the visitor is
 * signed in where they are.
 */
export const GET = route({ query: ZSsoCallback }, async ({ db, query, req, conference, locale }) => {
  const own = originOf(req.headers);
  const name = stateCookieName(query.state ?? '');
  const saved = name ? openState(req.cookies.get(name)?.value) : null;
  if (!name || !saved || !query.state || !sameState(saved, query.state)) {
    return ssoRedirect(localePath(locale, '/conferencelogin?sso=invalid'));
  }
  const clear = stateCookie(name, '', own.startsWith('https:'), 0);
  const push = /^https?:\/\//.test(saved.back);
  const toLogin = (sso: '0' | 'invalid') =>
    ssoRedirect(
      push
        ? saved.back
        : localePath(saved.locale, `/conferencelogin?${new URLSearchParams({ ...(saved.back ? { redirect: saved.back } : {}), sso })}`),
      [clear],
    );
  if (query.error || !query.code) return toLogin('0');
  const redeemed = await redeemCode(db, { code: query.code, clientOrigin: own, verifier: saved.verifier });
  if (!redeemed) return toLogin('invalid');
  const created = await createSessionFor(redeemed.userId, { headers: req.headers });
  await joinFamily(db, created.sessionId, redeemed.family);
  const next = push
    ? saved.back
    : (await landingFor(db, { conferenceId: conference.id, userId: redeemed.userId, locale: saved.locale, redirect: saved.back || null }))
        .next;
  return ssoRedirect(next, [clear, ...created.setCookies]);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

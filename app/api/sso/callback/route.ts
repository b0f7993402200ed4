import { ZSsoCallback } from '@/lib/auth/sso-schemas';
import { ssoRedirect } from '@/lib/auth/sso-redirect';
import { openState, redeemCode, requestSession, sameState, stateCookie, stateCookieName } from '@/lib/auth/sso';
import { endFlow, holdPending, signsInUnasked } from '@/lib/auth/sso-flow';
import { confirmCookie, finishSignIn, withoutSignIn } from '@/lib/auth/sso-finish';
import { originOf } from '@/lib/conferences/seo';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { localePath } from '@/lib/i18n/locale-path';

/**
 * The client's side of the sign-in across sites (lib/auth/sso.ts): the state must be the one this browser's cookie
 * holds, the code must be unused, unexpired, issued to this origin in this sign-in and match the cookie's PKCE
 * verifier; then this site gets its own session (in the family of the one the code came from) and the visitor goes on.
 * Where another account is signed in here, or the code came from a conference's own domain, the visitor confirms first
 * on /ssoConfirm (lib/auth/sso-flow.ts signsInUnasked): nobody's session is swapped for another account's unasked.
 * Without a code (nobody signed in centrally, or the visitor declined) a pull lands on this site's login form (`sso=0`,
 * so it is not tried again); a refused code says so there (`sso=invalid`). A push goes on to its address whatever
 * happens: the visitor is signed in where they are.
 */
export const GET = route({ query: ZSsoCallback }, async ({ db, query, req, conference, locale }) => {
  const own = originOf(req.headers);
  const secure = own.startsWith('https:');
  const name = stateCookieName(query.state ?? '');
  const sealed = name ? req.cookies.get(name)?.value : undefined;
  const saved = openState(sealed);
  if (!name || !sealed || !saved || !query.state || !sameState(saved, query.state)) {
    return ssoRedirect(localePath(locale, '/conferencelogin?sso=invalid'));
  }
  const clear = stateCookie(name, '', secure, 0);
  if (query.error || !query.code) {
    await endFlow(db, saved.state);
    return ssoRedirect(withoutSignIn(saved, query.error === 'invalid_request' ? 'invalid' : '0'), [clear]);
  }
  const redeemed = await redeemCode(db, { code: query.code, clientOrigin: own, verifier: saved.verifier, state: saved.state });
  if (!redeemed) {
    await endFlow(db, saved.state);
    return ssoRedirect(withoutSignIn(saved, 'invalid'), [clear]);
  }
  const current = await requestSession(db, req.headers);
  if (!signsInUnasked({ currentUserId: current?.userId ?? null, redeemedUserId: redeemed.userId, peerOrigin: saved.peer })) {
    await holdPending(db, saved.state, redeemed);
    return ssoRedirect(localePath(saved.locale, '/ssoConfirm'), [clear, confirmCookie(sealed, secure)]);
  }
  await endFlow(db, saved.state);
  const done = await finishSignIn(db, { ...redeemed, saved, conferenceId: conference.id, headers: req.headers });
  return ssoRedirect(done.next, [clear, ...done.setCookies]);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

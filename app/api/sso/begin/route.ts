import { centralOrigin, signsInCentrally } from '@/lib/auth/sso-hosts';
import { ZSsoBegin } from '@/lib/auth/sso-schemas';
import { ssoRedirect } from '@/lib/auth/sso-redirect';
import { challengeOf, newState, otherSiteOrigin, stateCookie, stateCookieName } from '@/lib/auth/sso';
import { recordFlow } from '@/lib/auth/sso-flow';
import { originOf } from '@/lib/conferences/seo';
import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { safeReturnPath } from '@/lib/http/return-path';
import { route } from '@/lib/http/route';
import { localePath } from '@/lib/i18n/locale-path';

/**
 * Begins a sign-in across the installation's sites (lib/auth/sso.ts) and sends the browser on (302).
 * A pull (a conference site without a session): asks the central site for a code, coming back to the locale-free path
 * `return`; on the central site itself there is nothing to ask, so it goes straight to `return`.
 * A push (`peer`, on the central site right after a sign-in on the conference site `peer`): asks that site for a code
 * so the central site is signed in too, then goes on to `return`, an address on `peer`.
 * The state and the PKCE verifier stay in a sealed HttpOnly cookie of this host; the sign-in is recorded (its state's
 * hash, both sites, the challenge) so the peer issues a code only for a sign-in this site began.
 */
export const GET = route({ query: ZSsoBegin }, async ({ db, query, req }) => {
  const own = originOf(req.headers);
  let peer: string;
  let back: string;
  if (query.peer !== undefined) {
    const site = await otherSiteOrigin(db, query.peer, own);
    if (!site) throw new AppError('SSO_SITE_REFUSED');
    let next: URL;
    try {
      next = new URL(query.return ?? '');
    } catch {
      throw new AppError('SSO_SITE_REFUSED');
    }
    if (next.origin !== site.origin) throw new AppError('SSO_SITE_REFUSED');
    peer = site.origin;
    back = next.toString();
  } else {
    // '' when no page was asked for: the account's own landing page afterwards (lib/accounts/landing.ts).
    back = safeReturnPath(query.return) ?? '';
    if (!signsInCentrally(own)) return ssoRedirect(localePath(query.locale, back || '/'));
    peer = centralOrigin(own);
  }
  const { state, sealed } = newState({ peer, back, locale: query.locale });
  const challenge = challengeOf(state.verifier);
  await recordFlow(db, { state: state.state, clientOrigin: own, peerOrigin: peer, challenge });
  const target = new URL('/api/sso/authorize', peer);
  target.search = new URLSearchParams({ client: own, state: state.state, challenge, locale: query.locale }).toString();
  return ssoRedirect(target.toString(), [stateCookie(stateCookieName(state.state)!, sealed, own.startsWith('https:'))]);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

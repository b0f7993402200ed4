import { hitClientLimit, LIMITS } from '@/lib/accounts/rate-limit';
import { loginRedirect } from '@/lib/auth/access';
import { SESSION_COOKIE_NAMES } from '@/lib/auth/cookies';
import { signsInCentrally, ssoBeginPath } from '@/lib/auth/sso-hosts';
import { originOf } from '@/lib/conferences/seo';
import { AppError } from '@/lib/http/app-error';
import { safeReturnPath } from '@/lib/http/return-path';
import { route } from '@/lib/http/route';
import { localePath } from '@/lib/i18n/locale-path';
import { beginLogin } from '@/lib/oidc/begin-login';
import { findCentral, findOrganisation } from '@/lib/oidc/queries';
import { ZBeginQuery } from '@/lib/oidc/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

function redirectTo(location: string, dropSession: boolean): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  if (dropSession) {
    for (const name of SESSION_COOKIE_NAMES) {
      headers.append('set-cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`);
    }
  }
  return new Response(null, { status: 302, headers });
}

/**
 * Begins a sign-in and sends the browser on (302): `provider=<slug>` at an organisation, or
 * `kind=central` at the central account system (`prompt=none` for ?autologon; `expired=1` after a
 * 401, which also drops the dead session cookie). `return` is the locale-free path to come back to
 * (only a path of this site). Without a central system a conference site asks the platform's own central sign-in
 * (app/api/sso/begin), and the platform's own host sends the visitor to /conferencelogin with the way back; an
 * organisation that cannot be reached is explained on /oidcLogin. Each begin writes a login state, so a client may
 * begin at most LIMITS.oidcBeginPerIp in 10 minutes.
 */
export const GET = route({ query: ZBeginQuery }, async ({ db, conference, query, req, ip }) => {
  const back = safeReturnPath(query.return) ?? '/';
  const expired = query.expired === '1';
  const central = !query.provider && query.kind === 'central';
  const provider = central ? await findCentral(db) : query.provider ? await findOrganisation(db, query.provider) : null;
  const fallback = localePath(query.locale, loginRedirect(back, expired));
  if (!provider) {
    if (!central) throw new AppError('IDENTITY_PROVIDER_NOT_FOUND');
    // No external central system: a conference site asks the platform's own central sign-in (lib/auth/sso.ts), which
    // signs the visitor in when they are signed in there and otherwise brings them to this site's login form.
    if (signsInCentrally(originOf(req.headers))) return redirectTo(ssoBeginPath(back, query.locale), expired);
    return redirectTo(fallback, expired);
  }
  await hitClientLimit(db, 'oidcBegin', ip, LIMITS.oidcBeginPerIp);
  try {
    const url = await beginLogin(db, {
      provider,
      conferenceId: conference.id,
      origin: originOf(req.headers),
      locale: query.locale,
      returnPath: back,
      prompt: query.prompt,
    });
    return redirectTo(url.toString(), expired);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'OIDC_PROVIDER_UNAVAILABLE') throw error;
    const page = central ? '/login' : '/oidcLogin';
    return redirectTo(central && query.prompt ? fallback : localePath(query.locale, `${page}?error=unavailable`), expired);
  }
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

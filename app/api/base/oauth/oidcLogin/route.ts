import { NextResponse } from 'next/server';
import { landingFor } from '@/lib/accounts/landing';
import { ok } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { shareAddress } from '@/lib/auth/sso-hosts';
import { originOf } from '@/lib/conferences/seo';
import { localeFreePath } from '@/lib/i18n/locale-path';
import { completeLogin } from '@/lib/oidc/complete-login';
import { ZLoginCallback } from '@/lib/oidc/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The organisation login's callback (spec §7 POST /base/oauth/oidcLogin {code, state}): exchanges
 * the code, links or creates the account and signs it in. data is the session token (send it as
 * `Authorization: Bearer`; browsers get the HttpOnly cookie); `registered` tells whether the account
 * is registered for this conference and `next` where to go (landingPathFor: the path held in the
 * state when it is a destination, else the page of the account's role).
 */
export const POST = route({ body: ZLoginCallback }, async ({ db, conference, body, req, locale }) => {
  const done = await completeLogin(db, { kind: 'organisation', conferenceId: conference.id, ...body, headers: req.headers });
  const { next, registered } = await landingFor(db, {
    conferenceId: conference.id,
    userId: done.userId,
    locale,
    redirect: localeFreePath(done.returnPath),
  });
  // `share`: on a conference site, the way by the central site so the platform's other sites find the sign-in (lib/auth/sso.ts).
  const share = shareAddress(originOf(req.headers), next, locale);
  const response = NextResponse.json({ ...ok(done.token), registered, next, share });
  for (const cookie of done.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

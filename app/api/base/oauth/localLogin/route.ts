import { landingFor } from '@/lib/accounts/landing';
import { signIn } from '@/lib/accounts/sign-in';
import { ZLogin } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { shareAddress } from '@/lib/auth/sso-hosts';
import { originOf } from '@/lib/conferences/seo';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Email and password login; with `code` (the emailed sign-in code, sendEmailCode type loginCode)
 * the owner signs in to an account that wrong passwords have locked (LOGIN_LOCKED). data.token is the session token for API clients (send it as
 * `Authorization: Bearer`); browsers get the HttpOnly cookie. data.registered tells whether the
 * account is registered for this conference; data.next is where to go (landingPathFor: `redirect`
 * when it is a page of this site, else the page of the account's role, in the caller's language). On a conference site
 * that signs in through the central one, data.share is the address a browser goes to instead: it signs the central site
 * in too (lib/auth/sso.ts), so the platform's other sites find the sign-in, and then goes on to data.next.
 */
export const POST = route({ body: ZLogin }, async ({ db, body, req, ip, conference, locale, responseHeaders }) => {
  const session = await signIn(db, { email: body.email, password: body.password, code: body.code, ip, headers: req.headers });
  for (const cookie of session.setCookies) responseHeaders.append('set-cookie', cookie);
  const landing = await landingFor(db, { conferenceId: conference.id, userId: session.userId, locale, redirect: body.redirect });
  return { token: session.token, ...landing, share: shareAddress(originOf(req.headers), landing.next, locale) };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

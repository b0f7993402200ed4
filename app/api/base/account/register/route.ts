import { landingFor } from '@/lib/accounts/landing';
import { registerAccount } from '@/lib/accounts/register-account';
import { ZSignUp } from '@/lib/accounts/schemas';
import { signIn } from '@/lib/accounts/sign-in';
import { route } from '@/lib/http/route';
import { shareAddress } from '@/lib/auth/sso-hosts';
import { originOf } from '@/lib/conferences/seo';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Creates the account (after the emailed code) and signs it in: register-and-login; data.next is where to go
 * (landingPathFor), data.share the way there by the central site on a conference site (lib/auth/sso.ts).
 */
export const POST = route({ body: ZSignUp }, async ({ db, body, req, ip, conference, locale, responseHeaders }) => {
  const { userId } = await registerAccount(db, body, ip);
  const session = await signIn(db, { email: body.email, password: body.password, ip, headers: req.headers, justRegistered: true });
  for (const cookie of session.setCookies) responseHeaders.append('set-cookie', cookie);
  const landing = await landingFor(db, { conferenceId: conference.id, userId, locale, redirect: body.redirect });
  return { userId, token: session.token, ...landing, share: shareAddress(originOf(req.headers), landing.next, locale) };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

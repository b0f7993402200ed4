import { ZSsoConfirm } from '@/lib/auth/sso-schemas';
import { openState, requestSession } from '@/lib/auth/sso';
import { takePending } from '@/lib/auth/sso-flow';
import { CONFIRM_COOKIE, confirmCookie, finishSignIn, withoutSignIn } from '@/lib/auth/sso-finish';
import { originOf } from '@/lib/conferences/seo';
import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';

/**
 * The visitor's answer on /ssoConfirm to a sign-in across sites that waits for it (app/api/sso/callback): `continue`
 * signs this site in with the account the code was for (ending the other account's session here, if one was signed
 * in), `cancel` leaves everything as it was. Only the browser that holds the sign-in's sealed state can answer, once.
 * data.next is where to go.
 */
export const POST = route({ body: ZSsoConfirm }, async ({ db, body, req, conference, responseHeaders }) => {
  const own = originOf(req.headers);
  const secure = own.startsWith('https:');
  const saved = openState(req.cookies.get(CONFIRM_COOKIE)?.value);
  const pending = saved ? await takePending(db, { state: saved.state, clientOrigin: own }) : null;
  if (!saved || !pending) throw new AppError('SSO_FLOW_REFUSED');
  responseHeaders.append('set-cookie', confirmCookie('', secure, 0));
  if (body.decision === 'cancel') return { next: withoutSignIn(saved, '0') };
  const current = await requestSession(db, req.headers);
  const done = await finishSignIn(db, { ...pending, saved, conferenceId: conference.id, headers: req.headers, replacing: current });
  for (const cookie of done.setCookies) responseHeaders.append('set-cookie', cookie);
  return { next: done.next };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

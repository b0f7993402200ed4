import { NextResponse } from 'next/server';
import { ok } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { completeLogin } from '@/lib/oidc/complete-login';
import { ZLoginCallback } from '@/lib/oidc/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The central account login's callback (spec §7 POST /base/oauth/login {code, state}): exchanges
 * the code and signs in. data is the session token (Bearer for API clients; browsers get the
 * HttpOnly cookie); `next` is the path held in the state.
 */
export const POST = route({ body: ZLoginCallback }, async ({ db, conference, body, req }) => {
  const done = await completeLogin(db, { kind: 'central', conferenceId: conference.id, ...body, headers: req.headers });
  const response = NextResponse.json({ ...ok(done.token), registered: done.registered, next: done.returnPath });
  for (const cookie of done.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

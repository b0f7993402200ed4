import { APIError } from 'better-auth/api';
import type { DB } from '@/db/client';
import { getAuth } from '@/lib/auth/auth';
import { AppError } from '@/lib/http/app-error';
import { findCredentialAccount, findUserByEmail } from './queries';
import { hitClientLimit, hitRateLimit, LIMITS } from './rate-limit';

export type SignInResult = { userId: string; token: string; setCookies: string[] };

/**
 * Email and password sign-in (spec §4): the account must exist and the password match, else the
 * one login-error message (no hint which of the two was wrong). Rate-limited per address and per
 * client. Returns the session token (for API clients) and the Set-Cookie headers (for browsers).
 */
export async function signIn(
  db: DB,
  input: { email: string; password: string; ip: string | null; headers: Headers; justRegistered?: boolean },
): Promise<SignInResult> {
  // The sign-in that follows a successful sign-up is not an attempt to guess anything.
  if (!input.justRegistered) {
    await hitClientLimit(db, 'login', input.ip, { ...LIMITS.login, max: LIMITS.login.max * 5 });
    await hitRateLimit(db, `login:email:${input.email}`, LIMITS.login);
  }
  const existing = await findUserByEmail(db, input.email);
  if (!existing || !(await findCredentialAccount(db, existing.id))) {
    throw new AppError('LOGIN_ERROR');
  }
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.headers,
      returnHeaders: true,
    });
    const token = headers.get('set-auth-token') ?? response.token;
    return { userId: response.user.id, token, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (error instanceof APIError) throw new AppError('LOGIN_ERROR');
    throw error;
  }
}

/** Ends the caller's session; returns the Set-Cookie headers that clear the cookie. */
export async function signOut(headers: Headers): Promise<string[]> {
  const auth = await getAuth();
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) throw new AppError('LOGOUT_FAILED');
    throw error;
  }
}

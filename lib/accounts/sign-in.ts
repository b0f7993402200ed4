import { APIError } from 'better-auth/api';
import type { DB } from '@/db/client';
import { getAuth, type Auth } from '@/lib/auth/auth';
import { AppError } from '@/lib/http/app-error';
import { checkLoginAttempt } from './login-attempts';
import { findCredentialAccount, findUserByEmail } from './queries';

export type SignInResult = { userId: string; token: string; setCookies: string[] };

const loginError = () => new AppError('LOGIN_ERROR');

/**
 * Email and password sign-in (spec §4): the account must exist and the password match, else the
 * one login-error message (no hint which of the two was wrong). Only failed attempts count against
 * the login limits (lib/accounts/login-attempts.ts), so a correct password always signs in unless
 * the account or the client is locked by failures. While wrong passwords keep the account locked
 * (LOGIN_LOCKED), its owner signs in with the password AND the sign-in code mailed to the account's
 * address (`code`; see checkLoginAttempt). Returns the session token (for API clients) and the
 * Set-Cookie headers (for browsers).
 */
export async function signIn(
  db: DB,
  input: {
    email: string;
    password: string;
    /** The emailed sign-in code (purpose loginCode): with the right password it signs in to a locked account. */
    code?: string;
    ip: string | null;
    headers: Headers;
    justRegistered?: boolean;
    /** Tests pass their own Better Auth instance and clock. */
    auth?: Auth;
    now?: Date;
  },
): Promise<SignInResult> {
  const attempt = async (): Promise<SignInResult | null> => {
    const existing = await findUserByEmail(db, input.email);
    if (!existing || !(await findCredentialAccount(db, existing.id))) return null;
    const auth = input.auth ?? (await getAuth());
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      });
      const token = headers.get('set-auth-token') ?? response.token;
      return { userId: response.user.id, token, setCookies: headers.getSetCookie() };
    } catch (error) {
      if (error instanceof APIError) return null;
      throw error;
    }
  };
  // The sign-in that follows a successful sign-up is not an attempt to guess anything.
  if (input.justRegistered) {
    const session = await attempt();
    if (!session) throw loginError();
    return session;
  }
  const session = await checkLoginAttempt(db, { email: input.email, ip: input.ip, now: input.now, code: input.code }, attempt);
  if (!session) throw loginError();
  return session;
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

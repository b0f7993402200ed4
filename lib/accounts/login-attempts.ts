import type { Executor } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import { clearAttempts, clientKey, giveBackAll, LIMITS, takeAttempt, takeDistinct, type Attempt } from './rate-limit';

const accountKey = (email: string) => `login-fail:email:${email}`;

/**
 * One password check (sign-in, checkPasswordContent) under the login limits, which count FAILED
 * attempts only: per account (past LIMITS.loginFailures the account is locked until its window
 * ends, LOGIN_LOCKED), per client (failures across accounts) and distinct accounts per client
 * (spraying). Each check takes its attempt before the password is verified, so concurrent guesses
 * cannot get past a limit; `verify` answers null for a wrong password (or no such account). A right
 * one gives the attempt back and clears the account's failures, so an owner who signs in is never
 * locked by their own successes; a wrong one stays counted. Returns what `verify` answered.
 */
export async function checkLoginAttempt<T>(
  db: Executor,
  input: { email: string; ip: string | null; now?: Date },
  verify: () => Promise<T | null>,
): Promise<T | null> {
  const { email, ip } = input;
  const now = input.now ?? new Date();
  const taken: (Attempt | null)[] = [];
  try {
    if (ip) {
      taken.push(await takeAttempt(db, clientKey('login-fail', ip), LIMITS.loginFailuresPerIp, now));
      taken.push(...(await takeDistinct(db, 'login-accounts', ip, email, LIMITS.loginAccountsPerIp, now)));
    }
    taken.push(await takeAttempt(db, accountKey(email), LIMITS.loginFailures, now, loginLocked));
  } catch (error) {
    await giveBackAll(db, taken);
    throw error;
  }
  let result: T | null;
  try {
    result = await verify();
  } catch (error) {
    // A failure of ours (the database, the hasher) is not a wrong password.
    await giveBackAll(db, taken);
    throw error;
  }
  if (result !== null) {
    await giveBackAll(db, taken);
    await clearAttempts(db, accountKey(email));
  }
  return result;
}

const loginLocked = () => new AppError('LOGIN_LOCKED');

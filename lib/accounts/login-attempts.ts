import type { Executor } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import { checkEmailCode, consumeEmailCode } from './email-codes';
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
 *
 * `code` is the owner's way in while the account is locked: an emailed sign-in code (purpose
 * loginCode, sendEmailCode). When given it is checked first, under the code-check limits, and
 * only a right code lets the password be checked past the account lock — so a locked account
 * tells a guesser nothing about passwords without the mailbox. A right pair signs in, uses the code
 * up and clears the failures; a wrong password still counts as a failure (the code stays usable
 * for the owner's next try, within its lifetime). The per-client limits apply with or without it.
 */
export async function checkLoginAttempt<T>(
  db: Executor,
  input: { email: string; ip: string | null; now?: Date; code?: string },
  verify: () => Promise<T | null>,
): Promise<T | null> {
  const { email, ip, code } = input;
  const now = input.now ?? new Date();
  const taken: (Attempt | null)[] = [];
  let locked = false;
  try {
    if (ip) {
      taken.push(await takeAttempt(db, clientKey('login-fail', ip), LIMITS.loginFailuresPerIp, now));
      taken.push(...(await takeDistinct(db, 'login-accounts', ip, email, LIMITS.loginAccountsPerIp, now)));
    }
    taken.push(await takeAttempt(db, accountKey(email), LIMITS.loginFailures, now, loginLocked));
  } catch (error) {
    const passesLock = code !== undefined && error instanceof AppError && error.code === 'LOGIN_LOCKED';
    if (!passesLock) {
      await giveBackAll(db, taken);
      throw error;
    }
    locked = true;
  }
  let codeId: number | null = null;
  let result: T | null;
  try {
    if (code !== undefined) codeId = await checkEmailCode(db, { email, purpose: 'loginCode', code, ip }, now);
    result = await verify();
  } catch (error) {
    // A wrong code is counted by the code limits; a failure of ours (the database, the hasher) is not a wrong password.
    await giveBackAll(db, taken);
    throw error;
  }
  if (result === null) {
    // Past the lock the failure could not be taken in advance; it still counts against the account.
    if (locked) await takeAttempt(db, accountKey(email), { ...LIMITS.loginFailures, max: Number.MAX_SAFE_INTEGER }, now);
    return null;
  }
  await giveBackAll(db, taken);
  // Once only: a code already used (by a sign-in racing this one) refuses this sign-in.
  if (codeId !== null) await consumeEmailCode(db, codeId, now);
  await clearAttempts(db, accountKey(email));
  return result;
}

const loginLocked = () => new AppError('LOGIN_LOCKED');

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rateLimit } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { clientLimitKey } from '@/lib/http/client-ip';

export type Limit = { max: number; windowSeconds: number };

/** An environment override (a positive whole number), else the default. */
export function envLimit(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Every limit, env-overridable. Login limits count FAILED attempts only (a correct password signs in
 * unless the account or the client is locked by failures); per-client limits are keyed by
 * clientKey(): the client's IPv4 address, or the /64 of its IPv6 address.
 */
export const LIMITS = {
  /** Failed logins per account in 5 minutes; past it the account is locked until the window ends. */
  loginFailures: { max: envLimit('RATE_LIMIT_LOGIN', 10), windowSeconds: 300 },
  /** Failed logins from one client, any accounts, in 5 minutes. */
  loginFailuresPerIp: { max: envLimit('RATE_LIMIT_LOGIN_IP', 20), windowSeconds: 300 },
  /** Distinct accounts one client may fail to sign in to in 5 minutes (account spraying). */
  loginAccountsPerIp: { max: envLimit('RATE_LIMIT_LOGIN_ACCOUNTS_IP', 10), windowSeconds: 300 },
  codePerEmail: { max: envLimit('RATE_LIMIT_CODE', 5), windowSeconds: 3600 },
  codePerIp: { max: envLimit('RATE_LIMIT_CODE_IP', 30), windowSeconds: 3600 },
  /** Distinct addresses one client may have codes sent to in an hour. */
  codeEmailsPerIp: { max: envLimit('RATE_LIMIT_CODE_EMAILS_IP', 10), windowSeconds: 3600 },
  codeChecksPerIp: { max: envLimit('RATE_LIMIT_CODE_CHECK_IP', 60), windowSeconds: 600 },
  /** "Is this address registered?" (checkEmail) per client in 5 minutes. */
  checkEmailPerIp: { max: envLimit('RATE_LIMIT_CHECK_EMAIL_IP', 30), windowSeconds: 300 },
  /** Wrong invitation codes per client and per account in an hour. */
  invitationPerIp: { max: envLimit('RATE_LIMIT_INVITATION_IP', 20), windowSeconds: 3600 },
  invitationPerAccount: { max: envLimit('RATE_LIMIT_INVITATION_ACCOUNT', 10), windowSeconds: 3600 },
  /** Federated sign-ins begun per client in 10 minutes (each writes a login state). */
  oidcBeginPerIp: { max: envLimit('RATE_LIMIT_OIDC_BEGIN_IP', 60), windowSeconds: 600 },
  /**
   * Feedback one account may send to a conference in 24 hours. Not a counter of this table: the
   * feedback rows themselves are counted under a per-account lock (lib/feedback/send-feedback.ts).
   */
  feedbackPerDay: { max: envLimit('RATE_LIMIT_FEEDBACK_DAY', 10), windowSeconds: 86_400 },
  /**
   * Test mails one account may send in 10 minutes, across every conference it manages (each goes
   * at once to an address typed, to an SMTP host a manager typed).
   */
  mailTestPerAccount: { max: envLimit('RATE_LIMIT_MAIL_TEST', 20), windowSeconds: 600 },
  /** The door's searches by name, number, email or phone per staff account in a minute (issue 24). */
  checkinSearchPerAccount: { max: envLimit('RATE_LIMIT_CHECKIN_SEARCH', 60), windowSeconds: 60 },
  /** Scans and check-ins per staff account in a minute: far above a door's pace, far below an enumeration's. */
  checkinScanPerAccount: { max: envLimit('RATE_LIMIT_CHECKIN_SCAN', 600), windowSeconds: 60 },
} satisfies Record<string, Limit>;

function disabled(): boolean {
  return process.env.DISABLE_RATE_LIMIT === '1' && process.env.NODE_ENV !== 'production';
}

function windowOf(limit: Limit, now: Date): Date {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** One attempt counted against a key's window; `count` includes it. Give it back with giveBack(). */
export type Attempt = { key: string; windowStart: Date; count: number };

/**
 * Counts one attempt against `key` in a fixed window (one atomic upsert, so concurrent requests and
 * several app processes share the count) and throws past the limit (`refuse`, RATE_LIMITED by
 * default), giving the refused attempt back so the count stays the attempts that went through.
 * Returns null while rate limits are disabled (DISABLE_RATE_LIMIT=1 outside production).
 */
export async function takeAttempt(
  db: Executor,
  key: string,
  limit: Limit,
  now = new Date(),
  refuse: () => AppError = () => new AppError('RATE_LIMITED'),
): Promise<Attempt | null> {
  if (disabled()) return null;
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count });
  const attempt = { key, windowStart, count: row.count };
  if (row.count > limit.max) {
    await giveBack(db, attempt);
    throw refuse();
  }
  return attempt;
}

/** Un-counts an attempt (a correct password, a right invitation code): only failures stay counted. */
export async function giveBack(db: Executor, attempt: Attempt | null): Promise<void> {
  if (!attempt) return;
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, attempt.key), eq(rateLimit.windowStart, attempt.windowStart)));
}

/** Forgets every window of a key (an account's failed logins after a successful one). */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  if (disabled()) return;
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

/** Counts one hit against `key` in a fixed window and throws RATE_LIMITED past the limit. */
export async function hitRateLimit(db: Executor, key: string, limit: Limit, now = new Date()): Promise<void> {
  await takeAttempt(db, key, limit, now);
}

/**
 * The rate-limit key of one client in one scope: every per-client limit is counted under it, so an
 * IPv6 client cannot step around a limit by taking another address of its /64 (clientLimitKey).
 */
export function clientKey(scope: string, ip: string): string {
  return `${scope}:ip:${clientLimitKey(ip)}`;
}

/** A per-client limit needs a known client; without an address it is skipped, never shared. */
export async function hitClientLimit(db: Executor, scope: string, ip: string | null, limit: Limit, now = new Date()): Promise<void> {
  if (ip) await hitRateLimit(db, clientKey(scope, ip), limit, now);
}

/**
 * Counts `item` (an address, an account) among the distinct items one client touched in the window,
 * and throws RATE_LIMITED when it is one too many; an item already counted in this window is free.
 * Returns the attempts taken, so a caller whose action turned out legitimate can give them back.
 */
export async function takeDistinct(
  db: Executor,
  scope: string,
  ip: string,
  item: string,
  limit: Limit,
  now = new Date(),
): Promise<Attempt[]> {
  const pair = await takeAttempt(db, `${clientKey(scope, ip)}:item:${item}`, { ...limit, max: Number.MAX_SAFE_INTEGER }, now);
  if (!pair || pair.count > 1) return [pair].filter((a): a is Attempt => a !== null);
  try {
    const distinct = await takeAttempt(db, clientKey(scope, ip), limit, now);
    return [pair, distinct].filter((a): a is Attempt => a !== null);
  } catch (error) {
    await giveBack(db, pair);
    throw error;
  }
}

export async function giveBackAll(db: Executor, attempts: (Attempt | null)[]): Promise<void> {
  for (const attempt of attempts) await giveBack(db, attempt);
}

export async function pruneRateLimits(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(rateLimit).where(sql`${rateLimit.windowStart} < ${olderThan}`);
}

import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rateLimit } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';

export type Limit = { max: number; windowSeconds: number };

export const LIMITS = {
  login: { max: Number(process.env.RATE_LIMIT_LOGIN ?? 10), windowSeconds: 300 },
  codePerEmail: { max: Number(process.env.RATE_LIMIT_CODE ?? 5), windowSeconds: 3600 },
  codePerIp: { max: Number(process.env.RATE_LIMIT_CODE_IP ?? 30), windowSeconds: 3600 },
  codeChecksPerIp: { max: Number(process.env.RATE_LIMIT_CODE_CHECK_IP ?? 60), windowSeconds: 600 },
} satisfies Record<string, Limit>;

/** A per-client limit needs a known client; without a trusted address it is skipped, never shared. */
export async function hitClientLimit(db: Executor, scope: string, ip: string | null, limit: Limit, now = new Date()): Promise<void> {
  if (ip) await hitRateLimit(db, `${scope}:ip:${ip}`, limit, now);
}

/**
 * Counts one hit against `key` in a fixed window and throws RATE_LIMITED past the limit.
 * One atomic upsert, so concurrent requests and several app processes share the count.
 */
export async function hitRateLimit(db: Executor, key: string, limit: Limit, now = new Date()): Promise<void> {
  if (process.env.DISABLE_RATE_LIMIT === '1' && process.env.NODE_ENV !== 'production') return;
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count });
  if (row.count > limit.max) throw new AppError('RATE_LIMITED');
}

export async function pruneRateLimits(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(rateLimit).where(sql`${rateLimit.windowStart} < ${olderThan}`);
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeFeed } from '@/db/schema';

/**
 * The secret address of a participant's "my agenda" calendar feed (issue 23 point 5):
 * `/api/conference/programme/feed/<token>.ics`. The token is 32 random bytes (base64url, 43 characters); only its
 * SHA-256 is stored, so the address is shown once, when it is made, and can never be shown again: a participant who
 * lost it makes a new one, which replaces (revokes) the old. Stopping the feed deletes the row.
 */

type Who = { conferenceId: number; userId: string };

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes a new secret address for the caller (the old one stops working at once); returns the token, shown once. */
export async function renewAgendaFeed(db: Executor, input: Who, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashFeedToken(token);
  await db
    .insert(programmeFeed)
    .values({ conferenceId: input.conferenceId, userId: input.userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: [programmeFeed.conferenceId, programmeFeed.userId], set: { tokenHash, createdAt: now } });
  return token;
}

/** Stops the caller's feed: its address answers 404 from now on. */
export async function stopAgendaFeed(db: Executor, input: Who): Promise<void> {
  await db.delete(programmeFeed).where(and(eq(programmeFeed.conferenceId, input.conferenceId), eq(programmeFeed.userId, input.userId)));
}

/** When the caller's current address was made, or null when they have none. */
export async function agendaFeedSince(db: Executor, input: Who): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: programmeFeed.createdAt })
    .from(programmeFeed)
    .where(and(eq(programmeFeed.conferenceId, input.conferenceId), eq(programmeFeed.userId, input.userId)));
  return row?.createdAt ?? null;
}

/** Whose feed a token opens at this conference (null: no such address, or an old one). */
export async function agendaFeedOwner(db: Executor, input: { conferenceId: number; token: string }): Promise<string | null> {
  if (!FEED_TOKEN_PATTERN.test(input.token)) return null;
  const [row] = await db
    .select({ userId: programmeFeed.userId })
    .from(programmeFeed)
    .where(and(eq(programmeFeed.conferenceId, input.conferenceId), eq(programmeFeed.tokenHash, hashFeedToken(input.token))));
  return row?.userId ?? null;
}

/** The feed's address for a token: https for copying, webcal for calendars that subscribe on a click. */
export function agendaFeedAddress(origin: string, token: string, locale: 'zh' | 'en'): { url: string; webcal: string } {
  const url = `${origin}/api/conference/programme/feed/${token}.ics${locale === 'en' ? '?lang=en' : ''}`;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

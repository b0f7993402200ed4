/**
 * Driving route handlers in integration tests: the test database becomes the process's database
 * (as getDb() sees it), accounts get real session rows, and requests are NextRequests with a host.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { conferenceMember, platformAdmin, session } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { hashSessionToken } from '@/lib/auth/session-token-hash';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';

const databaseKey = Symbol.for('confhub.database');

/** Makes `database` the one getDb() answers, for the handlers under test. */
export function useAsProcessDatabase(database: Database): void {
  (globalThis as Record<symbol, unknown>)[databaseKey] = Promise.resolve(database);
  // Better Auth (getAuth()) is built over the process database: the next call builds it over this one.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('confhub.auth')];
  forgetConferenceCache();
}

export type Role = 'anonymous' | 'user' | 'checkin' | 'manager' | 'platformAdmin';

/** An account with a live session, in the role asked for on `conferenceId`; returns its bearer token. */
export async function plantSession(database: Database, conferenceId: number, role: Exclude<Role, 'anonymous'>): Promise<string> {
  const { db } = database;
  const email = `${role}-${randomBytes(4).toString('hex')}@example.org`;
  const userId = await db.transaction((tx) => insertAccount(tx, { email, name: `${role} tester`, passwordHash: null }));
  if (role === 'manager' || role === 'checkin') await db.insert(conferenceMember).values({ conferenceId, userId, role });
  if (role === 'platformAdmin') await db.insert(platformAdmin).values({ userId });
  return insertSessionFor(db, userId);
}

/**
 * A live session row for `userId`, stored as the app stores them (the token's hash); returns the
 * raw token, to send as `Authorization: Bearer`. Every test that plants a session goes through here.
 */
export async function insertSessionFor(db: Executor, userId: string, ttlMs = 3_600_000): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await db.insert(session).values({ id: randomUUID(), token: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The account a planted (or signed-in) session token belongs to. */
export async function sessionUserId(db: Executor, token: string): Promise<string> {
  const [row] = await db
    .select({ userId: session.userId })
    .from(session)
    .where(eq(session.token, hashSessionToken(token)));
  if (!row) throw new Error('no session for this token');
  return row.userId;
}

/** A request to a handler as the server would pass it: on `host`, with a bearer token when given. */
export function apiRequest(
  url: string,
  init: { method?: string; host?: string; token?: string; headers?: Record<string, string>; body?: BodyInit | null } = {},
): NextRequest {
  const headers = new Headers(init.headers);
  headers.set('host', init.host ?? 'localhost');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined && init.body !== null && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return new NextRequest(new URL(url, `http://${init.host ?? 'localhost'}`), {
    method: init.method ?? 'GET',
    headers,
    body: init.body ?? null,
    // Node needs this for a streamed body.
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

/**
 * Driving route handlers in integration tests: the test database becomes the process's database
 * (as getDb() sees it), accounts get real session rows, and requests are NextRequests with a host.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import type { Database } from '@/db/client';
import { conferenceMember, platformAdmin, session } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';

const databaseKey = Symbol.for('confhub.database');

/** Makes `database` the one getDb() answers, for the handlers under test. */
export function useAsProcessDatabase(database: Database): void {
  (globalThis as Record<symbol, unknown>)[databaseKey] = Promise.resolve(database);
  forgetConferenceCache();
}

export type Role = 'anonymous' | 'user' | 'manager' | 'platformAdmin';

/** An account with a live session, in the role asked for on `conferenceId`; returns its bearer token. */
export async function plantSession(database: Database, conferenceId: number, role: Exclude<Role, 'anonymous'>): Promise<string> {
  const { db } = database;
  const email = `${role}-${randomBytes(4).toString('hex')}@example.org`;
  const userId = await db.transaction((tx) => insertAccount(tx, { email, name: `${role} tester`, passwordHash: null }));
  if (role === 'manager') await db.insert(conferenceMember).values({ conferenceId, userId, role: 'manager' });
  if (role === 'platformAdmin') await db.insert(platformAdmin).values({ userId });
  const token = randomBytes(24).toString('hex');
  await db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
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

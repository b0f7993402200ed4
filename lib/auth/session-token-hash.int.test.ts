import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, makeSignature } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as logout } from '@/app/api/base/oauth/logout/route';
import { POST as localLogin } from '@/app/api/base/oauth/localLogin/route';
import { GET as userInfo } from '@/app/api/base/user/info/route';
import type { Database } from '@/db/client';
import { session } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { insertAccount } from '@/lib/accounts/create-account';
import { SESSION_COOKIE } from '@/lib/auth/cookies';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { createSessionFor } from '@/lib/oidc/session';
import { callHandler, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { authSecret, getAuth } from './auth';
import { hashSessionToken } from './session-token-hash';

const EMAIL = 'hash@example.org';
const PASSWORD = 'Hashed2026x';

/** The raw token inside a signed one (`token.signature`, maybe URL-encoded). */
const rawOf = (signed: string) => {
  const value = decodeURIComponent(signed);
  return value.includes('.') ? value.slice(0, value.lastIndexOf('.')) : value;
};

describe.each(testBackends())('session tokens are stored hashed on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let userId: string;
  let signedToken: string;
  let rawToken: string;
  let cookie: string;

  const storedTokens = async () => (await database.db.select({ token: session.token }).from(session)).map((r) => r.token);
  const info = (headers: Record<string, string>) => callHandler(userInfo, fx, { method: 'GET', path: '/api/base/user/info', headers });
  const signedCookie = async (token: string) =>
    `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${await makeSignature(token, authSecret())}`)}`;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'hashed');
    userId = await database.db.transaction(async (tx) =>
      insertAccount(tx, { email: EMAIL, name: 'Hash Tester', passwordHash: await hashPassword(PASSWORD) }),
    );
  });
  afterAll(() => database?.close());

  it('signing in stores the token’s hash, never the token the client holds', async () => {
    const res = await callHandler(localLogin, fx, {
      path: '/api/base/oauth/localLogin',
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    signedToken = (res.json?.data as { token: string }).token;
    rawToken = rawOf(signedToken);
    cookie = await signedCookie(rawToken);
    const stored = await storedTokens();
    expect(stored).toEqual([hashSessionToken(rawToken)]);
    expect(stored).not.toContain(rawToken);
    expect(stored.some((value) => signedToken.includes(value) || value.includes(rawToken))).toBe(false);
  });

  it('the raw token works as bearer or cookie; the stored value does not', async () => {
    const working: Record<string, string>[] = [
      { authorization: `Bearer ${signedToken}` },
      { authorization: `Bearer ${rawToken}` },
      { cookie },
    ];
    for (const headers of working) {
      expect((await info(headers)).status).toBe(200);
    }
    const [stored] = await storedTokens();
    expect((await info({ authorization: `Bearer ${stored}` })).status).toBe(401);
    expect((await info({ cookie: await signedCookie(stored) })).status).toBe(401);
    // Better Auth's own lookup (used by logout and refresh) refuses it too.
    const auth = await getAuth();
    expect(await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${stored}` }) })).toBeNull();
    expect(await auth.api.getSession({ headers: new Headers({ cookie: await signedCookie(stored) }) })).toBeNull();
  });

  it('Better Auth refreshes the session by its token and hands back the raw token', async () => {
    const soon = new Date(Date.now() + 3_600_000);
    await database.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, userId));
    const auth = await getAuth();
    const found = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(found?.session.token).toBe(rawToken);
    const [row] = await database.db.select().from(session).where(eq(session.userId, userId));
    expect(row.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 3_600_000);
    expect(row.token).toBe(hashSessionToken(rawToken));
  });

  it('logout ends the session', async () => {
    const res = await callHandler(logout, fx, { method: 'DELETE', path: '/api/base/oauth/logout', token: signedToken });
    expect(res.status).toBe(200);
    expect(await storedTokens()).toEqual([]);
    expect((await info({ authorization: `Bearer ${rawToken}` })).status).toBe(401);
  });

  it('a session made by the OIDC login is stored hashed too', async () => {
    const created = await createSessionFor(userId, { headers: new Headers(), auth: await getAuth() });
    const raw = rawOf(created.token);
    expect(await storedTokens()).toEqual([hashSessionToken(raw)]);
    expect((await info({ authorization: `Bearer ${created.token}` })).status).toBe(200);
    expect((await info({ authorization: `Bearer ${hashSessionToken(raw)}` })).status).toBe(401);
  });

  it('migration 0020 turns a stored raw token into the hash the lookup uses', async () => {
    await database.db.delete(session);
    const legacy = 'legacyRawToken0123456789abcdefXY';
    await database.db.insert(session).values({ id: 'legacy', token: legacy, userId, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await info({ authorization: `Bearer ${legacy}` })).status).toBe(401);
    const migration = readFileSync(path.join(process.cwd(), 'db/migrations/0020_session_token_hash.sql'), 'utf8');
    await database.db.execute(sql.raw(migration));
    expect(await storedTokens()).toEqual([hashSessionToken(legacy)]);
    expect((await info({ authorization: `Bearer ${legacy}` })).status).toBe(200);
    expect((await info({ cookie: await signedCookie(legacy) })).status).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceMember, platformAdmin, session } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { insertAccount } from '@/lib/accounts/create-account';
import { buildAuth } from './auth';
import { resolveSession, sessionTokenFrom } from './session-lookup';
import { hashSessionToken } from './session-token-hash';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';

describe.each(testBackends('both'))('session lookup agrees with Better Auth on %s', (backend) => {
  let database: Database;
  let auth: ReturnType<typeof buildAuth>;
  let userId: string;
  let conferenceId: number;
  let cookie: string;
  let signedToken: string;
  let rawToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    auth = buildAuth(database.db, SECRET);
    userId = await database.db.transaction(async (tx) =>
      insertAccount(tx, { email: 'chen@example.org', name: 'Chen Jing', passwordHash: await hashPassword('Session2026x') }),
    );
    [{ id: conferenceId }] = await database.db
      .insert(conference)
      .values({ slug: 's', title: { zh: '会', en: 'C' }, shortTitle: { zh: '会', en: 'C' } })
      .returning({ id: conference.id });
    const { headers, response } = await auth.api.signInEmail({
      body: { email: 'chen@example.org', password: 'Session2026x' },
      headers: new Headers(),
      returnHeaders: true,
    });
    cookie = headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    signedToken = headers.get('set-auth-token')!;
    rawToken = response.token;
  });
  afterAll(() => database?.close());

  const resolve = async (h: Record<string, string>, secret = SECRET) => {
    const token = sessionTokenFrom(new Headers(h), secret);
    return token ? resolveSession(database.db, token, conferenceId) : null;
  };

  it('the cookie, the signed bearer token and the raw token all resolve to the account', async () => {
    const variants: Record<string, string>[] = [
      { cookie },
      { authorization: `Bearer ${signedToken}` },
      { authorization: `Bearer ${rawToken}` },
    ];
    for (const headers of variants) {
      expect((await resolve(headers))?.user).toEqual({ id: userId, email: 'chen@example.org', name: 'Chen Jing' });
    }
  });

  it('a tampered cookie or another secret resolves to nothing', async () => {
    const at = cookie.length - 12;
    const tampered = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
    const spelledOtherwise = cookie.replace(/(.)(%3D)$/, (_, c: string, pad: string) => String.fromCharCode(c.charCodeAt(0) ^ 1) + pad);
    expect(await resolve({ cookie: tampered })).toBeNull();
    expect(await resolve({ cookie: spelledOtherwise })).toBeNull();
    expect(await resolve({ cookie }, 'another-secret-0123456789-abcdefghij')).toBeNull();
    expect(await resolve({ authorization: `Bearer ${signedToken.slice(0, -3)}xx=` })).toBeNull();
  });

  it('reads the roles of this conference only', async () => {
    expect((await resolve({ cookie }))?.roles).toEqual({ platformAdmin: false, manager: false, reviewer: false, checkin: false });
    await database.db.insert(conferenceMember).values({ conferenceId, userId, role: 'reviewer' });
    await database.db.insert(platformAdmin).values({ userId });
    expect((await resolve({ cookie }))?.roles).toEqual({ platformAdmin: true, manager: false, reviewer: true, checkin: false });
    const other = await resolveSession(database.db, rawToken, conferenceId + 1000);
    expect(other?.roles).toEqual({ platformAdmin: true, manager: false, reviewer: false, checkin: false });
  });

  it('lookups asked for at once share a query, and each finds its own account, or nothing', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const id = await database.db.transaction(async (tx) =>
          insertAccount(tx, { email: `many${i}@example.org`, name: `Many ${i}`, passwordHash: null }),
        );
        const token = `many-token-${i}`;
        const expired = i % 5 === 4;
        await database.db.insert(session).values({
          id: `many-session-${i}`,
          token: hashSessionToken(token),
          userId: id,
          expiresAt: new Date(Date.now() + (expired ? -1000 : 3600_000)),
        });
        if (i % 3 === 0) await database.db.insert(conferenceMember).values({ conferenceId, userId: id, role: 'manager' });
        return { id, token, expired, manager: i % 3 === 0 };
      }),
    );
    const asked = [...accounts, { id: null, token: 'nobody-has-this-token', expired: true, manager: false }];
    const found = await Promise.all(asked.map((a) => resolveSession(database.db, a.token, conferenceId)));
    expect(found.map((f) => f?.user.id ?? null)).toEqual(asked.map((a) => (a.expired ? null : a.id)));
    expect(found.map((f) => f?.roles.manager ?? false)).toEqual(asked.map((a) => !a.expired && a.manager));
    // The same tokens on another conference: the accounts, without this conference's roles.
    const elsewhere = await Promise.all(asked.map((a) => resolveSession(database.db, a.token, conferenceId + 1000)));
    expect(elsewhere.map((f) => f?.user.id ?? null)).toEqual(asked.map((a) => (a.expired ? null : a.id)));
    expect(elsewhere.some((f) => f?.roles.manager)).toBe(false);
  });

  it('an expired or signed-out session resolves to nothing', async () => {
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));
    expect(await resolve({ cookie })).toBeNull();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(session.userId, userId));
    expect(await resolve({ cookie })).not.toBeNull();
    await auth.api.signOut({ headers: new Headers({ cookie }) });
    expect(await resolve({ cookie })).toBeNull();
  });
});

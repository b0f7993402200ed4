import { hashPassword } from 'better-auth/crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { session } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import { signIn } from '@/lib/accounts/sign-in';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createSessionFor } from '@/lib/oidc/session';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { authSecret, buildAuth, type Auth } from './auth';

/**
 * The address a session records is the client's as lib/http/client-ip.ts decides it — the socket's address
 * scripts/serve.ts passes on, or behind a trusted proxy (TRUST_PROXY=1) the entry the proxy appended — for a
 * federated sign-in (OIDC, lib/oidc/session.ts) exactly as for the email login, never an X-Forwarded-For the client
 * wrote itself.
 */
const PASSWORD = 'Address-test-2026';
const SOCKET = '198.51.100.7';
const PROXIED = '203.0.113.9';
const FORGED = '6.6.6.6';

describe.each(testBackends())('the address a session records, on %s', (backend) => {
  let database: Database;
  let auth: Auth;
  let userId: string;
  const email = `address-${backend}@example.org`;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    auth = buildAuth(database.db, authSecret());
    const passwordHash = await hashPassword(PASSWORD);
    userId = await database.db.transaction((tx) => insertAccount(tx, { email, name: 'Address Tester', passwordHash }));
  }, 120_000);
  afterAll(() => database?.close());
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  const newest = async () =>
    (
      await database.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, userId)).orderBy(desc(session.createdAt))
    )[0].ip;
  /** The address each kind of sign-in records with these request headers: [federated (OIDC), email and password]. */
  const recorded = async (headers: Record<string, string>) => {
    await createSessionFor(userId, { headers: new Headers(headers), auth });
    const federated = await newest();
    await new Promise((r) => setTimeout(r, 5));
    await signIn(database.db, { email, password: PASSWORD, ip: null, headers: new Headers(headers), auth, justRegistered: true });
    return [federated, await newest()];
  };

  it('records the socket’s address, not an X-Forwarded-For the client sent', async () => {
    expect(await recorded({ 'x-forwarded-for': FORGED, [CLIENT_IP_HEADER]: SOCKET })).toEqual([SOCKET, SOCKET]);
    expect(await recorded({ 'x-forwarded-for': `${FORGED}, 10.0.0.1`, [CLIENT_IP_HEADER]: `::ffff:${SOCKET}` })).toEqual([SOCKET, SOCKET]);
  });

  it('behind a trusted proxy, records the entry the proxy appended', async () => {
    process.env.TRUST_PROXY = '1';
    expect(await recorded({ 'x-forwarded-for': `${FORGED}, ${PROXIED}`, [CLIENT_IP_HEADER]: '10.0.0.2' })).toEqual([PROXIED, PROXIED]);
  });

  it('records no address rather than a forged one when none is known', async () => {
    expect(await recorded({ 'x-forwarded-for': FORGED })).toEqual(['', '']);
  });
});

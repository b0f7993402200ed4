import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceMember, conferenceRegistration, platformAdmin } from '@/db/schema';
import { POST as localLoginPost } from '@/app/api/base/oauth/localLogin/route';
import { buildAuth } from '@/lib/auth/auth';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { insertAccount } from './create-account';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const PASSWORD = 'Conference2026';
const forgetAuth = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for('confhub.auth')];

/**
 * The password login answers where the account lands (landingPathFor), by its roles on the
 * conference whose site it signs in on, in the caller's language; a redirect of this site wins.
 */
describe.each(testBackends())('landing after the password login on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    forgetAuth();
    buildAuth(database.db, SECRET);
    fx = await plantConference(database, `landing${backend}`);
    other = await plantConference(database, `landingother${backend}`);
    const passwordHash = await hashPassword(PASSWORD);
    const account = (email: string) => database.db.transaction((tx) => insertAccount(tx, { email, name: 'Test User', passwordHash }));
    const [manager, admin, reviewer, registered] = await Promise.all(
      ['manager', 'admin', 'reviewer', 'registered', 'newcomer'].map((who) => account(`${who}@example.org`)),
    );
    await database.db.insert(conferenceMember).values([
      { conferenceId: fx.conferenceId, userId: manager, role: 'manager' },
      { conferenceId: fx.conferenceId, userId: reviewer, role: 'reviewer' },
      // A manager of another conference is a plain participant here.
      { conferenceId: other.conferenceId, userId: registered, role: 'manager' },
    ]);
    await database.db.insert(platformAdmin).values({ userId: admin });
    await database.db.insert(conferenceRegistration).values({ conferenceId: fx.conferenceId, userId: registered, code: 'L-0001' });
  });
  afterAll(async () => {
    forgetAuth();
    await database?.close();
  });

  const landing = async (who: string, extra: Record<string, string> = {}, locale = 'en') => {
    const res = await callHandler(localLoginPost, fx, {
      body: JSON.stringify({ email: `${who}@example.org`, password: PASSWORD, ...extra }),
      headers: { 'x-locale': locale },
    });
    expect(res.status).toBe(200);
    return (res.json?.data as { next: string }).next;
  };

  it('lands each role on its page, in the caller’s language', async () => {
    expect(await landing('manager')).toBe('/en/platform');
    expect(await landing('admin')).toBe('/en/console');
    expect(await landing('reviewer')).toBe('/en/platform/submissionManage/user');
    expect(await landing('registered')).toBe('/en/profile/userInfo');
    expect(await landing('newcomer', {}, 'zh')).toBe('/conferenceRegister');
  });

  it('lets a redirect of this site win, and ignores one that leaves it', async () => {
    expect(await landing('manager', { redirect: '/profile/order/list' })).toBe('/en/profile/order/list');
    expect(await landing('manager', { redirect: 'https://evil.example/' })).toBe('/en/platform');
    expect(await landing('newcomer', { redirect: '//evil.example' }, 'zh')).toBe('/conferenceRegister');
  });
});

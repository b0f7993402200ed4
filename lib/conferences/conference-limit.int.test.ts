import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference } from '@/db/schema';
import { POST as createRoute } from '@/app/api/console/conference/route';
import { CONFERENCE_STATUS } from '@/lib/conferences/status';
import { callHandler, plantAccount, plantPublishedConference } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantSession, sessionUserId, useAsProcessDatabase } from '@/testing/harness/handlers';
import { CONFERENCES_PER_ACCOUNT, createConference } from './lifecycle';
import { ZCreateConference } from './lifecycle-schemas';

/**
 * The conferences one account may create: CONFERENCES_PER_ACCOUNT, then a clear refusal in the caller's language;
 * platform administrators are not limited; any number of creates at once by one account never pass the limit (counted
 * under a per-account lock), where a count-then-insert without the lock does (the control).
 */
const N = CONFERENCES_PER_ACCOUNT;
let seq = 0;
const input = () => {
  const slug = `lim-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  return ZCreateConference.parse({ slug, title: { zh: '会议', en: 'Conference' }, shortTitle: { zh: '会', en: 'Conf' } });
};

describe.each(testBackends('both'))('the conferences one account may create, on %s', (backend) => {
  let database: Database;
  let platform: { host: string };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    await plantPublishedConference(database.db, `limits${backend}`, { isDefault: true });
    platform = { host: `limits${backend}.localhost` };
  }, 120_000);
  afterAll(() => database?.close());

  const createdBy = async (userId: string) =>
    (await database.db.select({ n: count() }).from(conference).where(eq(conference.createdBy, userId)))[0].n;
  const anyConference = async () => (await database.db.select({ id: conference.id }).from(conference).limit(1))[0].id;

  it(`creates ${N}, then refuses the next with the limit in the caller’s language; nothing is written`, async () => {
    const account = await plantAccount(database, await anyConference());
    const create = (locale = 'zh') =>
      callHandler(createRoute, platform, { token: account.token, body: JSON.stringify(input()), headers: { 'x-locale': locale } });
    for (let i = 0; i < N; i++) expect((await create()).status).toBe(200);
    const before = await database.db.select({ n: count() }).from(conference);
    const zh = await create('zh');
    expect([zh.status, zh.json?.error, zh.json?.message]).toEqual([
      409,
      'CONFERENCE_LIMIT',
      `每个账号最多可创建 ${N} 个会议，您已达到上限。如需更多，请联系平台管理员。`,
    ]);
    const en = await create('en');
    expect(en.json?.message).toBe(
      `Each account may create at most ${N} conferences, and you have reached that number. Ask the platform's administrators if you need more.`,
    );
    expect(await database.db.select({ n: count() }).from(conference)).toEqual(before);
    expect(await createdBy(account.userId)).toBe(N);
  });

  it('does not limit a platform administrator', async () => {
    const admin = await sessionUserId(database.db, await plantSession(database, await anyConference(), 'platformAdmin'));
    for (let i = 0; i < N + 2; i++) await createConference(database.db, admin, input());
    expect(await createdBy(admin)).toBe(N + 2);
  });

  it(`${N + 3} creates at once by one account end with ${N} conferences`, async () => {
    const account = await plantAccount(database, await anyConference());
    const results = await Promise.allSettled(Array.from({ length: N + 3 }, () => createConference(database.db, account.userId, input())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(N);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)).toEqual(
      Array(3).fill('CONFERENCE_LIMIT'),
    );
    expect(await createdBy(account.userId)).toBe(N);
  });

  // Without the lock, every create counts before any of them writes (a barrier, so the race does not depend on timing
  // or the pool size), as a count-then-insert would: all pass. PGlite runs one transaction at a time, so only
  // PostgreSQL shows the race.
  it.runIf(backend === 'postgres')('control: counting without the per-account lock lets concurrent creates past the limit', async () => {
    const account = await plantAccount(database, await anyConference());
    const RACERS = N + 3;
    let counted = 0;
    let release!: () => void;
    const allCounted = new Promise<void>((resolve) => (release = resolve));
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, () =>
        database.db.transaction(async (tx) => {
          const [{ n }] = await tx.select({ n: count() }).from(conference).where(eq(conference.createdBy, account.userId));
          if (++counted === RACERS) release();
          await allCounted;
          if (n >= N) throw new Error('limit');
          const { slug, title, shortTitle } = input();
          await tx.insert(conference).values({ slug, title, shortTitle, status: CONFERENCE_STATUS.draft, createdBy: account.userId });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RACERS);
    expect(await createdBy(account.userId)).toBeGreaterThan(N);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceDomain, conferenceRegistration, paymentBill, publicationRequest } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { overviewFilter, platformOverview } from './platform-overview';

/**
 * The platform administrator's overview of every conference (issue 25 point 2): each conference's own registrants
 * and paid money (net of refunds, per currency; unpaid bills and other conferences not counted), what waits for the
 * administrator, search by address name or title in either language (its % and _ literal), and filters.
 */
describe.each(testBackends())('the platform overview on %s', (backend) => {
  let database: Database;
  let busy: ConferenceFixture;
  let quiet: ConferenceFixture;
  const tag = randomBytes(3).toString('hex');

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    busy = await plantConference(database, `busy-${tag}`);
    quiet = await plantConference(database, `quiet-${tag}`);
    const db = database.db;
    await db
      .update(conference)
      .set({ title: { zh: `物理年会 ${tag}`, en: `Physics 100%_${tag}` }, startDate: '2027-05-10', endDate: '2027-05-12' })
      .where(eq(conference.id, busy.conferenceId));
    let n = 0;
    const bill = async (fx: ConferenceFixture, userId: string, amountMinor: number, currency: string, status: string, refundedMinor = 0) =>
      db.insert(paymentBill).values({
        conferenceId: fx.conferenceId,
        billNo: `OV${tag}${++n}`,
        userId,
        methodKind: 'bankRemit',
        amountMinor,
        currency,
        status,
        refundedMinor,
      });
    for (let i = 0; i < 3; i++) {
      const who = await plantAccount(database, busy.conferenceId);
      await db.insert(conferenceRegistration).values({
        conferenceId: busy.conferenceId,
        userId: who.userId,
        code: `OV-${tag}-${i}`,
        answers: {},
        status: i === 2 ? 'cancelled' : 'registered',
      });
      await bill(busy, who.userId, 100_000, 'CNY', 'paid', i === 1 ? 30_000 : 0);
      await bill(busy, who.userId, 5_000, 'USD', i === 0 ? 'paid' : 'delay');
    }
    const other = await plantAccount(database, quiet.conferenceId);
    await bill(quiet, other.userId, 777, 'CNY', 'paid');
    await db.insert(publicationRequest).values({ conferenceId: quiet.conferenceId });
    await db.insert(conferenceDomain).values({ conferenceId: busy.conferenceId, domain: `physics-${tag}.example.org`, status: 'pending' });
  });
  afterAll(async () => {
    await database?.close();
  });

  const rowOf = async (filter: Partial<ReturnType<typeof overviewFilter>>, fx: ConferenceFixture) =>
    (await platformOverview(database.db, { q: '', status: '', page: 1, ...filter })).rows.find((r) => r.id === fx.conferenceId);

  it('counts each conference’s own registrants and paid money per currency, net of refunds', async () => {
    const row = await rowOf({ q: tag }, busy);
    expect(row).toMatchObject({
      registrants: 2,
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      pendingPublication: false,
      pendingDomains: 1,
      domains: [{ domain: `physics-${tag}.example.org`, status: 'pending' }],
    });
    expect(row!.revenue).toEqual([
      { currency: 'CNY', amountMinor: 270_000 },
      { currency: 'USD', amountMinor: 5_000 },
    ]);
    expect(await rowOf({ q: tag }, quiet)).toMatchObject({
      registrants: 0,
      revenue: [{ currency: 'CNY', amountMinor: 777 }],
      pendingPublication: true,
    });
  });

  it('searches by address name and by title in either language, taking % and _ literally', async () => {
    expect(await rowOf({ q: `物理年会 ${tag}` }, busy)).toBeDefined();
    expect(await rowOf({ q: `100%_${tag}` }, busy)).toBeDefined();
    expect(await rowOf({ q: `100__${tag}` }, busy)).toBeUndefined();
    expect(await rowOf({ q: `quiet-${tag}` }, busy)).toBeUndefined();
    expect(await rowOf({ q: `quiet-${tag}` }, quiet)).toBeDefined();
  });

  it('filters by status and by what waits for the administrator; reads a bad address as no filter', async () => {
    expect(await rowOf({ q: tag, status: 'waiting' }, busy)).toBeDefined();
    expect(await rowOf({ q: tag, status: 'waiting' }, quiet)).toBeDefined();
    const status = (await rowOf({ q: tag }, busy))!.status;
    const otherStatus = status === '4' ? '1' : '4';
    expect(await rowOf({ q: tag, status: otherStatus as '1' | '4' }, busy)).toBeUndefined();
    expect(overviewFilter({ q: ['  x  ', 'y'], status: 'drop table', page: '-3' })).toEqual({ q: 'x', status: '', page: 1 });
    expect(overviewFilter({ status: 'waiting', page: '2' })).toEqual({ q: '', status: 'waiting', page: 2 });
    const { total } = await platformOverview(database.db, { q: tag, status: '', page: 99 });
    expect(total).toBe(2);
  });
});

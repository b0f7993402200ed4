import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { submissionConfig } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET, POST } from '@/app/api/conference/platform/config/contribute/route';
import { callForPapers, callStateNow, findCallConfig, saveCallConfig } from './config';
import { DEFAULT_CALL_CONFIG, type CallConfigInput } from './config-schemas';

/**
 * The call-for-papers settings through the handlers: defaults, a full round trip, every refusal
 * answered 400 in the caller's language with nothing changed, `used` out of the form's reach, the
 * cap never below `used` (also while submissions take places at the same moment), one conference only.
 */

const FULL: CallConfigInput = {
  enabled: true,
  notice: { zh: '<p>请阅读</p><script>alert(1)</script>', en: '<p onclick="x()">Read <a href="javascript:alert(1)">me</a></p>' },
  openDate: '2026-03-01',
  firstDeadline: '2026-04-30',
  secondDeadline: '2026-05-15',
  cap: 200,
  perUserLimit: 3,
  reportTypes: [
    { value: 'oral', label: { zh: '口头报告', en: 'Oral' } },
    { value: 'poster', label: { zh: '墙报', en: 'Poster' } },
  ],
  categories: [{ value: 'theory', label: { zh: '理论', en: 'Theory' } }],
  keywordsMin: 2,
  keywordsMax: 6,
  abstractMaxChars: 2500,
  abstractFileRequired: true,
  abstractFileTypes: ['pdf', 'docx'],
  abstractFileMaxMb: 5,
  fullTextRequired: true,
  fullTextTypes: ['pdf'],
  fullTextMaxMb: 20,
  feeMinor: 30000,
  feeCurrency: 'USD',
};

describe.each(testBackends('both'))('call for papers settings on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let participant: string;

  const row = async (conferenceId: number) =>
    (await database.db.select().from(submissionConfig).where(eq(submissionConfig.conferenceId, conferenceId)))[0] ?? null;
  const post = (fx: ConferenceFixture, token: string, body: unknown, locale = 'en') =>
    callHandler(POST, fx, { token, body: JSON.stringify(body), headers: { 'x-locale': locale } });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'cfpa');
    b = await plantConference(database, 'cfpb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    ({ token: participant } = await plantAccount(database, a.conferenceId, 'user'));
  }, 120_000);
  afterAll(() => database?.close());

  it('reads the defaults while nothing is saved, and is closed', async () => {
    const call = await callForPapers(database.db, a.conferenceId);
    expect(call).toEqual({ ...DEFAULT_CALL_CONFIG, used: 0, sessions: [] });
    expect(callStateNow(call, 'Asia/Shanghai')).toBe('closed');
    expect(await row(a.conferenceId)).toBeNull();
  });

  it('only managers of the conference read and save it', async () => {
    expect((await callHandler(GET, a, { method: 'GET' })).status).toBe(401);
    expect((await callHandler(GET, a, { method: 'GET', token: participant })).status).toBe(403);
    expect((await post(a, participant, FULL)).status).toBe(403);
    // A manager of B is nobody on A's host.
    expect((await post(a, managerB, FULL)).status).toBe(403);
    expect(await row(a.conferenceId)).toBeNull();
  });

  it('saves and reads back every setting; the notice is cleaned; the other conference keeps its defaults', async () => {
    const saved = await post(a, managerA, FULL);
    expect(saved.status).toBe(200);
    const read = await callHandler(GET, a, { method: 'GET', token: managerA });
    const data = read.json?.data as Record<string, unknown>;
    const { notice, ...rest } = FULL;
    expect(data).toMatchObject({ ...rest, used: 0, sessions: [] });
    expect(data.notice).toEqual({ zh: '<p>请阅读</p>', en: '<p>Read <a>me</a></p>' });
    expect(notice?.zh).toContain('script');
    expect((await callHandler(GET, b, { method: 'GET', token: managerB })).json?.data).toMatchObject({
      enabled: false,
      cap: 0,
      reportTypes: [],
    });
    expect(await row(b.conferenceId)).toBeNull();
    // The state follows the dates in the conference's zone.
    const call = await findCallConfig(database.db, a.conferenceId);
    expect(callStateNow(call, 'Asia/Shanghai', new Date('2026-04-30T15:59:00Z'))).toBe('open');
    expect(callStateNow(call, 'Asia/Shanghai', new Date('2026-04-30T16:01:00Z'))).toBe('firstPassed');
  });

  it('refuses each bad setting with a message in the caller language and changes nothing', async () => {
    const before = await row(a.conferenceId);
    const bad: Array<[Partial<CallConfigInput> | Record<string, unknown>, string, string]> = [
      [{ firstDeadline: '2026-02-01' }, 'firstDeadline', 'The first deadline cannot be before the open date'],
      [{ secondDeadline: '2026-04-01' }, 'secondDeadline', 'The second deadline cannot be before the first deadline'],
      [{ openDate: '2026-02-30' }, 'openDate', 'Please enter a valid date'],
      [{ openDate: '' }, 'openDate', 'Please enter this date'],
      [{ cap: -1 }, 'cap', 'Enter a whole number from 0 to 1,000,000 (0 means no limit)'],
      [{ keywordsMin: 7, keywordsMax: 6 }, 'keywordsMax', 'The most keywords cannot be fewer than the fewest'],
      [{ abstractFileTypes: ['exe'] }, 'abstractFileTypes.0', 'Please choose one of the options'],
      [{ fullTextMaxMb: 51 }, 'fullTextMaxMb', 'The size limit is a whole number from 1 to 20 MB'],
      [{ feeMinor: 99.5 }, 'feeMinor', 'Enter a valid amount (0 means free)'],
      [{ feeCurrency: 'BTC' }, 'feeCurrency', 'Please choose one of the options'],
      [
        { reportTypes: [{ value: 'oral', label: { zh: '口头', en: '' } }] },
        'reportTypes.0.label.en',
        'Please give the name in Chinese and in English',
      ],
    ];
    for (const [change, field, message] of bad) {
      const answer = await post(a, managerA, { ...FULL, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.json, field).toMatchObject({ error: 'INVALID_INPUT', message, fields: { [field]: message } });
    }
    const zh = await post(a, managerA, { ...FULL, secondDeadline: '2026-02-01' }, 'zh');
    expect(zh.json?.message).toBe('第二截止日期不能早于开始日期');
    expect(await row(a.conferenceId)).toEqual(before);
  });

  it('never takes `used` from the form, and refuses a cap below it with a clear message', async () => {
    await post(a, managerA, { ...FULL, used: 150 });
    expect((await row(a.conferenceId))?.used).toBe(0);
    // The submission service took 5 places.
    await database.db.update(submissionConfig).set({ used: 5 }).where(eq(submissionConfig.conferenceId, a.conferenceId));
    const before = await row(a.conferenceId);
    const refused = await post(a, managerA, { ...FULL, cap: 4, perUserLimit: 1, feeMinor: 1 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: 'SUBMISSION_CAP_BELOW_USED',
      message: 'The submission limit cannot be below the 5 places already taken',
    });
    expect((await post(a, managerA, { ...FULL, cap: 4, perUserLimit: 1 }, 'zh')).json?.message).toBe('投稿总数上限不能低于已占用的 5 篇');
    expect(await row(a.conferenceId)).toEqual(before);
    expect((await post(a, managerA, { ...FULL, cap: 5, perUserLimit: 1 })).status).toBe(200);
    expect((await post(a, managerA, { ...FULL, cap: 0 })).status).toBe(200);
    expect(await row(a.conferenceId)).toMatchObject({ cap: 0, used: 5 });
  });

  it('a cap lowered while submissions take places never ends below `used` (control: no cap takes them all)', async () => {
    const takers = 12;
    const take = () =>
      database.db
        .update(submissionConfig)
        .set({ used: sql`${submissionConfig.used} + 1` })
        .where(
          and(
            eq(submissionConfig.conferenceId, a.conferenceId),
            sql`(${submissionConfig.cap} = 0 or ${submissionConfig.used} + 1 <= ${submissionConfig.cap})`,
          ),
        )
        .returning({ used: submissionConfig.used });
    const reset = () =>
      database.db.update(submissionConfig).set({ used: 0, cap: 0 }).where(eq(submissionConfig.conferenceId, a.conferenceId));

    // Control: without a cap every taker gets a place.
    await reset();
    const free = await Promise.all(Array.from({ length: takers }, take));
    expect(free.filter((r) => r.length).length).toBe(takers);

    await reset();
    const outcomes = await Promise.all([
      ...Array.from({ length: takers }, take),
      saveCallConfig(database.db, a.conferenceId, { ...FULL, cap: 6, perUserLimit: 1 }).then(
        () => 'saved' as const,
        (error: { code?: string }) => error.code ?? 'other',
      ),
    ]);
    const saveOutcome = outcomes.at(-1);
    const taken = (outcomes.slice(0, -1) as Array<{ used: number }[]>).filter((r) => r.length).length;
    const final = await row(a.conferenceId);
    expect(['saved', 'SUBMISSION_CAP_BELOW_USED']).toContain(saveOutcome);
    expect(final!.used).toBe(taken);
    if (saveOutcome === 'saved') {
      expect(final!.cap).toBe(6);
      expect(final!.used).toBeLessThanOrEqual(6);
    } else {
      expect(final!.cap).toBe(0);
      expect(taken).toBe(takers);
    }
  });
});

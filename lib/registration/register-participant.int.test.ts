import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import { openDatabase, type Database } from '@/db/client';
import { conference, conferenceRegistration, mailOutbox, registrationConfig, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { hitRateLimit } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import { saveTemplateOverride } from '@/lib/mail/template-overrides';
import { registerParticipant } from './register-participant';

const CAP = 25;
const CONTENDERS = 200;

describe.each(testBackends('both'))('registration capacity on %s', (backend) => {
  let database: Database;
  let conf: typeof conference.$inferSelect;
  const users: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({
        slug: 'cap',
        title: { zh: '会', en: 'C' },
        shortTitle: { zh: '会', en: 'C' },
        registerFlag: true,
        registerNum: CAP,
        status: PUBLISHED,
      })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    for (let i = 0; i < CONTENDERS; i++) users.push(randomUUID());
    await database.db.insert(user).values(users.map((id, i) => ({ id, name: `u${i}`, email: `u${i}@example.org` })));
  });
  afterAll(() => database?.close());

  it(`${CONTENDERS} concurrent registrations against a cap of ${CAP}: exactly ${CAP} succeed, the rest are told it is full`, async () => {
    const localeOf = (i: number) => (i % 2 ? 'en' : 'zh');
    const results = await Promise.allSettled(
      users.map((userId, i) => registerParticipant(database.db, { conference: conf, userId, locale: localeOf(i) })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const full = results.filter((r) => r.status === 'rejected' && (r.reason as AppError).code === 'REGISTRATION_FULL');
    expect(ok).toHaveLength(CAP);
    expect(full).toHaveLength(CONTENDERS - CAP);
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf.id));
    expect(n).toBe(CAP);
    // First come, first served: the places go to the first CAP callers, in the order they asked.
    const placedUsers = users.filter((_, i) => results[i].status === 'fulfilled');
    expect(placedUsers).toEqual(users.slice(0, CAP));
    const codes = (ok as PromiseFulfilledResult<{ code: string }>[]).map((r) => r.value.code).sort();
    expect(new Set(codes).size).toBe(CAP);
    expect(codes[0]).toBe('CAP-0001');
    const [row] = await database.db.select().from(conference).where(eq(conference.id, conf.id));
    expect(row.registeredCount).toBe(CAP);
    // One confirmation mail per registration, written by the same statement, with its number.
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.conferenceId, conf.id));
    expect(mails).toHaveLength(CAP);
    expect(codes.every((code) => mails.some((m) => m.text.includes(code) && m.html.includes(code)))).toBe(true);
    // Each registration keeps the language it was made in (bulk mail reaches the registrant in it).
    const registrations = await database.db
      .select({ userId: conferenceRegistration.userId, locale: conferenceRegistration.locale })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf.id));
    const wanted = new Map(users.map((userId, i) => [userId, localeOf(i)]));
    expect(registrations.filter((r) => r.locale !== wanted.get(r.userId))).toEqual([]);
    expect(new Set(registrations.map((r) => r.locale))).toEqual(new Set(['zh', 'en']));
  });

  // The control: the same load against a naive check-then-insert (count, then insert, no lock)
  // oversells, which shows the test above can catch a race. PGlite runs one transaction at a time,
  // so the race can only show on PostgreSQL.
  it.runIf(backend === 'postgres')('control: without the atomic update the same load oversells', async () => {
    const [naive] = await database.db
      .insert(conference)
      .values({ slug: 'naive', title: { zh: '会', en: 'N' }, shortTitle: { zh: '会', en: 'N' }, registerFlag: true, registerNum: CAP })
      .returning();
    await Promise.allSettled(
      users.map((userId, i) =>
        database.db.transaction(async (tx) => {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(conferenceRegistration)
            .where(eq(conferenceRegistration.conferenceId, naive.id));
          if (n >= CAP) throw new Error('full');
          // Long enough that the transactions of one wave of the pool all read before any of them writes.
          await new Promise((r) => setTimeout(r, 25));
          await tx.insert(conferenceRegistration).values({ conferenceId: naive.id, userId, code: `N-${i}` });
        }),
      ),
    );
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, naive.id));
    expect(n).toBeGreaterThan(CAP);
  });

  it('one registration per account, even when it clicks twice at once', async () => {
    await database.db.update(conference).set({ registerNum: 1000 }).where(eq(conference.id, conf.id));
    const countBefore = (await database.db.select().from(conference).where(eq(conference.id, conf.id)))[0].registeredCount;
    const [fresh] = await database.db.select().from(conference).where(eq(conference.id, conf.id));
    const userId = users[CONTENDERS - 1];
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => registerParticipant(database.db, { conference: fresh, userId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'ALREADY_REGISTERED'),
    ).toBe(true);
    // The losers' places were given back.
    expect((await database.db.select().from(conference).where(eq(conference.id, conf.id)))[0].registeredCount).toBe(countBefore + 1);
  });

  it('the confirmation is worded as the organisers wrote it, for their conference only', async () => {
    const [worded] = await database.db
      .insert(conference)
      .values({ slug: 'worded', title: { zh: '措辞', en: 'Worded' }, shortTitle: { zh: '措辞', en: 'W' }, status: PUBLISHED })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: worded.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    await saveTemplateOverride(database.db, worded.id, 'registrationSuccess', {
      subject: { zh: '{conference}：编号 {code}', en: '{conference}: number {code}' },
      body: { zh: '{name}，您的编号是 {code}。', en: '{name}, your number is {code}.' },
    });
    const [a, b] = [users[CONTENDERS - 3], users[CONTENDERS - 4]];
    const first = await registerParticipant(database.db, { conference: worded, userId: a, locale: 'en' });
    const second = await registerParticipant(database.db, { conference: worded, userId: b, locale: 'zh' });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.conferenceId, worded.id)).orderBy(mailOutbox.id);
    expect(mails.map((m) => m.subject)).toEqual([`Worded: number ${first.code}`, `措辞：编号 ${second.code}`]);
    expect(mails[0].text).toContain(`, your number is ${first.code}.`);
    // The first conference has no wording of its own: its confirmations keep the built-in subject.
    const [builtIn] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.conferenceId, conf.id)).limit(1);
    expect(builtIn.subject).not.toContain('number');
    expect(builtIn.subject).not.toContain('编号 ');
  });

  // Two server processes (two connection pools) take the same accounts' registrations at once: each process batches
  // its own, and a batch that meets an account the other process registered meanwhile is written one by one instead.
  it.runIf(backend === 'postgres')(
    'two processes registering the same accounts at once: one registration each, counter equals rows',
    async () => {
      const other = await openDatabase({ url: database.url!, migrate: false });
      try {
        const [both] = await database.db
          .insert(conference)
          .values({ slug: 'both', title: { zh: '两', en: 'Both' }, shortTitle: { zh: '两', en: 'B' }, status: PUBLISHED })
          .returning();
        await database.db.insert(registrationConfig).values({ conferenceId: both.id, startDate: '2000-01-01', endDate: '2999-12-31' });
        const accounts = users.slice(0, 60);
        const attempts = [database.db, other.db].flatMap((db) =>
          accounts.map((userId, i) => registerParticipant(db, { conference: both, userId, locale: i % 2 ? 'en' : 'zh' })),
        );
        const results = await Promise.allSettled(attempts);
        const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AppError).code] : []));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(accounts.length);
        expect(new Set(refused)).toEqual(new Set(['ALREADY_REGISTERED']));
        const rows = await database.db.select().from(conferenceRegistration).where(eq(conferenceRegistration.conferenceId, both.id));
        expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(accounts));
        expect(rows).toHaveLength(accounts.length);
        const [row] = await database.db.select().from(conference).where(eq(conference.id, both.id));
        expect(row.registeredCount).toBe(accounts.length);
        expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.conferenceId, both.id))).toHaveLength(accounts.length);
      } finally {
        await other.close();
      }
    },
  );

  it('outside the window, or with the module off, nothing is written', async () => {
    const before = new Date('1999-06-01T00:00:00Z');
    await expect(registerParticipant(database.db, { conference: conf, userId: users[0], now: before })).rejects.toMatchObject({
      code: 'REGISTRATION_CLOSED',
    });
    const total = async () => (await database.db.select({ n: count() }).from(conferenceRegistration))[0].n;
    const totalBefore = await total();
    await database.db.update(conference).set({ registerModuleEnabled: false }).where(eq(conference.id, conf.id));
    await expect(registerParticipant(database.db, { conference: conf, userId: users[CONTENDERS - 2] })).rejects.toMatchObject({
      code: 'MODULE_OFF',
    });
    await database.db.update(conference).set({ registerModuleEnabled: true }).where(eq(conference.id, conf.id));
    expect(await total()).toBe(totalBefore);
  });

  it('rate limits count across concurrent callers', async () => {
    const limit = { max: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => hitRateLimit(database.db, 'test:key', limit)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });
});

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, mailOutbox, submission, submissionConfig, submissionVersion } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import type { AppError } from '@/lib/http/app-error';
import { expireUnpaidOrders } from '@/lib/payments/expire';
import { listMySubmissions, feeUnpaid } from './queries';
import { submitSubmission } from './submit-submission';
import { plantCall, plantUsers, validSubmission, type CallFixture } from '@/testing/fixtures/submissions';
import { withdrawSubmission } from './withdraw-submission';

const CAP = 50;
const CONTENDERS = 200;
const conf = (fx: CallFixture) => ({ id: fx.conferenceId, title: { zh: '会议', en: 'Conference' }, timeZone: 'Asia/Shanghai' });

async function used(database: Database, conferenceId: number): Promise<number> {
  const [row] = await database.db
    .select({ used: submissionConfig.used })
    .from(submissionConfig)
    .where(eq(submissionConfig.conferenceId, conferenceId));
  return row.used;
}

async function submissions(database: Database, conferenceId: number): Promise<number> {
  const [{ n }] = await database.db.select({ n: count() }).from(submission).where(eq(submission.conferenceId, conferenceId));
  return n;
}

describe.each(testBackends('both'))('submission caps on %s', (backend) => {
  let database: Database;
  let users: { id: string; email: string; name: string }[];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    users = await plantUsers(database, CONTENDERS, 'cap');
  });
  afterAll(() => database?.close());

  const race = (fx: CallFixture) =>
    Promise.allSettled(
      users.map((u) => submitSubmission(database.db, { conference: conf(fx), user: u, locale: 'en', values: validSubmission(fx) })),
    );

  it(`${CONTENDERS} concurrent submissions against a cap of ${CAP}: exactly ${CAP} succeed, used = ${CAP}`, async () => {
    const fx = await plantCall(database, 'capped', { cap: CAP });
    const results = await race(fx);
    const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ code: string }>[];
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(CAP);
    expect(refused.every((r) => (r.reason as AppError).code === 'SUBMISSION_LIMIT')).toBe(true);
    expect(await used(database, fx.conferenceId)).toBe(CAP);
    expect(await submissions(database, fx.conferenceId)).toBe(CAP);
    // Codes: the session's prefix and a sequence without gaps or repeats.
    const codes = ok.map((r) => r.value.code).sort();
    expect(new Set(codes).size).toBe(CAP);
    expect(codes[0]).toBe('OPT0001');
    expect(codes[CAP - 1]).toBe(`OPT${String(CAP).padStart(4, '0')}`);
    // Every refused attempt rolled back whole: no stray version, mail or event.
    const [{ v }] = await database.db
      .select({ v: count() })
      .from(submissionVersion)
      .where(eq(submissionVersion.conferenceId, fx.conferenceId));
    const [{ m }] = await database.db.select({ m: count() }).from(mailOutbox).where(eq(mailOutbox.conferenceId, fx.conferenceId));
    expect([v, m]).toEqual([CAP, CAP]);
  });

  it(`control: the same ${CONTENDERS} against no cap all get through (so the limit above is the cap's doing)`, async () => {
    const fx = await plantCall(database, 'uncapped', { cap: 0 });
    const results = await race(fx);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTENDERS);
    expect(await used(database, fx.conferenceId)).toBe(CONTENDERS);
    expect(await submissions(database, fx.conferenceId)).toBe(CONTENDERS);
  });

  // A naive check-then-insert (read used, then write) under the same load oversells: the test above
  // would catch an overshoot. PGlite runs one transaction at a time, so only PostgreSQL shows the race.
  it.runIf(backend === 'postgres')('control: without the conditional update the same load oversells', async () => {
    const fx = await plantCall(database, 'naive', { cap: CAP });
    const results = await Promise.allSettled(
      users.map(() =>
        database.db.transaction(async (tx) => {
          const [row] = await tx.select().from(submissionConfig).where(eq(submissionConfig.conferenceId, fx.conferenceId));
          if (row.used >= CAP) throw new Error('full');
          // Long enough that the transactions of one wave of the pool all read before any of them writes.
          await new Promise((r) => setTimeout(r, 25));
          await tx
            .update(submissionConfig)
            .set({ used: row.used + 1 })
            .where(eq(submissionConfig.conferenceId, fx.conferenceId));
        }),
      ),
    );
    // Far more transactions passed the check than the cap allows (their updates were lost).
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(CAP);
  });

  it('per-account limit holds under concurrent clicks, and a withdrawal frees a place', async () => {
    const fx = await plantCall(database, 'peruser', { cap: 0, perUserLimit: 2 });
    const [author] = users;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        submitSubmission(database.db, { conference: conf(fx), user: author, locale: 'zh', values: validSubmission(fx) }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ id: number }>[];
    expect(ok).toHaveLength(2);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'SUBMISSION_USER_LIMIT'),
    ).toBe(true);
    expect(await used(database, fx.conferenceId)).toBe(2);
    await withdrawSubmission(database.db, { conferenceId: fx.conferenceId, userId: author.id, submissionId: ok[0].value.id });
    expect(await used(database, fx.conferenceId)).toBe(1);
    await expect(
      withdrawSubmission(database.db, { conferenceId: fx.conferenceId, userId: author.id, submissionId: ok[0].value.id }),
    ).rejects.toMatchObject({ code: 'SUBMISSION_NOT_WITHDRAWABLE' });
    expect(await used(database, fx.conferenceId)).toBe(1);
    await submitSubmission(database.db, { conference: conf(fx), user: author, locale: 'zh', values: validSubmission(fx) });
    await expect(
      submitSubmission(database.db, { conference: conf(fx), user: author, locale: 'zh', values: validSubmission(fx) }),
    ).rejects.toMatchObject({ code: 'SUBMISSION_USER_LIMIT' });
    expect(await used(database, fx.conferenceId)).toBe(2);
  });

  it('a charged call writes an unpaid submission-fee order with the submission; a withdrawal cancels it', async () => {
    const fx = await plantCall(database, 'charged', { feeMinor: 30000, feeCurrency: 'USD' });
    const author = users[1];
    const created = await submitSubmission(database.db, { conference: conf(fx), user: author, locale: 'zh', values: validSubmission(fx) });
    expect(created.orderId).not.toBeNull();
    const [order] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, created.orderId!));
    expect(order).toMatchObject({
      conferenceId: fx.conferenceId,
      userId: author.id,
      type: 'submission',
      feeId: null,
      registrationId: null,
      itemName: { zh: '投稿费', en: 'Submission fee' },
      unitPriceMinor: 30000,
      totalMinor: 30000,
      currency: 'USD',
      displayCurrency: 'USD',
      displayTotalMinor: 30000,
      payStatus: 'unpaid',
      orderStatus: 'available',
    });
    const [mine] = await listMySubmissions(database.db, fx.conferenceId, author.id);
    expect(feeUnpaid(mine.order)).toBe(true);
    // The confirmation mail, in the author's language, tells the fee.
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, fx.conferenceId), eq(mailOutbox.toAddress, author.email)));
    expect(mail).toMatchObject({ template: 'submissionReceived', locale: 'zh' });
    expect(mail.text).toContain(mine.code);
    expect(mail.text).toContain('投稿费');
    // The payment sweeper, a week on, leaves the fee payable (an ordinary unpaid order would expire),
    // and the submission remembers the language it was made in for its result mails.
    await expireUnpaidOrders(database.db, new Date(Date.now() + 7 * 86_400_000));
    const [kept] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, created.orderId!));
    expect(kept).toMatchObject({ orderStatus: 'available', payStatus: 'unpaid' });
    const [made] = await database.db.select({ locale: submission.locale }).from(submission).where(eq(submission.id, created.id));
    expect(made.locale).toBe('zh');
    await withdrawSubmission(database.db, { conferenceId: fx.conferenceId, userId: author.id, submissionId: created.id });
    const [after] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, created.orderId!));
    expect(after).toMatchObject({ orderStatus: 'invalid', payStatus: 'cancelled' });
  });

  it('a free call writes no order', async () => {
    const fx = await plantCall(database, 'free');
    const created = await submitSubmission(database.db, {
      conference: conf(fx),
      user: users[2],
      locale: 'en',
      values: validSubmission(fx),
    });
    expect(created.orderId).toBeNull();
    const [{ n }] = await database.db.select({ n: count() }).from(conferenceOrder).where(eq(conferenceOrder.conferenceId, fx.conferenceId));
    expect(n).toBe(0);
  });
});

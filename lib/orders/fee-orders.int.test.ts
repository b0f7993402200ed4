import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import {
  conference,
  conferenceOrder,
  conferenceRegistration,
  mailOutbox,
  orderEvent,
  registrationConfig,
  registrationFee,
  user,
} from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { saveFee } from '@/lib/fees/fee-config';
import { feeOffer } from '@/lib/fees/fee-offer';
import { ZFeeInput, type FeeInput } from '@/lib/fees/schemas';
import type { AppError } from '@/lib/http/app-error';
import { registerParticipant } from '@/lib/registration/register-participant';
import { allRegistrants, listRegistrants, ZRegistrantQuery } from '@/lib/registration/registrants';
import { addOptionalFee, changeFeeOrder } from './change-fee-order';
import { myFeeOrders } from './queries';

const FEE_CAP = 10;
const CONTENDERS = 200;
const fee = (input: Partial<FeeInput>): FeeInput => ({
  kind: 'register',
  title: { zh: '普通注册', en: 'Regular' },
  priceMinor: 120000,
  currency: 'CNY',
  displayCurrency: 'USD',
  displayPriceMinor: 17000,
  ...input,
});

describe.each(testBackends('both'))('fees and orders on %s', (backend) => {
  let database: Database;
  let conf: typeof conference.$inferSelect;
  let admin: string;
  const users: string[] = [];
  /** Accounts outside the rush, registered by the tests that need them. */
  const extra: string[] = [];
  const feeIds: Record<string, number> = {};

  const save = async (input: Partial<FeeInput>) => (await saveFee(database.db, conf.id, ZFeeInput.parse(fee(input)), admin)).id;
  const feeRow = async (id: number) => (await database.db.select().from(registrationFee).where(eq(registrationFee.id, id)))[0];
  const heldBy = async (id: number) =>
    Number(
      (
        await database.db
          .select({ n: sql<number>`coalesce(sum(${conferenceOrder.quantity}), 0)` })
          .from(conferenceOrder)
          .where(and(eq(conferenceOrder.feeId, id), eq(conferenceOrder.orderStatus, 'available')))
      )[0].n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({
        slug: 'fees',
        title: { zh: '收费会', en: 'Paid Conf' },
        shortTitle: { zh: '会', en: 'C' },
        registerFlag: true,
        registerNum: 1000,
        status: PUBLISHED,
      })
      .returning();
    await database.db
      .insert(registrationConfig)
      .values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31', costsSet: true, codePrefix: 'PAY26-' });
    admin = randomUUID();
    for (let i = 0; i < CONTENDERS; i++) users.push(randomUUID());
    for (let i = 0; i < 4; i++) extra.push(randomUUID());
    await database.db
      .insert(user)
      .values([
        { id: admin, name: 'admin', email: 'admin@example.org' },
        ...users.map((id, i) => ({ id, name: `u${i}`, email: `u${i}@example.org` })),
        ...extra.map((id, i) => ({ id, name: `x${i}`, email: `x${i}@example.org` })),
      ]);
    feeIds.scarce = await save({ title: { zh: '早鸟', en: 'Early bird' }, cap: FEE_CAP });
    feeIds.banquet = await save({
      kind: 'optional',
      title: { zh: '晚宴', en: 'Banquet' },
      priceMinor: 30000,
      displayPriceMinor: 4200,
      cap: 50,
      perAccountMax: 2,
    });
  });
  afterAll(() => database?.close());

  it(`${CONTENDERS} concurrent registrations for a fee capped at ${FEE_CAP}: exactly ${FEE_CAP} succeed and nothing of the others is written`, async () => {
    const results = await Promise.allSettled(
      users.map((userId) =>
        registerParticipant(database.db, {
          conference: conf,
          userId,
          locale: 'en',
          answers: { name: 'x', country: 'DE' },
          fees: { registerFeeId: feeIds.scarce, optional: [], invitationCode: '' },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(FEE_CAP);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => ((r as PromiseRejectedResult).reason as AppError).code === 'FEE_FULL'),
    ).toBe(true);
    const row = await feeRow(feeIds.scarce);
    expect(row.used).toBe(FEE_CAP);
    expect(await heldBy(feeIds.scarce)).toBe(FEE_CAP);
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf.id));
    expect(n).toBe(FEE_CAP);
    const [c] = await database.db.select().from(conference).where(eq(conference.id, conf.id));
    expect(c.registeredCount).toBe(FEE_CAP);
    // One confirmation mail per registration, in the registrant's language, with the order.
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.conferenceId, conf.id));
    expect(mails).toHaveLength(FEE_CAP);
    expect(mails[0].subject).toBe('[Paid Conf] Your registration');
    expect(mails[0].text).toContain('Early bird × 1 = CN¥1,200.00');
    const first = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof registerParticipant>>>).value;
    expect(first.code).toMatch(/^PAY26-\d{4}$/);
    expect(first.nextPath).toBe('/profile/conference/fee');
    expect(first.orders[0]).toMatchObject({
      type: 'registration',
      payStatus: 'unpaid',
      orderStatus: 'available',
      totalMinor: 120000,
      currency: 'CNY',
      displayTotalMinor: 17000,
    });
  });

  // The control: counting the fee's orders and then writing one (no conditional update) oversells
  // under the same load, so the test above can catch a race. PGlite runs one transaction at a time,
  // so the race can only show on PostgreSQL.
  it.runIf(backend === 'postgres')('control: count-then-insert of fee orders oversells', async () => {
    // A cap below the pool's connection count (10), so the first wave of readers alone overshoots it.
    const controlCap = 5;
    const naive = await save({ title: { zh: '对照', en: 'Control' }, cap: controlCap });
    await Promise.allSettled(
      users.map((userId, i) =>
        database.db.transaction(async (tx) => {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(conferenceOrder)
            .where(and(eq(conferenceOrder.feeId, naive), eq(conferenceOrder.orderStatus, 'available')));
          if (n >= controlCap) throw new Error('full');
          await new Promise((r) => setTimeout(r, 5));
          await tx.insert(conferenceOrder).values({
            conferenceId: conf.id,
            orderNo: `CONTROL-${i}`,
            userId,
            type: 'registration',
            feeId: naive,
            itemName: { zh: '对照', en: 'Control' },
            unitPriceMinor: 1,
            totalMinor: 1,
            currency: 'CNY',
            displayCurrency: 'CNY',
            displayTotalMinor: 1,
          });
        }),
      ),
    );
    expect(await heldBy(naive)).toBeGreaterThan(controlCap);
    // Leave the control's orders out of the later tests.
    await database.db
      .update(conferenceOrder)
      .set({ orderStatus: 'invalid', invalidReason: 'control' })
      .where(eq(conferenceOrder.feeId, naive));
  });

  it('a fee refused at registration leaves no registration, no order and no place taken', async () => {
    const userId = users[CONTENDERS - 1];
    const before = await feeRow(feeIds.banquet);
    const error = await registerParticipant(database.db, {
      conference: conf,
      userId,
      answers: { country: 'DE' },
      fees: { registerFeeId: feeIds.scarce, optional: [{ feeId: feeIds.banquet, quantity: 1 }], invitationCode: '' },
    }).catch((e: AppError) => e);
    expect((error as AppError).code).toBe('FEE_FULL');
    expect((await feeRow(feeIds.banquet)).used).toBe(before.used);
    const [{ n }] = await database.db.select({ n: count() }).from(conferenceRegistration).where(eq(conferenceRegistration.userId, userId));
    expect(n).toBe(0);
  });

  it('a registration fee must be chosen while one can be; the scopes and the invitation code apply', async () => {
    const regular = await save({ title: { zh: '普通', en: 'Regular' } });
    const vip = await save({ title: { zh: '特邀', en: 'Invited' }, invitationCode: 'VIP26', priceMinor: 1000, displayPriceMinor: 150 });
    const south = await save({
      title: { zh: '发展中国家', en: 'Developing' },
      thirdWorldOnly: true,
      priceMinor: 2000,
      displayPriceMinor: 300,
    });
    const zhOnly = await save({ title: { zh: '国内', en: 'Domestic' }, languageScope: 'zh' });
    const register = (
      userId: string,
      registerFeeId: number | null,
      extra: { country?: string; code?: string; locale?: 'zh' | 'en' } = {},
    ) =>
      registerParticipant(database.db, {
        conference: conf,
        userId,
        locale: extra.locale ?? 'en',
        answers: { country: extra.country ?? 'DE' },
        fees: { registerFeeId, optional: [], invitationCode: extra.code ?? '' },
      });
    await expect(register(users[100], null)).rejects.toMatchObject({ code: 'CHOOSE_REGISTER_FEE' });
    await expect(register(users[100], vip)).rejects.toMatchObject({ code: 'FEE_UNAVAILABLE' });
    await expect(register(users[100], south)).rejects.toMatchObject({ code: 'FEE_UNAVAILABLE' });
    await expect(register(users[100], zhOnly, { locale: 'en' })).rejects.toMatchObject({ code: 'FEE_UNAVAILABLE' });
    await expect(register(users[100], feeIds.banquet)).rejects.toMatchObject({ code: 'FEE_NOT_FOUND' });
    expect((await register(users[100], vip, { code: 'vip26' })).orders[0].totalMinor).toBe(1000);
    expect((await register(users[101], south, { country: 'KE' })).orders[0].totalMinor).toBe(2000);
    expect((await register(users[102], zhOnly, { locale: 'zh' })).orders).toHaveLength(1);
    // The offer: the coded fee shows with its code only; the other language's fee never.
    const offer = await feeOffer(database.db, conf, { locale: 'en' });
    expect(offer.register.map((f) => f.id)).toEqual(expect.arrayContaining([regular, south]));
    expect(offer.register.map((f) => f.id)).not.toContain(vip);
    expect(offer.register.map((f) => f.id)).not.toContain(zhOnly);
    expect(offer.register.find((f) => f.id === feeIds.scarce)).toMatchObject({ unavailable: 'full', remaining: 0 });
    expect((await feeOffer(database.db, conf, { locale: 'en', invitationCode: 'VIP26' })).register.map((f) => f.id)).toContain(vip);
    feeIds.regular = regular;
    feeIds.student = await save({ title: { zh: '学生', en: 'Student' }, priceMinor: 60000, displayPriceMinor: 8500 });
  });

  it('the per-account maximum holds when one account adds the same optional fee many times at once', async () => {
    const userId = extra[0];
    for (const id of [extra[0], extra[1]]) {
      await registerParticipant(database.db, {
        conference: conf,
        userId: id,
        locale: 'en',
        answers: { country: 'DE' },
        fees: { registerFeeId: feeIds.regular, optional: [], invitationCode: '' },
      });
    }
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        addOptionalFee(database.db, {
          conferenceId: conf.id,
          userId,
          locale: 'en',
          invitationCode: '',
          feeId: feeIds.banquet,
          quantity: 2,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => ((r as PromiseRejectedResult).reason as AppError).code === 'FEE_TAKEN'),
    ).toBe(true);
    expect(await heldBy(feeIds.banquet)).toBe(2);
    expect((await feeRow(feeIds.banquet)).used).toBe(2);
    await expect(
      addOptionalFee(database.db, {
        conferenceId: conf.id,
        userId: extra[1],
        locale: 'en',
        invitationCode: '',
        feeId: feeIds.banquet,
        quantity: 3,
      }),
    ).rejects.toMatchObject({ code: 'QUANTITY_INVALID' });
    expect((await feeRow(feeIds.banquet)).used).toBe(2);
  });

  it('changing my choice before payment moves the places; a paid order cannot change; dropping gives the places back', async () => {
    const userId = extra[1];
    const mine = await myFeeOrders(database.db, conf.id, userId);
    const order = mine.registration[0];
    expect(order.feeId).toBe(feeIds.regular);
    const [regularBefore, studentBefore] = [(await feeRow(feeIds.regular)).used, (await feeRow(feeIds.student)).used];
    await changeFeeOrder(database.db, {
      conferenceId: conf.id,
      userId,
      locale: 'en',
      invitationCode: '',
      orderId: order.id,
      feeId: feeIds.student,
      quantity: 1,
    });
    expect((await feeRow(feeIds.regular)).used).toBe(regularBefore - 1);
    expect((await feeRow(feeIds.student)).used).toBe(studentBefore + 1);
    const after = await myFeeOrders(database.db, conf.id, userId);
    expect(after.registration).toHaveLength(1);
    expect(after.registration[0]).toMatchObject({ feeId: feeIds.student, totalMinor: 60000 });
    const [old] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, order.id));
    expect(old).toMatchObject({ orderStatus: 'invalid', invalidReason: 'changed' });
    // Twice at once on the same order: one wins.
    const twice = await Promise.allSettled(
      [feeIds.regular, feeIds.regular].map((feeId) =>
        changeFeeOrder(database.db, {
          conferenceId: conf.id,
          userId,
          locale: 'en',
          invitationCode: '',
          orderId: after.registration[0].id,
          feeId,
          quantity: 1,
        }),
      ),
    );
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(twice.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as AppError).code)).toEqual([
      'ORDER_NOT_CHANGEABLE',
    ]);
    // Someone else's order is not mine to change.
    const current = (await myFeeOrders(database.db, conf.id, userId)).registration[0];
    await expect(
      changeFeeOrder(database.db, {
        conferenceId: conf.id,
        userId: extra[2],
        locale: 'en',
        invitationCode: '',
        orderId: current.id,
        feeId: feeIds.regular,
        quantity: 1,
      }),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, current.id));
    await expect(
      changeFeeOrder(database.db, {
        conferenceId: conf.id,
        userId,
        locale: 'en',
        invitationCode: '',
        orderId: current.id,
        feeId: feeIds.regular,
        quantity: 1,
      }),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_CHANGEABLE' });
    const banquet = await addOptionalFee(database.db, {
      conferenceId: conf.id,
      userId,
      locale: 'en',
      invitationCode: '',
      feeId: feeIds.banquet,
      quantity: 1,
    });
    const banquetUsed = (await feeRow(feeIds.banquet)).used;
    expect(
      await changeFeeOrder(database.db, {
        conferenceId: conf.id,
        userId,
        locale: 'en',
        invitationCode: '',
        orderId: banquet.id,
        feeId: feeIds.banquet,
        quantity: 0,
      }),
    ).toBeNull();
    expect((await feeRow(feeIds.banquet)).used).toBe(banquetUsed - 1);
    const events = await database.db.select().from(orderEvent).where(eq(orderEvent.orderId, banquet.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'cancelled']);
  });

  it('a price change invalidates the unpaid orders at the old price, keeps the paid ones, and lets the participant choose again', async () => {
    const paidUser = extra[1];
    const unpaidUser = extra[3];
    const regular = feeIds.regular;
    await registerParticipant(database.db, {
      conference: conf,
      userId: unpaidUser,
      locale: 'en',
      answers: { country: 'DE' },
      fees: { registerFeeId: regular, optional: [], invitationCode: '' },
    });
    const usedBefore = (await feeRow(regular)).used;
    const result = await saveFee(
      database.db,
      conf.id,
      ZFeeInput.parse({ ...fee({ title: { zh: '普通', en: 'Regular' } }), id: regular, priceMinor: 150000 }),
      admin,
    );
    expect(result.invalidatedOrders).toBeGreaterThanOrEqual(1);
    const [invalid] = (await myFeeOrders(database.db, conf.id, unpaidUser)).registration;
    expect(invalid).toMatchObject({ orderStatus: 'invalid', invalidReason: 'priceChanged', totalMinor: 120000 });
    expect((await feeRow(regular)).used).toBe(usedBefore - result.invalidatedOrders);
    const paid = (await myFeeOrders(database.db, conf.id, paidUser)).registration[0];
    expect(paid.orderStatus).toBe('available');
    await changeFeeOrder(database.db, {
      conferenceId: conf.id,
      userId: unpaidUser,
      locale: 'en',
      invitationCode: '',
      orderId: invalid.id,
      feeId: regular,
      quantity: 1,
    });
    const [again] = (await myFeeOrders(database.db, conf.id, unpaidUser)).registration;
    expect(again).toMatchObject({ orderStatus: 'available', totalMinor: 150000 });
    // The invalid order cannot be used a second time.
    await expect(
      changeFeeOrder(database.db, {
        conferenceId: conf.id,
        userId: unpaidUser,
        locale: 'en',
        invitationCode: '',
        orderId: invalid.id,
        feeId: regular,
        quantity: 1,
      }),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_CHANGEABLE' });
    // A cap below the places taken is refused.
    await expect(
      saveFee(database.db, conf.id, ZFeeInput.parse({ ...fee({}), id: regular, priceMinor: 150000, cap: 1 }), admin),
    ).rejects.toMatchObject({ code: 'FEE_CAP_BELOW_USED' });
  });

  it("the organisers' list filters by the registration fee's payment and by fee, within the conference", async () => {
    const list = (q: Record<string, unknown>) =>
      allRegistrants(database.db, { conferenceId: conf.id, timeZone: conf.timeZone, ...ZRegistrantQuery.parse(q) });
    const paid = await list({ pay: 'paid' });
    expect(paid.map((r) => r.userId)).toEqual([extra[1]]);
    expect(paid[0].orders.find((o) => o.type === 'registration')).toMatchObject({ payStatus: 'success', item: { en: 'Regular' } });
    const unpaid = await list({ pay: 'unpaid' });
    expect(unpaid.map((r) => r.userId)).toContain(extra[3]);
    expect(unpaid.map((r) => r.userId)).not.toContain(extra[1]);
    const banquet = await list({ fee: feeIds.banquet });
    expect(banquet.map((r) => r.userId)).toEqual([extra[0]]);
    expect(banquet[0].orders.find((o) => o.type === 'optional')).toMatchObject({ quantity: 2, totalMinor: 60000 });
    // The price change invalidated extra[0]'s registration order, and it has not chosen again.
    expect((await list({ pay: 'none' })).map((r) => r.userId)).toEqual([extra[0]]);
    const page = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ fee: feeIds.scarce, size: 5 }),
    });
    expect(page.total).toBe(FEE_CAP);
    expect(page.rows).toHaveLength(5);
  });

  it('the fee rules of spec §5 are checked by the schema', () => {
    const issues = (input: Partial<FeeInput>) => (ZFeeInput.safeParse(fee(input)).error?.issues ?? []).map((i) => i.message);
    expect(issues({ openDate: '2026-05-01', deadline: '2026-04-01' })).toContain('openBeforeDeadline');
    expect(issues({ priceMinor: 0 })).toContain('pricePositive');
    expect(issues({ kind: 'optional', cap: 2, perAccountMax: 3 })).toContain('perAccountAboveCap');
    expect(issues({ displayPriceMinor: 0 })).toContain('displayPriceRequired');
    expect(issues({ kind: 'optional', cap: 5, perAccountMax: 5 })).toEqual([]);
  });
});

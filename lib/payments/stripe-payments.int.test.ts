import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import {
  conferenceOrder,
  mailOutbox,
  orderEvent,
  paymentBill,
  paymentEvent,
  paymentException,
  paymentMethod,
  paymentNotification,
  paymentRefund,
  registrationFee,
} from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as configPost, GET as configGet } from '@/app/api/conference/platform/config/pay/route';
import { POST as createPost } from '@/app/api/conference/pay/create/route';
import { POST as notifyPost } from '@/app/api/conference/pay/notify/[kind]/route';
import { POST as refundPost } from '@/app/api/conference/manage/order/refund/route';
import { expireUnpaidOrders } from './expire';
import { revenueByDay } from './queries';
import { retryPendingRefunds } from './refund';
import { recoverPendingBills } from './recover';
import { forgetSecretsKey } from '@/lib/server/secrets';
import { startStripeStandin, type StripeStandin } from '@/testing/standins/stripe';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder } from '@/testing/fixtures/payments';

const SECRET_KEY = 'sk_test_standin_secret_key';
const WEBHOOK_SECRET = 'whsec_test_standin';
const DUPLICATES = 200;

describe.each(testBackends('both'))('card payments through Stripe on %s', (backend) => {
  let database: Database;
  let standin: StripeStandin;
  let fx: ConferenceFixture;
  let manager: { token: string; userId: string };
  let payer: { token: string; userId: string };

  beforeAll(async () => {
    process.env.PAYMENT_SECRETS_KEY = 'c'.repeat(64);
    forgetSecretsKey();
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    process.env.STRIPE_API_BASE = standin.apiBase;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `stripe${backend}`, 1000);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    payer = await plantAccount(database, fx.conferenceId);
    const saved = await callHandler(configPost, fx, {
      token: manager.token,
      body: JSON.stringify({
        kind: 'stripe',
        enabled: true,
        settings: {},
        secrets: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
    delete process.env.STRIPE_API_BASE;
  });

  const pay = async (orderIds: number[], token = payer.token) =>
    callHandler(createPost, fx, { token, body: JSON.stringify({ orderIds, kind: 'stripe' }) });
  const notify = (payload: string, header: string) =>
    callHandler(notifyPost, fx, {
      body: payload,
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      params: { kind: 'stripe' },
    });
  const billRow = async (id: number) => (await database.db.select().from(paymentBill).where(eq(paymentBill.id, id)))[0];
  const orderRow = async (id: number) => (await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, id)))[0];
  const started = async (orderIds: number[]) => {
    const res = await pay(orderIds);
    expect(res.status).toBe(200);
    const data = res.json!.data as { billId: number; billNo: string; next: { type: string; url: string } };
    const bill = await billRow(data.billId);
    return { ...data, bill, sessionId: bill.providerRef! };
  };
  /** Rows whose count or content a refused notification must leave as they were. */
  const snapshot = async () => ({
    bills: await database.db.select().from(paymentBill).where(eq(paymentBill.conferenceId, fx.conferenceId)).orderBy(paymentBill.id),
    orders: await database.db
      .select()
      .from(conferenceOrder)
      .where(eq(conferenceOrder.conferenceId, fx.conferenceId))
      .orderBy(conferenceOrder.id),
    notifications: (await database.db.select({ n: count() }).from(paymentNotification))[0].n,
    exceptions: (await database.db.select({ n: count() }).from(paymentException))[0].n,
    events: (await database.db.select({ n: count() }).from(paymentEvent))[0].n,
    mails: (await database.db.select({ n: count() }).from(mailOutbox))[0].n,
  });

  it('keeps the keys encrypted and never sends them back', async () => {
    const [row] = await database.db.select().from(paymentMethod).where(eq(paymentMethod.conferenceId, fx.conferenceId));
    expect(row.secrets).not.toContain(SECRET_KEY);
    expect(row.secrets).not.toContain(WEBHOOK_SECRET);
    const read = await callHandler(configGet, fx, { method: 'GET', token: manager.token });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(SECRET_KEY);
    expect(read.text).not.toContain(WEBHOOK_SECRET);
    expect(read.text).toContain('"secretKey":true');
    // A participant does not reach the configuration.
    expect((await callHandler(configGet, fx, { method: 'GET', token: payer.token })).status).toBe(403);
  });

  it('creates a Checkout Session for the bill with its amount, currency and reference', async () => {
    const a = await plantOrder(database, fx, payer.userId, { totalMinor: 50000 });
    const b = await plantOrder(database, fx, payer.userId, { totalMinor: 30050 });
    const bill = await started([a.id, b.id]);
    expect(bill.next.type).toBe('redirect');
    expect(bill.next.url).toContain(standin.apiBase);
    const session = standin.sessions.get(bill.sessionId)!;
    expect(session).toMatchObject({ amount_total: 80050, currency: 'cny', client_reference_id: bill.billNo });
    expect(session.success_url).toContain(`/profile/order/pay/goto/result/${bill.billId}`);
    expect(bill.bill).toMatchObject({ status: 'pending', amountMinor: 80050, currency: 'CNY' });
  });

  it(`${DUPLICATES} concurrent copies of one notification pay the bill once`, async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const bill = await started([order.id]);
    const { payload, header } = standin.sign(standin.pay(bill.sessionId));
    const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => notify(payload, header)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await billRow(bill.billId)).toMatchObject({
      status: 'paid',
      providerTxnId: standin.sessions.get(bill.sessionId)!.payment_intent,
    });
    expect(await orderRow(order.id)).toMatchObject({ payStatus: 'success', orderStatus: 'available' });
    const notes = await database.db.select().from(paymentNotification).where(eq(paymentNotification.billId, bill.billId));
    expect(notes).toHaveLength(1);
    const paidEvents = await database.db
      .select()
      .from(paymentEvent)
      .where(and(eq(paymentEvent.billId, bill.billId), eq(paymentEvent.action, 'paid')));
    expect(paidEvents).toHaveLength(1);
    const orderPaid = await database.db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.action, 'paid')));
    expect(orderPaid).toHaveLength(1);
    // The planted orders are optional fees: the mail is that kind's confirmation (spec §3).
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'optionalPaymentReceived'));
    expect(mails.filter((m) => m.text.includes(bill.billNo))).toHaveLength(1);
    // Paying it again is refused with the §8 message.
    const again = await pay([order.id]);
    expect(again.status).toBe(409);
    expect(again.json!.error).toBe('ORDER_PAID');
  });

  it('refuses a forged signature, a wrong amount, a wrong currency and an unknown bill, changing nothing', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const bill = await started([order.id]);
    const paid = standin.pay(bill.sessionId);
    const before = await snapshot();
    const forged = standin.sign(paid, 'whsec_not_the_one');
    expect((await notify(forged.payload, forged.header)).json!.error).toBe('PAYMENT_SIGNATURE');
    const tampered = standin.sign(paid);
    expect((await notify(tampered.payload.replace('"amount_total": 120000', '"amount_total": 1'), tampered.header)).status).toBe(400);
    const cheap = standin.sign(standin.event(bill.sessionId, { override: { amount_total: 100 } }));
    expect((await notify(cheap.payload, cheap.header)).json!.error).toBe('PAYMENT_MISMATCH');
    const dollars = standin.sign(standin.event(bill.sessionId, { override: { currency: 'usd' } }));
    expect((await notify(dollars.payload, dollars.header)).json!.error).toBe('PAYMENT_MISMATCH');
    const unknown = standin.sign(standin.event(bill.sessionId, { override: { client_reference_id: 'P20990101000000000000' } }));
    // Authentic but not ours (another conference or system on the same Stripe account): taken, nothing changes.
    expect((await notify(unknown.payload, unknown.header)).status).toBe(200);
    expect((await notify('{not json', 'junk')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // The genuine one still lands afterwards.
    const genuine = standin.sign(paid);
    expect((await notify(genuine.payload, genuine.header)).status).toBe(200);
    expect((await billRow(bill.billId)).status).toBe('paid');
  });

  it('recovers a dropped notification by asking Stripe', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const bill = await started([order.id]);
    standin.pay(bill.sessionId); // paid at Stripe, the webhook never arrives
    await recoverPendingBills(database.db, new Date(Date.now() + 120_000));
    expect((await billRow(bill.billId)).status).toBe('paid');
    expect(await orderRow(order.id)).toMatchObject({ payStatus: 'success' });
    const [note] = await database.db.select().from(paymentNotification).where(eq(paymentNotification.billId, bill.billId));
    expect(note).toMatchObject({ source: 'query', result: 'applied' });
    // The webhook arriving late afterwards is a repeat, not a second payment.
    const late = standin.sign(standin.event(bill.sessionId));
    expect((await notify(late.payload, late.header)).status).toBe(200);
    expect(await database.db.select().from(paymentException).where(eq(paymentException.billId, bill.billId))).toHaveLength(0);
  });

  it('money for a replaced bill pays the orders it was meant for; a second payment becomes an exception, never lost', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const first = await started([order.id]);
    // The payer paid on the first page, but its webhook is slow; meanwhile they start again.
    const paidFirst = standin.pay(first.sessionId);
    const second = await started([order.id]);
    expect((await billRow(first.billId)).status).toBe('cancelled');
    // The first payment's news arrives: the order is paid, and the second payment given up.
    const late = standin.sign(paidFirst);
    expect((await notify(late.payload, late.header)).status).toBe(200);
    expect((await billRow(first.billId)).status).toBe('paid');
    expect((await orderRow(order.id)).payStatus).toBe('success');
    expect((await billRow(second.billId)).status).toBe('cancelled');
    // And paid on the second page too: money twice, kept as an exception, the order untouched.
    const twice = standin.sign(standin.pay(second.sessionId));
    expect((await notify(twice.payload, twice.header)).status).toBe(200);
    const [exception] = await database.db.select().from(paymentException).where(eq(paymentException.billId, second.billId));
    expect(exception).toMatchObject({ reason: 'doublePayment', amountMinor: 120000, resolved: false });
    expect((await billRow(second.billId)).status).toBe('exception');
    expect((await orderRow(order.id)).payStatus).toBe('success');
  });

  it('a replaced payment is closed at Stripe, so its page can no longer be paid', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const first = await started([order.id]);
    await started([order.id]);
    expect(standin.sessions.get(first.sessionId)!.status).toBe('expired');
    expect(() => standin.pay(first.sessionId)).toThrow();
  });

  it('an expiry racing a payment: exactly one wins, and the places add up', async () => {
    const rounds = 12;
    const outcomes: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const racer = await plantAccount(database, fx.conferenceId);
      const order = await plantOrder(database, fx, racer.userId, { holdsPlace: true, createdAt: new Date(Date.now() - 10 * 86_400_000) });
      const res = await pay([order.id], racer.token);
      const billId = (res.json!.data as { billId: number }).billId;
      const sessionId = (await billRow(billId)).providerRef!;
      const { payload, header } = standin.sign(standin.pay(sessionId));
      // Two hours on: the order is past its time and the payment's own time is over too.
      await Promise.all([notify(payload, header), expireUnpaidOrders(database.db, new Date(Date.now() + 2 * 3_600_000))]);
      const [o, b] = [await orderRow(order.id), await billRow(billId)];
      const exceptions = await database.db.select().from(paymentException).where(eq(paymentException.billId, billId));
      if (o.payStatus === 'success') {
        expect(b.status).toBe('paid');
        expect(o.orderStatus).toBe('available');
        expect(exceptions).toHaveLength(0);
        outcomes.push('paid');
      } else {
        expect(o).toMatchObject({ orderStatus: 'invalid', invalidReason: 'expired', payStatus: 'paymentException' });
        expect(b.status).toBe('exception');
        expect(exceptions).toHaveLength(1);
        outcomes.push('expired');
      }
    }
    expect(outcomes).toHaveLength(rounds);
    // The fee's places equal the orders that still hold one.
    const [fee] = await database.db.select().from(registrationFee).where(eq(registrationFee.id, fx.feeId));
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.feeId, fx.feeId), eq(conferenceOrder.orderStatus, 'available')));
    expect(fee.used).toBe(n);
  });

  it('a failed payment leaves the order failed but payable; a full refund makes a paid order abnormal', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const first = await started([order.id]);
    const expired = standin.sign(standin.event(first.sessionId, { type: 'checkout.session.expired', override: { status: 'expired' } }));
    expect((await notify(expired.payload, expired.header)).status).toBe(200);
    expect((await billRow(first.billId)).status).toBe('failed');
    expect((await orderRow(order.id)).payStatus).toBe('failed');
    const second = await started([order.id]);
    const paid = standin.sign(standin.pay(second.sessionId));
    expect((await notify(paid.payload, paid.header)).status).toBe(200);
    expect((await orderRow(order.id)).payStatus).toBe('success');
    const half = await callHandler(refundPost, fx, {
      token: manager.token,
      body: JSON.stringify({ billId: second.billId, amountMinor: 60000 }),
    });
    expect(half.status).toBe(200);
    expect((await orderRow(order.id)).payStatus).toBe('success');
    const rest = await callHandler(refundPost, fx, {
      token: manager.token,
      body: JSON.stringify({ billId: second.billId, amountMinor: 60000 }),
    });
    expect(rest.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ payStatus: 'abnormal', orderStatus: 'available' });
    expect((await billRow(second.billId)).refundedMinor).toBe(120000);
    expect(standin.refunds.filter((r) => r.payment_intent === standin.sessions.get(second.sessionId)!.payment_intent)).toHaveLength(2);
  });

  it('a refund whose answer is lost stays pending, and the sweeper asks again without refunding twice', async () => {
    const order = await plantOrder(database, fx, payer.userId);
    const bill = await started([order.id]);
    const paid = standin.sign(standin.pay(bill.sessionId));
    expect((await notify(paid.payload, paid.header)).status).toBe(200);
    const intent = standin.sessions.get(bill.sessionId)!.payment_intent;
    // Stripe cannot be reached: the refund is reserved and waits.
    process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
    const lost = await callHandler(refundPost, fx, {
      token: manager.token,
      body: JSON.stringify({ billId: bill.billId, amountMinor: 50000 }),
    });
    process.env.STRIPE_API_BASE = standin.apiBase;
    expect(lost.status).toBe(200);
    expect(lost.json!.data).toMatchObject({ status: 'pending' });
    expect((await billRow(bill.billId)).refundedMinor).toBe(50000);
    const [pending] = await database.db.select().from(paymentRefund).where(eq(paymentRefund.billId, bill.billId));
    expect(pending.status).toBe('pending');
    // The sweeper asks again, twice: one refund at Stripe.
    await retryPendingRefunds(database.db, new Date(Date.now() + 120_000));
    await retryPendingRefunds(database.db, new Date(Date.now() + 120_000));
    expect(standin.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const [done] = await database.db.select().from(paymentRefund).where(eq(paymentRefund.billId, bill.billId));
    expect(done).toMatchObject({ status: 'done', amountMinor: 50000 });
    expect((await billRow(bill.billId)).refundedMinor).toBe(50000);
  });

  it('expiry lets a payer who is paying right now finish', async () => {
    const racer = await plantAccount(database, fx.conferenceId);
    const order = await plantOrder(database, fx, racer.userId, { holdsPlace: true, createdAt: new Date(Date.now() - 10 * 86_400_000) });
    const res = await pay([order.id], racer.token);
    const billId = (res.json!.data as { billId: number }).billId;
    expect(await expireUnpaidOrders(database.db)).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: 'available', payStatus: 'unpaid' });
    expect((await billRow(billId)).status).toBe('pending');
    // Once the payment's own time is over, the order expires with it.
    expect(await expireUnpaidOrders(database.db, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThan(0);
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: 'invalid', payStatus: 'expired' });
    expect((await billRow(billId)).status).toBe('expired');
  });

  it('sums the money paid per day and currency for the revenue chart', async () => {
    const rows = await revenueByDay(database.db, fx.conferenceId, 'Asia/Shanghai');
    const paid = await database.db
      .select()
      .from(paymentBill)
      .where(and(eq(paymentBill.conferenceId, fx.conferenceId), eq(paymentBill.status, 'paid')));
    expect(paid.length).toBeGreaterThan(0);
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(paid.reduce((sum, b) => sum + b.amountMinor - b.refundedMinor, 0));
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day) && r.currency === 'CNY')).toBe(true);
  });

  it('refuses orders that are not mine, mixed currencies, and a method that is off', async () => {
    const stranger = await plantAccount(database, fx.conferenceId);
    const mine = await plantOrder(database, fx, payer.userId);
    expect((await pay([mine.id], stranger.token)).json!.error).toBe('ORDER_NOT_FOUND');
    const usd = await plantOrder(database, fx, payer.userId, { currency: 'USD', totalMinor: 9000 });
    expect((await pay([mine.id, usd.id])).json!.error).toBe('CURRENCY_MIXED');
    const bank = await callHandler(createPost, fx, {
      token: payer.token,
      body: JSON.stringify({ orderIds: [mine.id], kind: 'bankRemit' }),
    });
    expect(bank.json!.error).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const bills = await database.db
      .select({ n: count() })
      .from(paymentBill)
      .where(inArray(paymentBill.userId, [stranger.userId]));
    expect(bills[0].n).toBe(0);
  });
});

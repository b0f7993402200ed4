import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, paymentBill, paymentBillOrder } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as configPost } from '@/app/api/conference/platform/config/pay/route';
import { POST as createPost } from '@/app/api/conference/pay/create/route';
import { POST as notifyPost } from '@/app/api/conference/pay/notify/[kind]/route';
import { forgetSecretsKey } from '@/lib/server/secrets';
import en from '@/messages/en.json';
import { openBillInTransaction } from './create-bill';
import { expireUnpaidOrders } from './expire';
import { startStripeStandin, type StripeStandin } from '@/testing/standins/stripe';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder } from '@/testing/fixtures/payments';

const SECRET_KEY = 'sk_test_standin_secret_key';
const WEBHOOK_SECRET = 'whsec_test_standin';
const CREATES = 20;

/**
 * One open payment per order (issue 20 point 5): creates racing for one order leave exactly one
 * pending bill, every other answer being a clear refusal or a page already closed at the provider;
 * a create racing a notification and an expiry sweep neither deadlocks nor leaves two open bills.
 * PGlite runs one transaction at a time, so only PostgreSQL shows the race (and the control).
 */
describe.each(testBackends('both'))('one open payment per order on %s', (backend) => {
  let database: Database;
  let standin: StripeStandin;
  let fx: ConferenceFixture;

  beforeAll(async () => {
    process.env.PAYMENT_SECRETS_KEY = 'c'.repeat(64);
    forgetSecretsKey();
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    process.env.STRIPE_API_BASE = standin.apiBase;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `oneopen${backend}`, 1000);
    const manager = await plantAccount(database, fx.conferenceId, 'manager');
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

  const pay = (orderId: number, token: string) =>
    callHandler(createPost, fx, { token, headers: { 'x-locale': 'en' }, body: JSON.stringify({ orderIds: [orderId], kind: 'stripe' }) });
  const billsOf = (orderId: number) =>
    database.db
      .select({ id: paymentBill.id, status: paymentBill.status, providerRef: paymentBill.providerRef })
      .from(paymentBill)
      .innerJoin(paymentBillOrder, eq(paymentBillOrder.billId, paymentBill.id))
      .where(eq(paymentBillOrder.orderId, orderId));

  it(`${CREATES} concurrent creates for one order leave exactly one pending bill`, async () => {
    const payer = await plantAccount(database, fx.conferenceId);
    const order = await plantOrder(database, fx, payer.userId);
    const answers = await Promise.all(Array.from({ length: CREATES }, () => pay(order.id, payer.token)));

    const bills = await billsOf(order.id);
    const pending = bills.filter((b) => b.status === 'pending');
    expect(pending).toHaveLength(1);
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.status === 200) {
        // The open payment, or one given up by a later create and closed at Stripe (its page cannot be paid).
        const { billId } = answer.json!.data as { billId: number };
        const bill = bills.find((b) => b.id === billId)!;
        if (bill.status !== 'pending') {
          expect(bill.status).toBe('cancelled');
          expect(standin.sessions.get(bill.providerRef!)!.status).toBe('expired');
        }
      } else {
        expect(answer.status).toBe(409);
        expect(answer.json).toMatchObject({ code: 409, error: 'PAYMENT_STARTING', message: en.errors.paymentStarting, data: null });
      }
    }
    // The one pending bill is the last one answered with its page, and it can be paid.
    expect(accepted.map((a) => (a.json!.data as { billId: number }).billId)).toContain(pending[0].id);
    expect(() => standin.pay(pending[0].providerRef!)).not.toThrow();
  });

  it('a create racing a notification and an expiry sweep ends consistent, never in a deadlock or a 5xx', async () => {
    for (let round = 0; round < 8; round++) {
      const payer = await plantAccount(database, fx.conferenceId);
      const order = await plantOrder(database, fx, payer.userId, { holdsPlace: true, createdAt: new Date(Date.now() - 10 * 86_400_000) });
      const first = await pay(order.id, payer.token);
      expect(first.status).toBe(200);
      const [bill] = await billsOf(order.id);
      const { payload, header } = standin.sign(standin.pay(bill.providerRef!));
      const [notified, created] = await Promise.all([
        callHandler(notifyPost, fx, {
          body: payload,
          headers: { 'stripe-signature': header, 'content-type': 'application/json' },
          params: { kind: 'stripe' },
        }),
        pay(order.id, payer.token),
        expireUnpaidOrders(database.db, new Date(Date.now() + 2 * 3_600_000)),
      ]);
      expect(notified.status).toBe(200);
      expect(created.status).toBeLessThan(500);
      const bills = await billsOf(order.id);
      expect(bills.filter((b) => b.status === 'pending').length).toBeLessThanOrEqual(1);
      const [row] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, order.id));
      // The money was applied (paid) or the expiry won first (kept as an exception); never both open.
      expect(['success', 'paymentException']).toContain(row.payStatus);
      if (row.payStatus === 'success') expect(bills.filter((b) => b.status === 'pending')).toHaveLength(0);
    }
  });

  // The same creates through the real transaction body minus lockPayer: each reads the pending
  // bills before the order lock queues it, so several open bills are left for one order.
  it.runIf(backend === 'postgres')('control: without the payer lock the same creates leave several pending bills', async () => {
    const payer = await plantAccount(database, fx.conferenceId);
    const order = await plantOrder(database, fx, payer.userId);
    const input = {
      conferenceId: fx.conferenceId,
      user: { id: payer.userId, email: 'payer@example.com' },
      orderIds: [order.id],
      kind: 'stripe' as const,
      locale: 'en' as const,
      origin: 'http://localhost',
      ip: null,
    };
    await Promise.allSettled(
      Array.from({ length: CREATES }, () =>
        database.db.transaction((tx) => openBillInTransaction(tx, { input, online: true, billExpiryMinutes: 30, now: new Date() })),
      ),
    );
    const pending = await database.db
      .select({ id: paymentBill.id })
      .from(paymentBill)
      .innerJoin(paymentBillOrder, eq(paymentBillOrder.billId, paymentBill.id))
      .where(and(eq(paymentBillOrder.orderId, order.id), inArray(paymentBill.status, ['pending'])));
    expect(pending.length).toBeGreaterThan(1);
  });
});

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import {
  conferenceOrder,
  mailOutbox,
  paymentBill,
  paymentEvent,
  paymentException,
  paymentMethod,
  paymentNotification,
  paymentRefund,
} from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as configGet, POST as configPost } from '@/app/api/conference/platform/config/pay/route';
import { POST as createPost } from '@/app/api/conference/pay/create/route';
import { POST as notifyPost } from '@/app/api/conference/pay/notify/[kind]/route';
import { POST as refundPost } from '@/app/api/conference/manage/order/refund/route';
import { recoverPendingBills } from './recover';
import { forgetSecretsKey } from '@/lib/server/secrets';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder } from '@/testing/fixtures/payments';
import {
  ADAPTER_KINDS,
  secretProbes,
  startAdapter,
  type AdapterKind,
  type Delivery,
  type ProviderAdapter,
  type StartedBill,
} from '@/testing/standins/provider-adapters';

/**
 * The four other online providers (WeChat Pay, Alipay, PayPal, PayEase) end to end through the
 * route handlers, each against its loopback stand-in through the real SDK: the manager's method
 * configuration, the payer's bill, the provider's signed notification (repeated, forged, tampered
 * or lost) and the refund.
 */

const COPIES = 50;

describe.each(testBackends('both'))('online providers on %s', (backend) => {
  let database: Database;
  /** Every stand-in runs for the whole backend: the recovery sweep asks about every pending bill, of every kind. */
  const adapters = new Map<AdapterKind, ProviderAdapter>();

  beforeAll(async () => {
    process.env.PAYMENT_SECRETS_KEY = 'd'.repeat(64);
    forgetSecretsKey();
    for (const kind of ADAPTER_KINDS) adapters.set(kind, await startAdapter(kind));
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
  });
  afterAll(async () => {
    for (const adapter of adapters.values()) await adapter.close();
    await database?.close();
  });

  describe.each(ADAPTER_KINDS)('%s', (kind) => {
    let adapter: ProviderAdapter;
    let fx: ConferenceFixture;
    let manager: { token: string; userId: string };
    let payer: { token: string; userId: string };
    let saved: Awaited<ReturnType<typeof callHandler>>;

    beforeAll(async () => {
      adapter = adapters.get(kind)!;
      fx = await plantConference(database, `${kind.toLowerCase()}${backend}`, 1000);
      manager = await plantAccount(database, fx.conferenceId, 'manager');
      payer = await plantAccount(database, fx.conferenceId);
      saved = await callHandler(configPost, fx, { token: manager.token, body: JSON.stringify(adapter.methodBody()) });
      expect(saved.status, saved.text).toBe(200);
    });

    const billRow = async (id: number) => (await database.db.select().from(paymentBill).where(eq(paymentBill.id, id)))[0];
    const orderRow = async (id: number) => (await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, id)))[0];
    const notify = (delivery: Delivery) =>
      callHandler(notifyPost, fx, { body: delivery.body, headers: delivery.headers, params: { kind } });
    const started = async (orderIds: number[]): Promise<StartedBill> => {
      const res = await callHandler(createPost, fx, { token: payer.token, body: JSON.stringify({ orderIds, kind }) });
      expect(res.status, res.text).toBe(200);
      const data = res.json!.data as Omit<StartedBill, 'providerRef'>;
      return { ...data, providerRef: (await billRow(data.billId)).providerRef };
    };
    const receivedMails = async (billNo: string) =>
      // The planted orders are optional fees: the mail is that kind's confirmation (spec §3).
      (await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'optionalPaymentReceived'))).filter((m) =>
        m.text.includes(billNo),
      );
    /** The rows a refused notification must leave as they were. */
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
    /** A bill of a fresh order, paid through the notify handler. */
    const paidBill = async (totalMinor = 120000) => {
      const order = await plantOrder(database, fx, payer.userId, { totalMinor });
      const bill = await started([order.id]);
      expect((await notify(await adapter.pay(bill))).status).toBe(200);
      return { order, bill, row: await billRow(bill.billId) };
    };

    it('the manager saved the method; its secrets are stored encrypted and never sent back', async () => {
      const body = adapter.methodBody();
      const probes = Object.values(body.secrets).flatMap(secretProbes);
      expect(probes.length).toBeGreaterThan(0);
      const read = await callHandler(configGet, fx, { method: 'GET', token: manager.token });
      expect(read.status).toBe(200);
      const [row] = await database.db
        .select()
        .from(paymentMethod)
        .where(and(eq(paymentMethod.conferenceId, fx.conferenceId), eq(paymentMethod.kind, kind)));
      expect(row.enabled).toBe(true);
      for (const probe of probes) {
        expect(saved.text).not.toContain(probe);
        expect(read.text).not.toContain(probe);
        expect(row.secrets).not.toContain(probe);
      }
      const method = (
        read.json!.data as { methods: { kind: string; enabled: boolean; secretsSet: Record<string, boolean> }[] }
      ).methods.find((m) => m.kind === kind)!;
      expect(method.enabled).toBe(true);
      expect(method.secretsSet).toEqual(Object.fromEntries(Object.keys(body.secrets).map((name) => [name, true])));
      // A participant does not reach the configuration.
      expect((await callHandler(configGet, fx, { method: 'GET', token: payer.token })).status).toBe(403);
    });

    it('creates the provider payment for the bill with its amount, currency and reference', async () => {
      const a = await plantOrder(database, fx, payer.userId, { totalMinor: 50000 });
      const b = await plantOrder(database, fx, payer.userId, { totalMinor: 30050 });
      const bill = await started([a.id, b.id]);
      expect(bill.next.type).toBe(adapter.nextType);
      const target = bill.next.type === 'qr' ? bill.next.content : bill.next.type === 'redirect' ? bill.next.url : '';
      expect(target.startsWith(adapter.nextPrefix)).toBe(true);
      expect(await billRow(bill.billId)).toMatchObject({ status: 'pending', amountMinor: 80050, currency: 'CNY', payUrl: target });
      const seen = await adapter.seen(bill);
      expect(seen).toMatchObject({ amountMinor: 80050, currency: 'CNY' });
      expect(seen.reference).toContain(bill.billNo);
    });

    it(`${COPIES} concurrent copies of the signed notification pay the bill once`, async () => {
      const order = await plantOrder(database, fx, payer.userId);
      const bill = await started([order.id]);
      const delivery = await adapter.pay(bill);
      const answers = await Promise.all(Array.from({ length: COPIES }, () => notify(delivery)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const row = await billRow(bill.billId);
      expect(row.status).toBe('paid');
      expect(adapter.settledAt(bill)).toEqual({ txnId: row.providerTxnId, payments: 1 });
      expect(row.providerTxnId).toBeTruthy();
      expect(await orderRow(order.id)).toMatchObject({ payStatus: 'success', orderStatus: 'available', paymentMethod: kind });
      const notes = await database.db.select().from(paymentNotification).where(eq(paymentNotification.billId, bill.billId));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ source: 'notify', result: 'applied', providerTxnId: row.providerTxnId });
      const paid = await database.db
        .select()
        .from(paymentEvent)
        .where(and(eq(paymentEvent.billId, bill.billId), eq(paymentEvent.action, 'paid')));
      expect(paid).toHaveLength(1);
      expect(await receivedMails(bill.billNo)).toHaveLength(1);
    });

    it('refuses a forged, a tampered and a cheaper notification with 4xx, changing nothing', async () => {
      const order = await plantOrder(database, fx, payer.userId);
      const bill = await started([order.id]);
      const genuine = await adapter.pay(bill);
      const before = await snapshot();
      const forged = await notify(adapter.forged(bill));
      expect(forged.status).toBe(400);
      expect(forged.json!.error).toBe('PAYMENT_SIGNATURE');
      const tampered = await notify(adapter.tampered(bill));
      expect(tampered.status).toBe(400);
      expect(tampered.json!.error).toBe('PAYMENT_SIGNATURE');
      const cheap = await notify(adapter.cheap(bill));
      expect(cheap.status).toBe(400);
      expect(cheap.json!.error).toBe('PAYMENT_MISMATCH');
      expect(await snapshot()).toEqual(before);
      // The genuine one still lands afterwards.
      expect((await notify(genuine)).status).toBe(200);
      expect((await billRow(bill.billId)).status).toBe('paid');
    });

    it('recovers a lost notification by asking the provider', async () => {
      const order = await plantOrder(database, fx, payer.userId);
      const bill = await started([order.id]);
      await adapter.payWithoutNotice(bill);
      expect((await billRow(bill.billId)).status).toBe('pending');
      await recoverPendingBills(database.db, new Date(Date.now() + 120_000));
      const row = await billRow(bill.billId);
      expect(row.status).toBe('paid');
      // PayPal: the payer only approved; our query captured the order, once.
      expect(adapter.settledAt(bill)).toEqual({ txnId: row.providerTxnId, payments: 1 });
      expect(row.providerTxnId).toBeTruthy();
      expect(await orderRow(order.id)).toMatchObject({ payStatus: 'success' });
      const notes = await database.db.select().from(paymentNotification).where(eq(paymentNotification.billId, bill.billId));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ source: 'query', result: 'applied', providerTxnId: row.providerTxnId });
      expect(await receivedMails(bill.billNo)).toHaveLength(1);
      // The notification arriving late afterwards is a repeat, not a second payment.
      expect((await notify(await adapter.pay(bill))).status).toBe(200);
      expect(await database.db.select().from(paymentNotification).where(eq(paymentNotification.billId, bill.billId))).toHaveLength(1);
      expect(await database.db.select().from(paymentException).where(eq(paymentException.billId, bill.billId))).toHaveLength(0);
    });

    it('refunds through the provider when it takes refunds, and keeps the money when it refuses', async () => {
      const { bill, row } = await paidBill(120000);
      const refund = () =>
        callHandler(refundPost, fx, {
          token: manager.token,
          body: JSON.stringify({ billId: bill.billId, amountMinor: 30000, reason: 'dinner' }),
        });
      const answer = await refund();
      const refunds = await database.db.select().from(paymentRefund).where(eq(paymentRefund.billId, bill.billId));
      if (adapter.refunds) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json!.data).toMatchObject({ refundedMinor: 30000 });
        expect((await billRow(bill.billId)).refundedMinor).toBe(30000);
        expect(refunds).toHaveLength(1);
        expect(refunds[0]).toMatchObject({ status: 'done', amountMinor: 30000 });
        expect(refunds[0].providerRefundId).toBeTruthy();
        expect(adapter.refundedAt(bill, row.providerTxnId)).toBe(30000);
      } else {
        expect(answer.status).toBe(502);
        expect(answer.json!.error).toBe('PAYMENT_PROVIDER_FAILED');
        expect((await billRow(bill.billId)).refundedMinor).toBe(0);
        expect(refunds).toHaveLength(1);
        expect(refunds[0]).toMatchObject({ status: 'refused', amountMinor: 30000, providerRefundId: null });
      }
      // A participant cannot refund.
      const stranger = await callHandler(refundPost, fx, {
        token: payer.token,
        body: JSON.stringify({ billId: bill.billId, amountMinor: 1, reason: '' }),
      });
      expect(stranger.status).toBe(403);
    });
  });
});

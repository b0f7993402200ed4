import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, registrationFee } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as configPost } from '@/app/api/conference/platform/config/pay/route';
import { POST as createPost } from '@/app/api/conference/pay/create/route';
import { POST as cancelPost } from '@/app/api/conference/pay/bill/[billId]/cancel/route';
import { POST as decidePost } from '@/app/api/conference/manage/order/decide/route';
import { expireUnpaidOrders } from './expire';
import { DEFAULT_PAYMENT_SETTINGS } from './methods';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder, TEST_BANK as BANK } from '@/testing/fixtures/payments';

/**
 * An order whose bank transfer was rejected by a manager or cancelled by its payer is payable again
 * with a whole order time from that moment: the expiry sweep counts from when it became payable,
 * not from when it was made (else a payer who waited days for the bank would lose the place at once).
 */

const ORDER_TIME_MS = DEFAULT_PAYMENT_SETTINGS.orderExpiryMinutes * 60_000;

describe.each(testBackends('both'))('payable again after a transfer on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let manager: { token: string; userId: string };
  let payers: { token: string; userId: string }[];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `again${backend}`, 10);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    // One available order per fee and account: three payers.
    payers = [];
    for (let i = 0; i < 3; i++) payers.push(await plantAccount(database, fx.conferenceId));
    const saved = await callHandler(configPost, fx, {
      token: manager.token,
      body: JSON.stringify({ kind: 'bankRemit', enabled: true, settings: BANK }),
    });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(async () => {
    await database?.close();
  });

  const orderRow = async (id: number) => (await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, id)))[0];
  const used = async () => (await database.db.select().from(registrationFee).where(eq(registrationFee.id, fx.feeId)))[0].used;
  const bankBill = async (orderId: number, token: string) => {
    const res = await callHandler(createPost, fx, { token, body: JSON.stringify({ orderIds: [orderId], kind: 'bankRemit' }) });
    expect(res.status, res.text).toBe(200);
    return (res.json!.data as { billId: number }).billId;
  };

  it('a rejected or cancelled transfer gives a whole order time to pay from then; an untouched order expires', async () => {
    const made = new Date(Date.now() - ORDER_TIME_MS - 86_400_000);
    const [rejected, cancelled, untouched] = await Promise.all(
      payers.map((p) => plantOrder(database, fx, p.userId, { holdsPlace: true, createdAt: made })),
    );
    const rejectedBill = await bankBill(rejected.id, payers[0].token);
    const cancelledBill = await bankBill(cancelled.id, payers[1].token);
    const decided = await callHandler(decidePost, fx, {
      token: manager.token,
      body: JSON.stringify({ billId: rejectedBill, decision: 'reject', note: 'No transfer arrived' }),
    });
    expect(decided.status, decided.text).toBe(200);
    const dropped = await callHandler(cancelPost, fx, { token: payers[1].token, params: { billId: String(cancelledBill) } });
    expect(dropped.status, dropped.text).toBe(200);
    for (const id of [rejected.id, cancelled.id]) {
      const row = await orderRow(id);
      expect(row).toMatchObject({ payStatus: 'unpaid', orderStatus: 'available' });
      expect(row.payableSince!.getTime()).toBeGreaterThan(made.getTime());
    }
    expect(await used()).toBe(3);

    // The sweep now: only the order nobody tried to pay expires (the control).
    expect(await expireUnpaidOrders(database.db)).toBe(1);
    expect(await orderRow(untouched.id)).toMatchObject({ orderStatus: 'invalid', payStatus: 'expired' });
    for (const id of [rejected.id, cancelled.id])
      expect(await orderRow(id)).toMatchObject({ orderStatus: 'available', payStatus: 'unpaid' });
    expect(await used()).toBe(2);

    // A whole order time after the rejection they expire too, and give their places back.
    expect(await expireUnpaidOrders(database.db, new Date(Date.now() + ORDER_TIME_MS + 60_000))).toBe(2);
    for (const id of [rejected.id, cancelled.id])
      expect(await orderRow(id)).toMatchObject({ orderStatus: 'invalid', payStatus: 'expired' });
    expect(await used()).toBe(0);
  });
});

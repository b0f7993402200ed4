import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as methodsGet } from '@/app/api/conference/pay/methods/route';
import { POST as configPost } from '@/app/api/conference/platform/config/pay/route';
import type { Database } from '@/db/client';
import { conferenceOrder } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder, TEST_BANK as BANK } from '@/testing/fixtures/payments';

/** Issue 20 point 8: the bank account is shown only to someone with something to pay in this conference. */
describe.each(testBackends())('payee details of offline methods on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;

  const methods = (token?: string, at: ConferenceFixture = fx) =>
    callHandler(methodsGet, at, { method: 'GET', path: '/api/conference/pay/methods', token });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'payee');
    other = await plantConference(database, 'payee-other');
    for (const at of [fx, other]) {
      const manager = await plantAccount(database, at.conferenceId, 'manager');
      const saved = await callHandler(configPost, at, {
        token: manager.token,
        body: JSON.stringify({ kind: 'bankRemit', enabled: true, settings: BANK }),
      });
      expect(saved.status, saved.text).toBe(200);
    }
  });
  afterAll(() => database?.close());

  it('anonymous callers get no account number', async () => {
    const res = await methods();
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(BANK.account);
  });

  it('a signed-in account without orders sees the method, not the payee', async () => {
    const stranger = await plantAccount(database, fx.conferenceId);
    const res = await methods(stranger.token);
    expect(res.status).toBe(200);
    expect(res.json!.data).toEqual([{ kind: 'bankRemit', details: {} }]);
    expect(res.text).not.toContain(BANK.account);
  });

  it('the payer with an order to pay sees the payee; once it is paid, no longer', async () => {
    const payer = await plantAccount(database, fx.conferenceId);
    const order = await plantOrder(database, fx, payer.userId);
    const res = await methods(payer.token);
    expect(res.status).toBe(200);
    expect(res.json!.data).toEqual([{ kind: 'bankRemit', details: BANK }]);
    await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, order.id));
    expect((await methods(payer.token)).text).not.toContain(BANK.account);
  });

  it('a payer of another conference does not see this one’s payee', async () => {
    const elsewhere = await plantAccount(database, other.conferenceId);
    await plantOrder(database, other, elsewhere.userId);
    expect((await methods(elsewhere.token, other)).text).toContain(BANK.account);
    const res = await methods(elsewhere.token, fx);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(BANK.account);
  });
});

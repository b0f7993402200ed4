import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInsideRateWindow } from '@/testing/harness/clock';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference, registrationConfig, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { LIMITS } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import { addOptionalFee, changeFeeOrder } from '@/lib/orders/change-fee-order';
import { registerParticipant } from '@/lib/registration/register-participant';
import { saveFee } from './fee-config';
import { feeOffer } from './fee-offer';
import { ZFeeInput } from './schemas';

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe.each(testBackends())('invitation-code guesses on %s', (backend) => {
  // The limits count in fixed windows (up to an hour): each test runs inside one window.
  let realClock = () => {};
  beforeEach(() => {
    realClock = startInsideRateWindow(3600);
  });
  afterEach(() => realClock());
  let database: Database;
  let conf: typeof conference.$inferSelect;
  let vip: number;
  let regular: number;
  let banquet: number;
  const users = Array.from({ length: 4 }, () => randomUUID());
  // One clock for the whole file, so no test straddles two rate-limit windows.
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({ slug: 'codes', title: { zh: '会', en: 'C' }, shortTitle: { zh: '会', en: 'C' }, status: PUBLISHED })
      .returning();
    await database.db
      .insert(registrationConfig)
      .values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31', costsSet: true });
    await database.db.insert(user).values(users.map((id, i) => ({ id, name: `u${i}`, email: `u${i}@example.org` })));
    const fee = (title: string, extra: object) =>
      saveFee(
        database.db,
        conf.id,
        ZFeeInput.parse({
          kind: 'register',
          title: { zh: title, en: title },
          priceMinor: 1000,
          currency: 'CNY',
          displayCurrency: 'USD',
          displayPriceMinor: 150,
          ...extra,
        }),
        users[0],
      );
    vip = (await fee('Invited', { invitationCode: 'VIP-2026' })).id;
    regular = (await fee('Regular', {})).id;
    banquet = (await fee('Banquet', { kind: 'optional', invitationCode: 'DINNER' })).id;
  });
  afterAll(() => database?.close());

  const offer = (code: string, ip: string | null, userId: string | null = null) =>
    feeOffer(database.db, conf, { locale: 'en', invitationCode: code, guesser: { ip, userId }, now });

  it('wrong codes from one client are limited; then even the right code is refused there, but not from another client', async () => {
    const results: string[] = [];
    for (let i = 0; i <= LIMITS.invitationPerIp.max; i++) results.push(await outcome(offer(`GUESS-${i}`, '203.0.113.40')));
    expect(results.filter((r) => r === 'OK')).toHaveLength(LIMITS.invitationPerIp.max);
    expect(results.at(-1)).toBe('RATE_LIMITED');
    expect(await outcome(offer('VIP-2026', '203.0.113.40'))).toBe('RATE_LIMITED');
    expect((await offer(' vip-2026 ', '203.0.113.41')).register.map((f) => f.id)).toContain(vip);
  });

  it('right codes and no code never count', async () => {
    for (let i = 0; i < LIMITS.invitationPerIp.max + 5; i++) {
      expect((await offer('VIP-2026', '203.0.113.42')).register.map((f) => f.id)).toContain(vip);
      await offer('', '203.0.113.42');
    }
    expect(await outcome(offer('GUESS', '203.0.113.42'))).toBe('OK');
  });

  it('wrong codes are limited per account across clients, at registration and on the fee pages too', async () => {
    const account = users[1];
    const register = (code: string, ip: string) =>
      outcome(
        registerParticipant(database.db, {
          conference: conf,
          userId: account,
          answers: { country: 'DE' },
          fees: { registerFeeId: regular, optional: [], invitationCode: code },
          ip,
          locale: 'en',
          now,
        }),
      );
    const results: string[] = [];
    for (let i = 0; i < LIMITS.invitationPerAccount.max - 1; i++)
      results.push(await outcome(offer(`ACCT-${i}`, `198.51.100.${i}`, account)));
    expect(results).toEqual(Array(LIMITS.invitationPerAccount.max - 1).fill('OK'));
    // The last allowed guess is spent on the registration form itself (the regular fee needs no code).
    expect(await register('ONE-MORE', '198.51.100.200')).toBe('OK');
    expect(await outcome(offer('VIP-2026', '198.51.100.201', account))).toBe('RATE_LIMITED');
    const common = { conferenceId: conf.id, userId: account, locale: 'en' as const, ip: '198.51.100.202', now };
    expect(await outcome(addOptionalFee(database.db, { ...common, feeId: banquet, quantity: 1, invitationCode: 'DINNER' }))).toBe(
      'RATE_LIMITED',
    );
    expect(await outcome(changeFeeOrder(database.db, { ...common, orderId: 1, feeId: vip, quantity: 1, invitationCode: 'VIP-2026' }))).toBe(
      'RATE_LIMITED',
    );
    // Another account from the same clients is not held back.
    expect((await offer('VIP-2026', '198.51.100.1', users[2])).register.map((f) => f.id)).toContain(vip);
  });
});

import { hashPassword } from 'better-auth/crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInsideRateWindow } from '@/testing/harness/clock';
import type { Database } from '@/db/client';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { buildAuth } from '@/lib/auth/auth';
import { AppError } from '@/lib/http/app-error';
import { isEmailRegistered } from './check-email';
import { insertAccount } from './create-account';
import { checkLoginAttempt } from './login-attempts';
import { sendEmailCode } from './email-codes';
import { LIMITS } from './rate-limit';
import { signIn } from './sign-in';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const PASSWORD = 'Conference2026';
/** Every sign-in checks a real password hash: on a busy 2-core machine twenty of them take a while. */
const LOGIN_TEST_TIMEOUT = 180_000;

/** The error code a call ends with, or 'OK'. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe.each(testBackends('both'))('sign-in and code limits on %s', (backend) => {
  // The limits count in fixed windows (up to an hour): each test runs inside one window.
  let realClock = () => {};
  beforeEach(() => {
    realClock = startInsideRateWindow(3600);
  });
  afterEach(() => realClock());
  let database: Database;
  let auth: ReturnType<typeof buildAuth>;
  let conferenceId: number;
  // One clock for the whole file, so no test straddles two rate-limit windows.
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    auth = buildAuth(database.db, SECRET);
    conferenceId = await insertTestConference(database.db, 'limits');
    const passwordHash = await hashPassword(PASSWORD);
    const emails = [
      'owner@example.org',
      'other@example.org',
      'busy@example.org',
      ...Array.from({ length: 15 }, (_, i) => `user${i}@example.org`),
    ];
    for (const email of emails) await database.db.transaction((tx) => insertAccount(tx, { email, name: 'Test User', passwordHash }));
  });
  afterAll(() => database?.close());

  const login = (email: string, password: string, ip: string | null) =>
    outcome(signIn(database.db, { email, password, ip, headers: new Headers(), auth, now }));

  it('a correct password always signs in: 15 successful logins in a row never get 429', { timeout: LOGIN_TEST_TIMEOUT }, async () => {
    for (let i = 0; i < 15; i++) expect(await login('busy@example.org', PASSWORD, '10.0.0.1')).toBe('OK');
  });

  it('only failures count: a success clears them, so an owner with typos is not locked', { timeout: LOGIN_TEST_TIMEOUT }, async () => {
    const results: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.loginFailures.max - 1; i++) results.push(await login('owner@example.org', 'Wrong-guess-1', '10.0.0.2'));
      results.push(await login('owner@example.org', PASSWORD, '10.0.0.2'));
    }
    const expected = Array.from({ length: LIMITS.loginFailures.max - 1 }, () => 'LOGIN_ERROR').concat('OK');
    expect(results).toEqual([...expected, ...expected]);
  });

  it(
    'failures lock the account until its window ends, whoever asks; another account from another client is unaffected',
    { timeout: LOGIN_TEST_TIMEOUT },
    async () => {
      for (let i = 0; i < LIMITS.loginFailures.max; i++)
        expect(await login('owner@example.org', `Wrong-${i}-x`, `10.1.0.${i}`)).toBe('LOGIN_ERROR');
      expect(await login('owner@example.org', 'Wrong-again-1', '10.1.1.1')).toBe('LOGIN_LOCKED');
      // Locked: even the right password (from yet another client) is refused, so guessing learns nothing.
      expect(await login('owner@example.org', PASSWORD, '10.1.1.2')).toBe('LOGIN_LOCKED');
      expect(await login('other@example.org', PASSWORD, '10.1.1.3')).toBe('OK');
      // The next window opens it again.
      const later = new Date(now.getTime() + LIMITS.loginFailures.windowSeconds * 1000);
      expect(
        await outcome(
          signIn(database.db, { email: 'owner@example.org', password: PASSWORD, ip: '10.1.1.2', headers: new Headers(), auth, now: later }),
        ),
      ).toBe('OK');
    },
  );

  it('concurrent guesses cannot get past the account limit: at most the limit of passwords are even checked', async () => {
    let checked = 0;
    // The password check as signIn hands it over: slow, like a real hash, and wrong every time.
    const wrongPassword = async () => {
      checked++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return null;
    };
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        outcome(checkLoginAttempt(database.db, { email: 'user14@example.org', ip: `10.2.0.${i}`, now }, wrongPassword)),
      ),
    );
    expect(checked).toBe(LIMITS.loginFailures.max);
    expect(results.filter((r) => r === 'LOGIN_LOCKED')).toHaveLength(25 - LIMITS.loginFailures.max);
    expect(await login('user14@example.org', PASSWORD, '10.2.1.1')).toBe('LOGIN_LOCKED');
  });

  it(
    'spraying many accounts from one client is stopped; the accounts still sign in from elsewhere',
    { timeout: LOGIN_TEST_TIMEOUT },
    async () => {
      const sprayer = '203.0.113.9';
      const results: string[] = [];
      for (let i = 0; i < 12; i++) results.push(await login(`user${i}@example.org`, 'Spring2026!x', sprayer));
      expect(results.slice(0, LIMITS.loginAccountsPerIp.max)).toEqual(Array(LIMITS.loginAccountsPerIp.max).fill('LOGIN_ERROR'));
      expect(results.slice(LIMITS.loginAccountsPerIp.max)).toEqual(Array(12 - LIMITS.loginAccountsPerIp.max).fill('RATE_LIMITED'));
      // Past the limit the client learns nothing, not even from a right password.
      expect(await login('user11@example.org', PASSWORD, sprayer)).toBe('RATE_LIMITED');
      expect(await login('user11@example.org', PASSWORD, '198.51.100.7')).toBe('OK');
      expect(await login('user0@example.org', PASSWORD, '198.51.100.7')).toBe('OK');
    },
  );

  it('failures across accounts from one client are limited in total', { timeout: LOGIN_TEST_TIMEOUT }, async () => {
    const client = '203.0.113.10';
    const results: string[] = [];
    // Two failures on each of 10 accounts: within the distinct-account limit, at the total.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 10; i++) results.push(await login(`user${i}@example.org`, `Other-guess-${round}z`, client));
    }
    expect(results).toEqual(Array(LIMITS.loginFailuresPerIp.max).fill('LOGIN_ERROR'));
    expect(await login('user0@example.org', 'One-more-guess-1', client)).toBe('RATE_LIMITED');
  });

  it('an IPv6 client is its /64: failures spread over 21 of its addresses hit the per-client limit', async () => {
    // Accounts that do not exist fail without a password hash, and three of them stay below the account lock.
    const ghost = (i: number) => `ghost${i % 3}@example.org`;
    const results: string[] = [];
    for (let i = 1; i <= LIMITS.loginFailuresPerIp.max + 1; i++) {
      // Every spelling of the same /64: full, compressed, upper case, with a zone.
      const address = i % 2 ? `2001:db8:0:0:${i.toString(16)}::1` : `2001:DB8::${i.toString(16)}:0:0:${i.toString(16)}%eth0`;
      results.push(await login(ghost(i), 'Wrong-guess-v6', address));
    }
    expect(results).toEqual([...Array(LIMITS.loginFailuresPerIp.max).fill('LOGIN_ERROR'), 'RATE_LIMITED']);
    // Another address of that /64 is the same client, even with a right password.
    expect(await login('user13@example.org', PASSWORD, '2001:db8::ffff:1')).toBe('RATE_LIMITED');
  });

  it('control: addresses in different /64s of one /48 are different clients', async () => {
    const results: string[] = [];
    for (let i = 1; i <= LIMITS.loginFailuresPerIp.max + 1; i++) {
      results.push(await login(`ghost${3 + (i % 3)}@example.org`, 'Wrong-guess-v6', `2001:db8:1:${i.toString(16)}::1`));
    }
    expect(results).toEqual(Array(LIMITS.loginFailuresPerIp.max + 1).fill('LOGIN_ERROR'));
  });

  it(
    'many people signing in from one address (an office, a NAT) are never limited by their successes',
    { timeout: LOGIN_TEST_TIMEOUT },
    async () => {
      // user14 is locked by the concurrency test above.
      for (let i = 0; i < 14; i++) expect(await login(`user${i}@example.org`, PASSWORD, '192.0.2.50')).toBe('OK');
    },
  );

  it('codes to many different addresses from one client are stopped; another client still gets its code', async () => {
    const send = (email: string, ip: string) =>
      outcome(sendEmailCode(database.db, { email, purpose: 'registerCode', conferenceId, ip, locale: 'en' }, now));
    const results: string[] = [];
    for (let i = 0; i < 12; i++) results.push(await send(`new${i}@example.org`, '203.0.113.20'));
    expect(results).toEqual([
      ...Array(LIMITS.codeEmailsPerIp.max).fill('OK'),
      ...Array(12 - LIMITS.codeEmailsPerIp.max).fill('RATE_LIMITED'),
    ]);
    expect(await send('new11@example.org', '203.0.113.21')).toBe('OK');
    // Asking about existing accounts counts as well (it tells who has one).
    const prober = '203.0.113.22';
    const probes: string[] = [];
    for (let i = 0; i < 12; i++) probes.push(await send(`user${i}@example.org`, prober));
    expect(probes.slice(LIMITS.codeEmailsPerIp.max)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  });

  it('checkEmail is limited per client', async () => {
    const ask = (ip: string) => outcome(isEmailRegistered(database.db, { email: 'owner@example.org', ip }, now));
    const results: string[] = [];
    for (let i = 0; i <= LIMITS.checkEmailPerIp.max; i++) results.push(await ask('203.0.113.30'));
    expect(results.filter((r) => r === 'OK')).toHaveLength(LIMITS.checkEmailPerIp.max);
    expect(results.at(-1)).toBe('RATE_LIMITED');
    expect(await ask('203.0.113.31')).toBe('OK');
  });
});

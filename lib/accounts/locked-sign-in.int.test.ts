import { hashPassword } from 'better-auth/crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox, rateLimit } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { buildAuth } from '@/lib/auth/auth';
import { AppError } from '@/lib/http/app-error';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { POST as localLoginPost } from '@/app/api/base/oauth/localLogin/route';
import { POST as sendCodePost } from '@/app/api/conference/conferenceRegUserConfig/sendEmailCode/route';
import { insertAccount } from './create-account';
import { MAX_CODE_ATTEMPTS, RESEND_WAIT_SECONDS, sendEmailCode } from './email-codes';
import { LIMITS } from './rate-limit';
import { signIn } from './sign-in';

/**
 * The owner's way into an account that wrong passwords have locked: the password AND a sign-in
 * code mailed to the account's address. Whoever lacks the mailbox stays locked out; whoever lacks
 * the password gets nowhere with the code.
 */

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const PASSWORD = 'Conference2026';
/** Every sign-in checks a real password hash: on a busy 2-core machine a few dozen take a while. */
const LOGIN_TEST_TIMEOUT = 180_000;
const forgetAuth = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for('confhub.auth')];

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

describe.each(testBackends())('signing in to a locked account on %s', (backend) => {
  let database: Database;
  let auth: ReturnType<typeof buildAuth>;
  let fx: ConferenceFixture;
  // The start of a login window, so every step below (codes a minute apart included) falls in one.
  const windowMs = LIMITS.loginFailures.windowSeconds * 1000;
  const now = new Date(Math.floor(Date.now() / windowMs) * windowMs + 1000);
  const nextMinute = new Date(now.getTime() + (RESEND_WAIT_SECONDS + 1) * 1000);

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    forgetAuth();
    auth = buildAuth(database.db, SECRET);
    fx = await plantConference(database, 'locked');
    const passwordHash = await hashPassword(PASSWORD);
    for (const email of ['owner@example.org', 'api@example.org']) {
      await database.db.transaction((tx) => insertAccount(tx, { email, name: 'Test User', passwordHash }));
    }
  });
  afterAll(async () => {
    forgetAuth();
    await database?.close();
  });

  const login = (password: string, ip: string, code?: string, at = now) =>
    outcome(signIn(database.db, { email: 'owner@example.org', password, code, ip, headers: new Headers(), auth, now: at }));
  const mailCode = (at = now) =>
    sendEmailCode(
      database.db,
      {
        email: 'owner@example.org',
        purpose: 'loginCode',
        conferenceId: fx.conferenceId,
        locale: 'en',
        ip: '198.51.100.1',
      },
      at,
    );
  /** The code as the owner reads it: in the newest sign-in code mail to `to`. */
  const codeInOutbox = async (to: string) => {
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'loginCode')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return /(\d{6})/.exec(mail.text)![1];
  };
  const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');
  const failures = async () =>
    (await database.db.select({ count: rateLimit.count }).from(rateLimit).where(eq(rateLimit.key, 'login-fail:email:owner@example.org')))
      .map((row) => row.count)
      .reduce((a, b) => a + b, 0);

  it(
    'ten wrong passwords lock the account; the owner gets in with the password and the mailed code, once',
    { timeout: LOGIN_TEST_TIMEOUT },
    async () => {
      for (let i = 0; i < LIMITS.loginFailures.max; i++) expect(await login(`Wrong-${i}-guess`, `203.0.113.${i}`)).toBe('LOGIN_ERROR');
      // Locked, from anywhere: the right password alone is refused, so a guesser learns nothing.
      expect(await login(PASSWORD, '192.0.2.10')).toBe('LOGIN_LOCKED');
      expect(await login('Wrong-again-1', '192.0.2.10')).toBe('LOGIN_LOCKED');

      await mailCode();
      const code = await codeInOutbox('owner@example.org');

      // The attacker without the mailbox: a guessed code is refused, and it is no password failure.
      expect(await login(PASSWORD, '203.0.113.50', otherThan(code))).toBe('CODE_WRONG');
      expect(await failures()).toBe(LIMITS.loginFailures.max);
      // A right code with a wrong password fails, and counts.
      expect(await login('Wrong-with-code-1', '192.0.2.10', code)).toBe('LOGIN_ERROR');
      expect(await failures()).toBe(LIMITS.loginFailures.max + 1);

      // The owner: right password and right code.
      expect(await login(PASSWORD, '192.0.2.10', code)).toBe('OK');
      // The failures are cleared: the password alone signs in again.
      expect(await failures()).toBe(0);
      expect(await login(PASSWORD, '192.0.2.11')).toBe('OK');
      // The code is used up, locked or not.
      expect(await login(PASSWORD, '192.0.2.10', code)).toBe('CODE_EXPIRED');
      for (let i = 0; i < LIMITS.loginFailures.max; i++) expect(await login(`Wrong-${i}-later`, `203.0.113.${i}`)).toBe('LOGIN_ERROR');
      expect(await login(PASSWORD, '192.0.2.10', code)).toBe('CODE_EXPIRED');
      expect(await login(PASSWORD, '192.0.2.10')).toBe('LOGIN_LOCKED');
    },
  );

  it('wrong codes are limited: after the allowed tries even the right code is dead', { timeout: LOGIN_TEST_TIMEOUT }, async () => {
    // Still locked from the test above; a fresh code a minute later.
    expect(await login(PASSWORD, '192.0.2.20', undefined, nextMinute)).toBe('LOGIN_LOCKED');
    await mailCode(nextMinute);
    const code = await codeInOutbox('owner@example.org');
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
      expect(await login(PASSWORD, `203.0.113.${60 + i}`, otherThan(code), nextMinute)).toBe('CODE_WRONG');
    expect(await login(PASSWORD, '192.0.2.20', code, nextMinute)).toBe('CODE_EXPIRED');
    expect(await login(PASSWORD, '192.0.2.20', undefined, nextMinute)).toBe('LOGIN_LOCKED');
  });

  it(
    'through the handlers: the code is asked for as loginCode, checked whenever sent, and used once',
    { timeout: LOGIN_TEST_TIMEOUT },
    async () => {
      const post = (handler: typeof localLoginPost, body: unknown, ip = '198.51.100.30') =>
        callHandler(handler, fx, { body: JSON.stringify(body), headers: { 'x-confhub-client-ip': ip, 'x-locale': 'en' } });
      const unknown = await post(sendCodePost, { data: { email: 'nobody@example.org', type: 'loginCode' } });
      expect(unknown.json?.error).toBe('USER_NOT_EXIST');
      expect((await post(sendCodePost, { data: { email: 'api@example.org', type: 'loginCode' } })).status).toBe(200);
      const code = await codeInOutbox('api@example.org');
      const credentials = { email: 'api@example.org', password: PASSWORD };

      const malformed = await post(localLoginPost, { ...credentials, code: '12ab' });
      expect(malformed.status).toBe(400);
      const wrong = await post(localLoginPost, { ...credentials, code: otherThan(code) });
      expect([wrong.status, wrong.json?.error]).toEqual([400, 'CODE_WRONG']);
      const right = await post(localLoginPost, { ...credentials, code });
      expect(right.status).toBe(200);
      expect((right.json?.data as { token: string }).token).toBeTruthy();
      const again = await post(localLoginPost, { ...credentials, code });
      expect([again.status, again.json?.error]).toEqual([400, 'CODE_EXPIRED']);
      expect((await post(localLoginPost, credentials)).status).toBe(200);
    },
  );
});

import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { account, conference, emailCode, mailOutbox, session, user, userProfile } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { AppError } from '@/lib/http/app-error';
import { sendEmailCode } from './email-codes';
import { registerAccount } from './register-account';
import { resetPassword } from './reset-password';

/** The code is only in the queued mail, as the user would read it. */
async function codeFromOutbox(db: Database['db'], to: string): Promise<string> {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
  const match = /(\d{6})/.exec(mails.at(-1)!.text);
  return match![1];
}

const expectCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
};

describe.each(testBackends('both'))('accounts on %s', (backend) => {
  let database: Database;
  let conferenceId: number;
  const mailContext = { locale: 'en' as const };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const [row] = await database.db
      .insert(conference)
      .values({ slug: 'acc', title: { zh: '会', en: 'Conf' }, shortTitle: { zh: '会', en: 'Conf' } })
      .returning();
    conferenceId = row.id;
  });
  afterAll(() => database?.close());

  const send = (email: string, purpose: 'registerCode' | 'resetPassCode', now?: Date) =>
    sendEmailCode(database.db, { email, purpose, conferenceId, ip: `ip-${email}`, ...mailContext }, now);

  it('sign-up: the code and its mail are written together; one send per 60 s', async () => {
    await send('wang@example.org', 'registerCode');
    const codes = await database.db.select().from(emailCode).where(eq(emailCode.email, 'wang@example.org'));
    expect(codes).toHaveLength(1);
    expect(codes[0].codeHash).not.toMatch(/^\d{6}$/);
    expect(await codeFromOutbox(database.db, 'wang@example.org')).toMatch(/^\d{6}$/);
    await expectCode(send('wang@example.org', 'registerCode'), 'RESEND_TOO_SOON');
  });

  it('sign-up: a wrong code is refused and changes nothing; the right one creates the account once', async () => {
    const code = await codeFromOutbox(database.db, 'wang@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    const input = { email: 'wang@example.org', name: 'Wang Fang', password: 'Conference2026', confirmPassword: 'Conference2026' };
    await expectCode(registerAccount(database.db, { ...input, code: wrong }), 'CODE_WRONG');
    expect(await database.db.select().from(user).where(eq(user.email, 'wang@example.org'))).toHaveLength(0);

    const { userId } = await registerAccount(database.db, { ...input, code });
    const [credential] = await database.db.select().from(account).where(eq(account.userId, userId));
    expect(await verifyPassword({ hash: credential.password!, password: 'Conference2026' })).toBe(true);
    expect(await database.db.select().from(userProfile).where(eq(userProfile.userId, userId))).toHaveLength(1);

    await expectCode(registerAccount(database.db, { ...input, code }), 'USER_EXISTS');
    await expectCode(send('wang@example.org', 'registerCode', new Date(Date.now() + 120_000)), 'USER_EXISTS');
  });

  it('sign-up: an expired code says so', async () => {
    await send('old@example.org', 'registerCode', new Date(Date.now() - 11 * 60_000));
    const code = await codeFromOutbox(database.db, 'old@example.org');
    await expectCode(
      registerAccount(database.db, {
        email: 'old@example.org',
        code,
        name: 'Old',
        password: 'Conference2026',
        confirmPassword: 'Conference2026',
      }),
      'CODE_EXPIRED',
    );
  });

  it('sign-up: five wrong guesses kill the code', async () => {
    await send('guess@example.org', 'registerCode');
    const code = await codeFromOutbox(database.db, 'guess@example.org');
    const wrong = code === '999999' ? '888888' : '999999';
    const input = { email: 'guess@example.org', name: 'G', password: 'Conference2026', confirmPassword: 'Conference2026' };
    for (let i = 0; i < 5; i++) await expectCode(registerAccount(database.db, { ...input, code: wrong }), 'CODE_WRONG');
    await expectCode(registerAccount(database.db, { ...input, code }), 'CODE_EXPIRED');
  });

  it('fifty wrong guesses at once get five checks at most, then the code is dead', async () => {
    await send('brute@example.org', 'registerCode');
    const code = await codeFromOutbox(database.db, 'brute@example.org');
    const wrong = code === '123456' ? '654321' : '123456';
    const input = { email: 'brute@example.org', name: 'B', password: 'Conference2026', confirmPassword: 'Conference2026' };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => registerAccount(database.db, { ...input, code: wrong })));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'OK'));
    expect(codes.filter((c) => c === 'CODE_WRONG').length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 'CODE_WRONG' || c === 'CODE_EXPIRED')).toBe(true);
    await expectCode(registerAccount(database.db, { ...input, code }), 'CODE_EXPIRED');
  });

  it('reset: needs an existing account, the code and the right name; then signs out everywhere and tells by mail', async () => {
    await expectCode(send('nobody@example.org', 'resetPassCode'), 'USER_NOT_EXIST');
    const [wang] = await database.db.select().from(user).where(eq(user.email, 'wang@example.org'));
    await database.db.insert(session).values({ id: 's1', token: 't1', userId: wang.id, expiresAt: new Date(Date.now() + 3600_000) });

    await send('wang@example.org', 'resetPassCode');
    const code = await codeFromOutbox(database.db, 'wang@example.org');
    const input = { email: 'wang@example.org', code, password: 'Renewed-Access-77', confirmPassword: 'Renewed-Access-77' };
    await expectCode(resetPassword(database.db, { ...input, name: 'Someone Else' }, { ...mailContext, conferenceId }), 'NAME_MISMATCH');
    await resetPassword(database.db, { ...input, name: ' wang fang ' }, { ...mailContext, conferenceId });

    const [credential] = await database.db.select().from(account).where(eq(account.userId, wang.id));
    expect(await verifyPassword({ hash: credential.password!, password: 'Renewed-Access-77' })).toBe(true);
    expect(await database.db.select().from(session).where(eq(session.userId, wang.id))).toHaveLength(0);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'passwordChanged'));
    expect(mails.map((m) => m.toAddress)).toEqual(['wang@example.org']);
    await expectCode(resetPassword(database.db, { ...input, name: 'Wang Fang' }, { ...mailContext, conferenceId }), 'CODE_EXPIRED');
  });

  it('two sign-ups racing with one code: exactly one account', async () => {
    await send('race@example.org', 'registerCode');
    const code = await codeFromOutbox(database.db, 'race@example.org');
    const input = { email: 'race@example.org', code, name: 'Race', password: 'Conference2026', confirmPassword: 'Conference2026' };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => registerAccount(database.db, input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await database.db.select().from(user).where(eq(user.email, 'race@example.org'))).toHaveLength(1);
  });
});

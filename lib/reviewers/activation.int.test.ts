import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { account, conferenceMember, mailOutbox, reviewer, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { insertAccount } from '@/lib/accounts/create-account';
import { signIn } from '@/lib/accounts/sign-in';
import { buildAuth } from '@/lib/auth/auth';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET as keyGet } from '@/app/api/conference/platform/manage/review/key/[key]/route';
import { GET as activeGet, POST as activePost } from '@/app/api/conference/platform/manage/review/active/route';
import { POST as mailPost } from '@/app/api/conference/platform/manage/review/mail/route';
import { POST as addPost } from '@/app/api/conference/platform/manage/review/route';
import { hashInvitationKey } from './keys';
import { sessionFor, signUpCodeFor } from '@/testing/fixtures/reviewers';

/**
 * Invitation and activation through the route handlers: the mail's link is the only place the key
 * exists, it works once (also under concurrency), a resend replaces it, a new account needs the
 * sign-up code emailed to the address and then signs in with the password chosen at activation,
 * and an existing account is linked only when signed in as itself, its password untouched.
 */
const SECRET = 'reviewer-activation-test-secret-0123456789';
const PASSWORD = 'Reviewing2026';
const FORM = {
  lastName: 'Li',
  middleName: '',
  firstName: 'Hua',
  fullName: 'Li Hua',
  organization: 'Peking University',
  phone: '+86 10 6275 1234',
  countryArea: 'CN',
  direction: 'Plasma physics',
};

describe.each(testBackends('both'))('reviewer invitation and activation on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let manager: string;

  const json = (body: unknown) => JSON.stringify(body);
  const invite = (email: string) => callHandler(addPost, fx, { token: manager, body: json({ email, fullName: 'Invitee' }) });
  /** The key as the invitee reads it: from the newest mail to `email`. */
  const keyFromMail = async (email: string) => {
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.template).toBe('reviewerInvitation');
    const match = /http:\/\/[^\s/]+(?:\/en)?\/review\/active\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(match).not.toBeNull();
    expect(mail.html).toContain(match![1]);
    return match![1];
  };
  const activate = (key: string, extra: Record<string, string> = {}, token?: string) =>
    callHandler(activePost, fx, { token, body: json({ key, ...FORM, ...extra }) });
  const lookup = (key: string, token?: string) => callHandler(keyGet, fx, { method: 'GET', token, params: { key } });
  /** A new account's activation: the password twice and the code mailed to the invitation's address. */
  const withCode = async (email: string) => ({
    password: PASSWORD,
    confirmPassword: PASSWORD,
    code: await signUpCodeFor(database, fx, email),
  });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'revact');
    manager = (await plantAccount(database, fx.conferenceId, 'manager')).token;
  });
  afterAll(() => database?.close());

  it('invites: the mail holds a link whose key, with the emailed code, activates a new account that signs in with its password', async () => {
    const added = await invite('new.reviewer@example.org');
    expect(added.status).toBe(200);
    const key = await keyFromMail('new.reviewer@example.org');
    const [row] = await database.db.select().from(reviewer).where(eq(reviewer.email, 'new.reviewer@example.org'));
    expect(row.keyHash).toBe(hashInvitationKey(key));
    expect(row.keyHash).not.toContain(key);
    expect(row.active).toBe(false);

    const shown = await lookup(key);
    expect(shown.json?.data).toMatchObject({ state: 'pending', email: 'new.reviewer@example.org', step: 'newAccount' });

    // Without an account the password and the emailed code are required; each attempt changes nothing.
    const noPassword = await activate(key);
    expect(noPassword.status).toBe(400);
    expect(noPassword.json?.error).toBe('INVALID_INPUT');
    const noCode = await activate(key, { password: PASSWORD, confirmPassword: PASSWORD });
    expect([noCode.status, noCode.json?.error, Object.keys(JSON.parse(noCode.text).fields ?? {})]).toEqual([
      400,
      'INVALID_INPUT',
      ['code'],
    ]);
    const mismatch = await activate(key, { password: PASSWORD, confirmPassword: 'Other2026x' });
    expect(mismatch.status).toBe(400);
    const proof = await withCode('new.reviewer@example.org');
    const wrong = await activate(key, { ...proof, code: proof.code === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.json?.error]).toEqual([400, 'CODE_WRONG']);
    const missingDirection = await activate(key, { ...proof, direction: '' });
    expect(missingDirection.status).toBe(400);
    expect(await database.db.select().from(user).where(eq(user.email, 'new.reviewer@example.org'))).toHaveLength(0);
    expect((await lookup(key)).json?.data).toMatchObject({ state: 'pending' });

    const done = await activate(key, proof);
    expect(done.status).toBe(200);
    expect(done.json?.data).toMatchObject({ activated: true, newAccount: true });
    const [after] = await database.db.select().from(reviewer).where(eq(reviewer.id, row.id));
    expect(after).toMatchObject({ active: true, keyHash: null, fullName: 'Li Hua', country: 'CN', direction: 'Plasma physics' });
    expect(after.activatedAt).not.toBeNull();
    const members = await database.db
      .select()
      .from(conferenceMember)
      .where(and(eq(conferenceMember.conferenceId, fx.conferenceId), eq(conferenceMember.userId, after.userId!)));
    expect(members.map((m) => m.role)).toEqual(['reviewer']);

    const auth = buildAuth(database.db, SECRET);
    const signedIn = await signIn(database.db, {
      email: 'new.reviewer@example.org',
      password: PASSWORD,
      ip: null,
      headers: new Headers(),
      auth,
    });
    expect(signedIn.userId).toBe(after.userId);
    await expect(
      signIn(database.db, { email: 'new.reviewer@example.org', password: 'Wrong2026pass', ip: null, headers: new Headers(), auth }),
    ).rejects.toMatchObject({ code: 'LOGIN_ERROR' });

    // The signed-in reviewer is told they are active.
    // The sign-in hands out the token signed with this test's secret; the raw token before the dot is the bearer token.
    const rawToken = decodeURIComponent(signedIn.token).split('.')[0];
    const status = await callHandler(activeGet, fx, { method: 'GET', token: rawToken });
    expect(status.json?.data).toMatchObject({ active: true, reviewerId: row.id, role: 'reviewer' });
    const notReviewer = await callHandler(activeGet, fx, { method: 'GET', token: manager });
    expect(notReviewer.json?.data).toEqual({ active: false });

    // Single use: the key now answers the already-activated message.
    const again = await activate(key, proof);
    expect(again.status).toBe(409);
    expect(again.json?.error).toBe('INVITATION_USED');
    expect((await lookup(key)).json?.data).toEqual({ state: 'used' });
  });

  it('an existing account activates only when signed in as itself, and its password is never touched', async () => {
    const passwordHash = await hashPassword('Existing2026pw');
    const userId = await database.db.transaction((tx) =>
      insertAccount(tx, { email: 'known@example.org', name: 'Known Person', passwordHash }),
    );
    await invite('known@example.org');
    const key = await keyFromMail('known@example.org');
    expect((await lookup(key)).json?.data).toMatchObject({ state: 'pending', step: 'signInFirst' });
    const own = await sessionFor(database, userId);
    expect((await lookup(key, own)).json?.data).toMatchObject({ state: 'pending', step: 'activate' });

    // Not signed in, or signed in as somebody else (here the inviting manager): told to sign in as that account.
    for (const token of [undefined, manager]) {
      const refused = await activate(key, { password: 'Attacker2026pw', confirmPassword: 'Attacker2026pw' }, token);
      expect([refused.status, refused.json?.error]).toEqual([403, 'INVITATION_SIGN_IN']);
      expect(refused.json?.message).toContain('known@example.org');
    }
    expect((await lookup(key)).json?.data).toMatchObject({ state: 'pending' });

    // Signed in as the account: linked; a password sent along is ignored.
    const done = await activate(key, { password: 'Other2026pass', confirmPassword: 'Other2026pass' }, own);
    expect(done.status).toBe(200);
    expect(done.json?.data).toMatchObject({ newAccount: false });
    const [row] = await database.db.select().from(reviewer).where(eq(reviewer.email, 'known@example.org'));
    expect(row.userId).toBe(userId);
    expect(await database.db.select().from(user).where(eq(user.email, 'known@example.org'))).toHaveLength(1);
    const credentials = await database.db.select().from(account).where(eq(account.userId, userId));
    expect(credentials).toHaveLength(1);
    expect(await verifyPassword({ hash: credentials[0].password!, password: 'Existing2026pw' })).toBe(true);
  });

  it('two concurrent activations of one key: exactly one wins (control: a read-then-write activation lets both win)', async () => {
    await invite('race@example.org');
    const key = await keyFromMail('race@example.org');
    const proof = await withCode('race@example.org');
    const answers = await Promise.all(Array.from({ length: 6 }, () => activate(key, proof)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The others find the key used, or (checked after the winner used it up) the code.
    const losers = answers.filter((a) => a.status !== 200).map((a) => a.json?.error);
    expect(losers).toHaveLength(5);
    for (const error of losers) expect(['INVITATION_USED', 'CODE_EXPIRED']).toContain(error);
    expect(await database.db.select().from(user).where(eq(user.email, 'race@example.org'))).toHaveLength(1);

    // Control: read the pending row twice, then write by id without the key condition — both "win".
    await invite('race-control@example.org');
    const controlKey = await keyFromMail('race-control@example.org');
    const read = () =>
      database.db
        .select()
        .from(reviewer)
        .where(eq(reviewer.keyHash, hashInvitationKey(controlKey)));
    const [first, second] = await Promise.all([read(), read()]);
    const write = (rows: (typeof reviewer.$inferSelect)[]) =>
      database.db.update(reviewer).set({ active: true, keyHash: null }).where(eq(reviewer.id, rows[0].id)).returning({ id: reviewer.id });
    const wins = (await Promise.all([write(first), write(second)])).filter((r) => r.length === 1);
    expect(wins).toHaveLength(2);
  });

  it('a resend replaces the key: the old link answers already-activated, the new one works', async () => {
    const added = await invite('resend@example.org');
    const id = (added.json?.data as { id: number }).id;
    const oldKey = await keyFromMail('resend@example.org');
    const resent = await callHandler(mailPost, fx, { token: manager, body: json({ id }) });
    expect(resent.status).toBe(200);
    const newKey = await keyFromMail('resend@example.org');
    expect(newKey).not.toBe(oldKey);
    expect((await lookup(oldKey)).json?.data).toEqual({ state: 'used' });
    const proof = await withCode('resend@example.org');
    expect((await activate(oldKey, proof)).json?.error).toBe('INVITATION_USED');
    expect((await activate(newKey, proof)).status).toBe(200);
    // Nothing left to resend to an active reviewer.
    const late = await callHandler(mailPost, fx, { token: manager, body: json({ id }) });
    expect(late.status).toBe(409);
    expect(late.json?.error).toBe('INVITATION_USED');
  });

  it('an unknown or malformed key answers already-activated and activates nothing', async () => {
    const unknown = 'A'.repeat(43);
    expect((await lookup(unknown)).json?.data).toEqual({ state: 'used' });
    expect((await lookup('not-a-key')).json?.data).toEqual({ state: 'used' });
    const answer = await activate(unknown, { password: PASSWORD, confirmPassword: PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.json?.error).toBe('INVITATION_USED');
    expect((await activate('short', { password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(400);
  });

  it('a duplicate invitation is refused; the invitation goes out in the conference language when it has one', async () => {
    const dup = await invite('NEW.REVIEWER@example.org');
    expect(dup.status).toBe(409);
    expect(dup.json?.error).toBe('REVIEWER_EXISTS');
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'resend@example.org')).limit(1);
    expect(mail.locale).toBe('zh');
    expect(mail.subject).toContain('审稿专家邀请');
  });
});

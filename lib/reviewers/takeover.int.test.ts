import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as sendCodePost } from '@/app/api/conference/conferenceRegUserConfig/sendEmailCode/route';
import { PUT as mailConfigPut } from '@/app/api/conference/platform/config/email/route';
import { POST as activePost } from '@/app/api/conference/platform/manage/review/active/route';
import { GET as keyGet } from '@/app/api/conference/platform/manage/review/key/[key]/route';
import { POST as addPost } from '@/app/api/conference/platform/manage/review/route';
import type { Database } from '@/db/client';
import { account, reviewer, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { ConferenceTransports } from '@/lib/mail/conference-transports';
import { enqueueMail } from '@/lib/mail/outbox';
import { plantMailConferences, plantRegistrant, type MailFixture } from '@/testing/fixtures/mail';
import { startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';
import type { MailTransport, OutgoingMail } from '@/lib/mail/transport';
import { drainOutbox } from '@/lib/mail/worker';

/**
 * The account takeover through a reviewer invitation (issue 20, point 1), played as the attacker
 * would, and ending refused. Anyone may create a conference; its manager (here A's) points the
 * conference's SMTP at a server they control on loopback, invites a victim's email, and tries to
 * activate the key: for a victim with a passwordless account (registered by another conference's
 * organiser, as addUser does) and for an address without an account.
 */
const PASSWORD = 'Takeover2026pw';
const FORM = {
  lastName: 'Mallory',
  middleName: '',
  firstName: 'Eve',
  fullName: 'Eve Mallory',
  organization: 'Evil Labs',
  phone: '+1 555 0100',
  countryArea: 'US',
  direction: 'Account takeover',
  password: PASSWORD,
  confirmPassword: PASSWORD,
};

/** The platform's own SMTP, recording what it carried. */
function platformTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { describe: 'platform', sent, send: async (mail) => void sent.push(mail) };
}

const keyIn = (text: string) => /\/review\/active\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

describe.each(testBackends())('no account takeover through a reviewer invitation on %s', (backend) => {
  let database: Database;
  let fx: MailFixture;
  let attackerSmtp: TestSmtp;
  const platform = platformTransport();
  const transports = new ConferenceTransports();

  const credentialsOf = async (email: string) =>
    database.db
      .select({ id: account.id })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(and(eq(user.email, email), eq(account.providerId, 'credential')));
  /** Every text sent to `email`, through either server: what the key's holder could have. */
  const mailsTo = (email: string) =>
    [...platform.sent.filter((m) => m.to === email), ...attackerSmtp.mails.filter((m) => m.to.includes(email))]
      .map((m) => m.text)
      .join('\n');
  const invite = (email: string) => fx.call(addPost, '/api/conference/platform/manage/review', { token: fx.managerA, body: { email } });
  const activate = (body: Record<string, string>, token?: string) =>
    fx.call(activePost, '/api/conference/platform/manage/review/active', { token, body: { ...FORM, ...body } });

  beforeAll(async () => {
    // The attacker's server stands on loopback here, which a conference may use only with the
    // explicit setting (lib/mail/safe-host.ts); on a real deployment it would be any public host.
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantMailConferences(database, `tk${backend}`);
    attackerSmtp = await startTestSmtp();
    // The attacker, manager of A, points A's mail at their own server (as /platform/config/email lets them).
    const saved = await fx.call(mailConfigPut, '/api/conference/platform/config/email', {
      token: fx.managerA,
      method: 'PUT',
      body: {
        fromAddress: 'office@evil.example',
        fromName: 'A office',
        smtpHost: '127.0.0.1',
        smtpPort: attackerSmtp.port,
        ssl: false,
        username: '',
        password: 'Attacker2026smtp',
        confirmPassword: 'Attacker2026smtp',
        active: true,
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    await attackerSmtp?.close();
    await database?.close();
  });

  it('an existing passwordless account: the invitation goes through the platform, and its key alone activates nothing', async () => {
    // The victim was registered by conference B's organiser: an account without a password.
    await plantRegistrant(database, fx.b.id, { email: 'victim@example.org', name: 'Victor Tim', locale: 'en' });
    expect(await credentialsOf('victim@example.org')).toHaveLength(0);

    expect((await invite('victim@example.org')).status).toBe(200);
    // Control: A's own mail without a credential does go through the attacker's server.
    await enqueueMail(database.db, {
      conferenceId: fx.a.id,
      to: 'registrant@example.org',
      template: 'paymentReceived',
      locale: 'en',
      vars: { name: 'R', amount: '1', billNo: 'B-1', conference: 'A' },
    });
    await drainOutbox(database.db, platform, transports);
    expect(attackerSmtp.mails.map((m) => m.to[0])).toEqual(['registrant@example.org']);

    // The invitation went through the platform's SMTP, never the attacker's.
    expect(attackerSmtp.mails.some((m) => m.to.includes('victim@example.org') || keyIn(m.text) !== null)).toBe(false);
    const invitation = platform.sent.find((m) => m.to === 'victim@example.org');
    expect(invitation?.subject).toContain('审稿专家邀请');
    // Even with the key in hand (a phished link, say), activating is refused unless signed in as the victim.
    const key = keyIn(mailsTo('victim@example.org'))!;
    expect(key).not.toBeNull();
    const anonymous = await activate({ key });
    expect([anonymous.status, anonymous.json.error]).toEqual([403, 'INVITATION_SIGN_IN']);
    expect(anonymous.json.message).toContain('victim@example.org');
    const asAttacker = await activate({ key }, fx.managerA);
    expect([asAttacker.status, asAttacker.json.error]).toEqual([403, 'INVITATION_SIGN_IN']);

    // No password was written: the victim still cannot be signed in as; the invitation is still theirs.
    expect(await credentialsOf('victim@example.org')).toHaveLength(0);
    const [row] = await database.db.select().from(reviewer).where(eq(reviewer.email, 'victim@example.org'));
    expect([row.active, row.userId]).toEqual([false, null]);
    const shown = await fx.call(keyGet, '/api/conference/platform/manage/review/key/x', { params: { key } });
    expect(shown.json.data).toMatchObject({ state: 'pending', step: 'signInFirst' });
  });

  it('an unknown address: without the code the platform emailed to it, nothing is created', async () => {
    expect((await invite('nobody@example.org')).status).toBe(200);
    // The attacker even asks for a sign-up code for that address on their own conference's site.
    const asked = await fx.call(sendCodePost, '/api/conference/conferenceRegUserConfig/sendEmailCode', {
      body: { data: { email: 'nobody@example.org', type: 'registerCode' } },
    });
    expect(asked.status).toBe(200);
    await drainOutbox(database.db, platform, transports);
    expect(attackerSmtp.mails.filter((m) => m.to.includes('nobody@example.org'))).toHaveLength(0);
    expect(platform.sent.filter((m) => m.to === 'nobody@example.org')).toHaveLength(2);
    const key = keyIn(mailsTo('nobody@example.org'))!;
    const code = /\b(\d{6})\b/.exec(mailsTo('nobody@example.org').replace(/\/review\/active\/\S+/g, ''))![1];

    const noCode = await activate({ key });
    expect([noCode.status, noCode.json.error, Object.keys(noCode.json.fields ?? {})]).toEqual([400, 'INVALID_INPUT', ['code']]);
    const guessed = await activate({ key, code: code === '123456' ? '654321' : '123456' });
    expect([guessed.status, guessed.json.error]).toEqual([400, 'CODE_WRONG']);
    expect(await database.db.select().from(user).where(eq(user.email, 'nobody@example.org'))).toHaveLength(0);
    // The key stays usable for its owner.
    const shown = await fx.call(keyGet, '/api/conference/platform/manage/review/key/x', { params: { key } });
    expect(shown.json.data).toMatchObject({ state: 'pending', step: 'newAccount' });
  });
});

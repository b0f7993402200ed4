import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { GET as configGet, PUT as configPut } from '@/app/api/conference/platform/config/email/route';
import { POST as testPost } from '@/app/api/conference/platform/config/email/test/route';
import type { Database } from '@/db/client';
import { conferenceMailConfig, conferenceMember, mailOutbox } from '@/db/schema';
import { startInsideRateWindow } from '@/testing/harness/clock';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { hitRateLimit, LIMITS } from '@/lib/accounts/rate-limit';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { decryptSecrets } from '@/lib/server/secrets';
import { ConferenceTransports } from './conference-transports';
import { enqueueMail } from './outbox';
import { plantMailConferences, type MailFixture } from '@/testing/fixtures/mail';
import { startSilentServer, startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';
import type { MailTransport, OutgoingMail } from './transport';
import { drainOutbox } from './worker';

const PATH = '/api/conference/platform/config/email';
const PASSWORD = 'Secret2026mail';
const config = (port: number, over: Record<string, unknown> = {}) => ({
  fromAddress: 'office@conf-a.example.org',
  fromName: 'Conference A',
  smtpHost: '127.0.0.1',
  smtpPort: port,
  ssl: false,
  username: '',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  active: true,
  ...over,
});

function platformTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { describe: 'platform', sent, send: async (mail) => void sent.push(mail) };
}

describe.each(testBackends())('a conference’s own mail account on %s', (backend) => {
  let database: Database;
  let fx: MailFixture;
  let smtp: TestSmtp;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // The conferences' SMTP servers here are on loopback: allowed only by the explicit setting
    // (without it they are refused, lib/mail/smtp-host-safety.int.test.ts).
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantMailConferences(database, backend);
    smtp = await startTestSmtp();
  }, 120_000);
  afterAll(async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    await smtp?.close();
    await database?.close();
  });
  afterEach(async () => {
    delete process.env.MAIL_TEST_DEADLINE_MS;
    while (closers.length) await closers.pop()!();
  });

  const stored = async (conferenceId: number) =>
    (await database.db.select().from(conferenceMailConfig).where(eq(conferenceMailConfig.conferenceId, conferenceId)))[0];

  it('refuses a weak or unconfirmed password, a port that is not an integer and a first setup without a password', async () => {
    const put = (body: unknown) => fx.call(configPut, PATH, { token: fx.managerA, method: 'PUT', body });
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'abc123', confirmPassword: 'abc123' }, 'password'],
      [{ password: 'onlyletterslong', confirmPassword: 'onlyletterslong' }, 'password'],
      [{ password: '12345678901', confirmPassword: '12345678901' }, 'password'],
      [{ confirmPassword: 'Secret2026maiL' }, 'confirmPassword'],
      [{ smtpPort: 25.5 }, 'smtpPort'],
      [{ smtpPort: '587a' }, 'smtpPort'],
      [{ smtpPort: '1e3' }, 'smtpPort'],
      [{ smtpPort: 70000 }, 'smtpPort'],
      [{ smtpHost: 'smtp example.com' }, 'smtpHost'],
      [{ fromAddress: 'not-an-address' }, 'fromAddress'],
    ];
    for (const [over, field] of cases) {
      const res = await put(config(smtp.port, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json.fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    const noPassword = await put(config(smtp.port, { password: '', confirmPassword: '' }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.error).toBe('MAIL_PASSWORD_REQUIRED');
    expect(await stored(fx.a.id)).toBeUndefined();
    // A port typed as digits is the same integer.
    expect((await put(config(smtp.port, { smtpPort: String(smtp.port), active: false }))).status).toBe(200);
    expect((await stored(fx.a.id)).smtpPort).toBe(smtp.port);
  });

  it('stores the password encrypted, never sends it back, and keeps it when the field is left empty', async () => {
    const saved = await fx.call(configPut, PATH, { token: fx.managerA, method: 'PUT', body: config(smtp.port) });
    expect(saved.status).toBe(200);
    const row = await stored(fx.a.id);
    expect(row.passwordEnc).not.toContain(PASSWORD);
    expect(decryptSecrets(row.passwordEnc).password).toBe(PASSWORD);
    const read = await fx.call(configGet, PATH, { token: fx.managerA });
    expect(JSON.stringify(read.json)).not.toContain(PASSWORD);
    expect(JSON.stringify(read.json)).not.toContain(row.passwordEnc);
    expect(read.json.data).toMatchObject({ config: { passwordSet: true, smtpPort: smtp.port, ssl: false, active: true } });

    const kept = await fx.call(configPut, PATH, {
      token: fx.managerA,
      method: 'PUT',
      body: config(smtp.port, { fromName: 'Conf A office', password: '', confirmPassword: '' }),
    });
    expect(kept.status).toBe(200);
    const after = await stored(fx.a.id);
    expect(after.fromName).toBe('Conf A office');
    expect(decryptSecrets(after.passwordEnc).password).toBe(PASSWORD);
    expect(after.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it('belongs to the conference: other managers and participants neither read nor change it', async () => {
    // B's manager on A's host is nobody there; on B's host they see B's (none).
    expect((await fx.call(configGet, PATH, { token: fx.managerB })).status).toBe(403);
    expect((await fx.call(configPut, PATH, { token: fx.managerB, method: 'PUT', body: config(1) })).status).toBe(403);
    expect((await fx.call(configGet, PATH, { token: fx.participant })).status).toBe(403);
    expect((await fx.call(configGet, PATH)).status).toBe(401);
    expect((await fx.call(testPost, `${PATH}/test`, { token: fx.managerB, body: { to: 'x@example.org' } })).status).toBe(403);
    const onB = await fx.call(configGet, PATH, { token: fx.managerB, on: fx.b });
    expect(onB.json.data).toEqual({ config: null });
    expect((await stored(fx.a.id)).smtpPort).toBe(smtp.port);
    expect(await stored(fx.b.id)).toBeUndefined();
  });

  it('sends a test mail through the saved account, with its login and sender', async () => {
    const realClock = startInsideRateWindow(LIMITS.mailTestPerAccount.windowSeconds);
    onTestFinished(realClock);
    const before = smtp.mails.length;
    const res = await fx.call(testPost, `${PATH}/test`, { token: fx.managerA, body: { to: 'Organiser@Example.org' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const mail = smtp.mails[before];
    expect(mail.to).toEqual(['organiser@example.org']);
    expect(mail.from).toBe('office@conf-a.example.org');
    expect(mail.login).toBe('office@conf-a.example.org');
    expect(mail.subject).toBe(`【${fx.a.title.zh}】测试邮件`);
    // Without a stored account: must set up mail first.
    const none = await fx.call(testPost, `${PATH}/test`, { token: fx.managerB, on: fx.b, body: { to: 'x@example.org' } });
    expect(none.json.error).toBe('MAIL_NOT_CONFIGURED');
    // Test mails are limited per account: the rest of A's manager's allowance used up, the next is refused and not sent.
    const [manager] = await database.db
      .select({ userId: conferenceMember.userId })
      .from(conferenceMember)
      .where(eq(conferenceMember.conferenceId, fx.a.id));
    for (let i = 1; i < LIMITS.mailTestPerAccount.max; i++)
      await hitRateLimit(database.db, `mail-test:account:${manager.userId}`, LIMITS.mailTestPerAccount);
    const limited = await fx.call(testPost, `${PATH}/test`, { token: fx.managerA, body: { to: 'organiser@example.org' } });
    expect(limited.json.error).toBe('RATE_LIMITED');
    expect(smtp.mails).toHaveLength(before + 1);
  });

  it('reports a refused login, a server that never answers and a closed port as the one failed send', async () => {
    process.env.MAIL_TEST_DEADLINE_MS = '400';
    const refusing = await startTestSmtp({ refuseLogin: true });
    closers.push(refusing.close);
    await fx.call(configPut, PATH, { token: fx.managerB, on: fx.b, method: 'PUT', body: config(refusing.port) });
    const refused = await fx.call(testPost, `${PATH}/test`, { token: fx.managerB, on: fx.b, body: { to: 'x@example.org' } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('MAIL_SEND_FAILED');
    expect(refused.json.message).toBe('发送失败，请检查邮件设置或收件地址');
    expect(refusing.mails).toHaveLength(0);

    const silent = await startSilentServer();
    closers.push(silent.close);
    await fx.call(configPut, PATH, { token: fx.managerB, on: fx.b, method: 'PUT', body: config(silent.port) });
    const started = Date.now();
    const hung = await fx.call(testPost, `${PATH}/test`, { token: fx.managerB, on: fx.b, body: { to: 'x@example.org' } });
    expect(hung.json.error).toBe('MAIL_SEND_FAILED');
    expect(Date.now() - started).toBeLessThan(5000);

    // Nothing listening at all: the same failed send.
    const closed = await startSilentServer();
    await closed.close();
    await fx.call(configPut, PATH, { token: fx.managerB, on: fx.b, method: 'PUT', body: config(closed.port) });
    const down = await fx.call(testPost, `${PATH}/test`, { token: fx.managerB, on: fx.b, body: { to: 'x@example.org' } });
    expect(down.json.error).toBe('MAIL_SEND_FAILED');
  });

  it('the outbox sends a conference’s mail through its active account, others through the platform, and follows a change', async () => {
    await database.db.update(conferenceMailConfig).set({ active: false }).where(eq(conferenceMailConfig.conferenceId, fx.b.id));
    const transports = new ConferenceTransports();
    const platform = platformTransport();
    const queue = (conferenceId: number | null, to: string, template: 'paymentReceived' | 'registerCode' = 'paymentReceived') =>
      enqueueMail(database.db, {
        conferenceId,
        to,
        template,
        locale: 'en',
        vars: { code: '123456', conference: 'C', minutes: 10, name: 'N', amount: '1', billNo: 'B' },
      });
    const before = smtp.mails.length;
    await queue(fx.a.id, 'to-a@example.org');
    await queue(fx.b.id, 'to-b@example.org');
    await queue(null, 'account@example.org', 'registerCode');
    // Account mail naming conference A still goes through the platform's SMTP.
    await queue(fx.a.id, 'code-a@example.org', 'registerCode');
    expect(await drainOutbox(database.db, platform, transports)).toEqual({ sent: 4, failed: 0 });
    expect(smtp.mails.slice(before).map((m) => [m.to[0], m.from])).toEqual([['to-a@example.org', 'office@conf-a.example.org']]);
    expect(platform.sent.map((m) => m.to).sort()).toEqual(['account@example.org', 'code-a@example.org', 'to-b@example.org']);

    // A saved change (another server, another sender, so the password typed again) is used from the next pass on.
    const second = await startTestSmtp();
    closers.push(second.close);
    await fx.call(configPut, PATH, {
      token: fx.managerA,
      method: 'PUT',
      body: config(second.port, { fromAddress: 'new@conf-a.example.org' }),
    });
    await queue(fx.a.id, 'again-a@example.org');
    await drainOutbox(database.db, platform, transports);
    expect(second.mails.map((m) => [m.to[0], m.from])).toEqual([['again-a@example.org', 'new@conf-a.example.org']]);

    // Switched off: the platform's again; without a platform transport the mail is held.
    await fx.call(configPut, PATH, { token: fx.managerA, method: 'PUT', body: config(second.port, { active: false }) });
    await queue(fx.a.id, 'off-a@example.org');
    await drainOutbox(database.db, platform, transports);
    expect(platform.sent.map((m) => m.to)).toContain('off-a@example.org');
    expect(second.mails).toHaveLength(1);
    const held = await queue(fx.a.id, 'held-a@example.org');
    await drainOutbox(database.db, null, transports);
    expect((await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, held)))[0].status).toBe('held');
    // Switched on again without a platform SMTP: the conference's mail goes, its account mail is held.
    await fx.call(configPut, PATH, { token: fx.managerA, method: 'PUT', body: config(second.port, { password: '', confirmPassword: '' }) });
    const goes = await queue(fx.a.id, 'on-a@example.org');
    const code = await queue(fx.a.id, 'code2-a@example.org', 'registerCode');
    await drainOutbox(database.db, null, transports);
    const status = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0].status;
    expect([await status(goes), await status(code)]).toEqual(['sent', 'held']);
    expect(second.mails.map((m) => m.to[0])).toContain('on-a@example.org');
  });
});

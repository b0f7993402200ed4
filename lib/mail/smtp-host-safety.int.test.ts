/**
 * Issue 20, point 2: a conference's own SMTP account must not reach the platform's internal
 * network, must not hand its stored password to a new server, must not tell ports apart, and its
 * test send is limited per account. Real smtp-server instances on loopback stand for the internal
 * hosts; each records every connection and login, so "refused" means "nothing connected".
 */
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import { PUT as configPut } from '@/app/api/conference/platform/config/email/route';
import { POST as testPost } from '@/app/api/conference/platform/config/email/test/route';
import type { Database } from '@/db/client';
import { conference, conferenceMailConfig, conferenceMember } from '@/db/schema';
import { LIMITS } from '@/lib/accounts/rate-limit';
import { startInsideRateWindow } from '@/testing/harness/clock';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, plantSession, useAsProcessDatabase } from '@/testing/harness/handlers';
import { decryptSecrets, encryptSecrets } from '@/lib/server/secrets';
import { ConferenceTransports } from './conference-transports';
import { plantMailConferences, type MailConference, type MailFixture } from '@/testing/fixtures/mail';
import { startSilentServer, startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';

const PATH = '/api/conference/platform/config/email';
const PASSWORD = 'Secret2026mail';
const config = (host: string, port: number, over: Record<string, unknown> = {}) => ({
  fromAddress: 'office@conf.example.org',
  fromName: 'Office',
  smtpHost: host,
  smtpPort: port,
  ssl: false,
  username: '',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  active: true,
  ...over,
});

/** The hosts a manager tried; the machine's own name resolves to loopback or a private address. */
const INTERNAL_HOSTS = ['127.0.0.1', 'localhost', '0.0.0.0', '169.254.169.254', '127.1', '2130706433', '10.20.30.40', hostname()];

describe.each(testBackends())('a conference’s SMTP host and password on %s', (backend) => {
  let database: Database;
  let fx: MailFixture;
  let smtp: TestSmtp;
  let serial = 0;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantMailConferences(database, `ssrf${backend}`);
    smtp = await startTestSmtp();
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });
  afterEach(async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    delete process.env.MAIL_TEST_DEADLINE_MS;
    while (closers.length) await closers.pop()!();
  });

  /** A new conference and a new manager of it (so the per-account test limit never runs out between tests). */
  const freshConference = async (): Promise<{ conf: MailConference; token: string }> => {
    const slug = `ssrf${backend}${++serial}`;
    const title = { zh: `${slug} 会议`, en: `${slug} Conference` };
    const [row] = await database.db
      .insert(conference)
      .values({ slug, title, shortTitle: { zh: slug, en: slug }, status: PUBLISHED })
      .returning({ id: conference.id });
    const conf = { id: row.id, host: `${slug}.localhost`, title };
    return { conf, token: await plantSession(database, conf.id, 'manager') };
  };
  /** A stored configuration written as it may stand in the database (saved while allowed, or the name resolved elsewhere then). */
  const plantStored = async (conferenceId: number, host: string, port: number) =>
    database.db
      .insert(conferenceMailConfig)
      .values({
        conferenceId,
        fromAddress: 'office@conf.example.org',
        smtpHost: host,
        smtpPort: port,
        ssl: false,
        passwordEnc: encryptSecrets({ password: PASSWORD }),
        active: true,
      })
      .onConflictDoUpdate({ target: conferenceMailConfig.conferenceId, set: { smtpHost: host, smtpPort: port } });
  const stored = async (conferenceId: number) =>
    (await database.db.select().from(conferenceMailConfig).where(eq(conferenceMailConfig.conferenceId, conferenceId)))[0];
  const put = (on: MailConference, token: string, body: unknown) => fx.call(configPut, PATH, { token, on, method: 'PUT', body });
  const sendTest = (on: MailConference, token: string) =>
    fx.call(testPost, `${PATH}/test`, { token, on, body: { to: 'organiser@example.org' } });

  it('refuses to save a host that is or resolves to an internal address, on the host field, and connects to nothing', async () => {
    const { address } = await lookup(hostname());
    expect(address, `${hostname()} resolves to loopback or a private address here`).toMatch(
      /^(127\.|10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.|::1$|f[cd])/,
    );
    const { conf, token } = await freshConference();
    for (const host of INTERNAL_HOSTS) {
      const res = await put(conf, token, config(host, smtp.port));
      expect(res.status, host).toBe(400);
      expect(res.json.fields?.smtpHost, host).toBe('不能使用内部网络或保留地址的服务器，请填写邮件服务商的 SMTP 服务器地址');
    }
    // An IPv6 literal is not a host name the form takes at all.
    const v6 = await put(conf, token, config('::1', smtp.port));
    expect(v6.status).toBe(400);
    expect(Object.keys(v6.json.fields ?? {})).toEqual(['smtpHost']);
    const en = await configPut(
      apiRequest(PATH, {
        host: conf.host,
        token,
        method: 'PUT',
        headers: { 'x-locale': 'en' },
        body: JSON.stringify(config('127.1', smtp.port)),
      }),
      { params: Promise.resolve({}) },
    );
    expect(((await en.json()) as { fields?: Record<string, string> }).fields?.smtpHost).toBe(
      'This server is on an internal or reserved network; enter your mail provider’s SMTP server',
    );
    expect(await stored(conf.id)).toBeUndefined();
    expect(smtp.connections).toEqual([]);
  });

  it('refuses a test send and the outbox’s sending to an internal host already stored, before connecting', async () => {
    process.env.MAIL_TEST_DEADLINE_MS = '200';
    const { conf, token } = await freshConference();
    const transports = new ConferenceTransports();
    for (const host of [...INTERNAL_HOSTS, '::1', '::ffff:127.0.0.1']) {
      await plantStored(conf.id, host, smtp.port);
      const res = await sendTest(conf, token);
      expect(res.json.error, host).toBe('MAIL_SEND_FAILED');
      // The outbox's transport for the conference checks the same, at every send.
      await database.db.update(conferenceMailConfig).set({ updatedAt: new Date() }).where(eq(conferenceMailConfig.conferenceId, conf.id));
      const own = (await transports.forConferences(database.db, [conf.id])).get(conf.id)!;
      await expect(own.send({ to: 'someone@example.org', subject: 's', text: 't', html: '<p>t</p>' }), host).rejects.toMatchObject({
        code: 'EHOSTFORBIDDEN',
      });
    }
    expect(smtp.connections).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('with private hosts explicitly allowed, the loopback server is used (a self-hosted relay)', async () => {
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    const { conf, token } = await freshConference();
    expect((await put(conf, token, config('localhost', smtp.port))).status).toBe(200);
    const res = await sendTest(conf, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(smtp.connections.length).toBeGreaterThan(0);
    expect(smtp.mails.map((m) => m.to[0])).toEqual(['organiser@example.org']);
    expect(smtp.logins.at(-1)).toEqual({ username: 'office@conf.example.org', password: PASSWORD });
  });

  it('does not hand the stored password to a changed server or login', async () => {
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    const attacker = await startTestSmtp();
    closers.push(attacker.close);
    const { conf, token } = await freshConference();
    expect((await put(conf, token, config('127.0.0.1', smtp.port))).status).toBe(200);
    const keep = { password: '', confirmPassword: '' };
    // The attacker's server last: had any change kept the password, the test send would carry it there.
    const changes: [string, Record<string, unknown>][] = [
      ['another host', { smtpHost: 'localhost' }],
      ['another login', { username: 'someone-else' }],
      ['another sender, so another login', { fromAddress: 'other@conf.example.org' }],
      ['another port', { smtpPort: attacker.port }],
    ];
    const answers: [string, number, string | undefined][] = [];
    for (const [what, change] of changes) {
      const res = await put(conf, token, config('127.0.0.1', smtp.port, { ...keep, ...change }));
      answers.push([what, res.status, res.json.error]);
    }
    await sendTest(conf, token);
    expect(JSON.stringify(attacker.logins)).not.toContain(PASSWORD);
    expect(attacker.connections).toEqual([]);
    expect(answers).toEqual(changes.map(([what]) => [what, 400, 'MAIL_PASSWORD_REQUIRED']));
    // Still the old server and login with its password: the test mail went there.
    expect(await stored(conf.id)).toMatchObject({ smtpHost: '127.0.0.1', smtpPort: smtp.port, username: '' });
    expect(smtp.logins.at(-1)).toEqual({ username: 'office@conf.example.org', password: PASSWORD });

    // With the new server's own password typed, it gets that one, never the stored one.
    const moved = await put(
      conf,
      token,
      config('127.0.0.1', attacker.port, { password: 'Moved2026pass', confirmPassword: 'Moved2026pass' }),
    );
    expect(moved.status).toBe(200);
    expect(decryptSecrets((await stored(conf.id)).passwordEnc).password).toBe('Moved2026pass');
    expect((await sendTest(conf, token)).status).toBe(200);
    expect(attacker.logins).toEqual([{ username: 'office@conf.example.org', password: 'Moved2026pass' }]);
    expect(JSON.stringify(attacker.logins)).not.toContain(PASSWORD);

    // Control: the same server and login keep the stored password when the field is left empty.
    const kept = await put(conf, token, config('127.0.0.1', attacker.port, { ...keep, fromName: 'Renamed', ssl: false }));
    expect(kept.status).toBe(200);
    expect(decryptSecrets((await stored(conf.id)).passwordEnc).password).toBe('Moved2026pass');
  });

  it('answers an open, a closed and a silent port with the same failure at the same time', async () => {
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    const deadline = 700;
    process.env.MAIL_TEST_DEADLINE_MS = String(deadline);
    const refusing = await startTestSmtp({ refuseLogin: true });
    closers.push(refusing.close);
    const silent = await startSilentServer();
    closers.push(silent.close);
    const gone = await startSilentServer();
    await gone.close();
    const { conf, token } = await freshConference();
    const answers: { port: string; error?: string; message: string; ms: number }[] = [];
    for (const [port, number] of [
      ['open', refusing.port],
      ['closed', gone.port],
      ['silent', silent.port],
    ] as const) {
      await plantStored(conf.id, '127.0.0.1', number);
      const started = performance.now();
      const res = await sendTest(conf, token);
      answers.push({ port, error: res.json.error, message: res.json.message, ms: performance.now() - started });
    }
    expect(refusing.logins.length).toBe(1); // the open port was really reached and refused the login
    for (const answer of answers) {
      expect(answer.error, answer.port).toBe('MAIL_SEND_FAILED');
      expect(answer.message, answer.port).toBe('发送失败，请检查邮件设置或收件地址');
      expect(answer.ms, answer.port).toBeGreaterThanOrEqual(deadline - 5);
      expect(answer.ms, answer.port).toBeLessThan(deadline + 400);
    }
    // Within a scheduling hiccup of each other (a loaded runner measured 171 ms once); what would tell the ports apart
    // — a silent port answering at its socket timeout, a closed one at once — is seconds, or under the deadline.
    const times = answers.map((a) => a.ms);
    expect(Math.max(...times) - Math.min(...times), JSON.stringify(answers)).toBeLessThan(300);
  });

  it('limits test mails per account across the conferences it manages; another account is not limited', async () => {
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    const realClock = startInsideRateWindow(LIMITS.mailTestPerAccount.windowSeconds);
    onTestFinished(realClock);
    const first = await freshConference();
    const second = await freshConference();
    // The first conference's manager manages the second too.
    const [member] = await database.db
      .select({ userId: conferenceMember.userId })
      .from(conferenceMember)
      .where(eq(conferenceMember.conferenceId, first.conf.id));
    await database.db.insert(conferenceMember).values({ conferenceId: second.conf.id, userId: member.userId, role: 'manager' });
    for (const { conf } of [first, second]) await plantStored(conf.id, '127.0.0.1', smtp.port);
    const before = smtp.mails.length;
    for (let i = 0; i < 10; i++) {
      expect((await sendTest(first.conf, first.token)).status).toBe(200);
      expect((await sendTest(second.conf, first.token)).status).toBe(200);
    }
    expect((await sendTest(second.conf, first.token)).json.error).toBe('RATE_LIMITED');
    expect((await sendTest(first.conf, first.token)).json.error).toBe('RATE_LIMITED');
    expect(smtp.mails.length - before).toBe(20);
    // Control: the second conference's own manager (another account) still sends.
    expect((await sendTest(second.conf, second.token)).status).toBe(200);
    expect(smtp.mails.length - before).toBe(21);
  });
});

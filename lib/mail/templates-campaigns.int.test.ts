import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as campaignGet, POST as campaignPost } from '@/app/api/conference/manage/user/mail/route';
import { PUT as configPut } from '@/app/api/conference/platform/config/email/route';
import {
  DELETE as templateDelete,
  GET as templateGet,
  PUT as templatePut,
} from '@/app/api/conference/platform/config/email/template/[name]/route';
import { GET as hotelGet, PUT as hotelPut } from '@/app/api/conference/platform/manage/hotel/mail-template/route';
import type { Database } from '@/db/client';
import { conferenceRegistration, mailCampaign, mailOutbox, mailTemplateOverride, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { hotelMailTemplate } from '@/lib/hotel/mail-template';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { CAMPAIGN_MAX } from './campaign-schema';
import { ConferenceTransports } from './conference-transports';
import { enqueueMail } from './outbox';
import { plantMailConferences, plantRegistrant, type MailFixture } from '@/testing/fixtures/mail';
import { startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';
import { drainOutbox, MAX_ATTEMPTS } from './worker';

const TEMPLATE = '/api/conference/platform/config/email/template';
const HOTEL = '/api/conference/platform/manage/hotel/mail-template';
const MAIL = '/api/conference/manage/user/mail';
const wording = {
  subject: { zh: '【{conference}】已收到您的付款 {amount}', en: '[{conference}] Paid: {amount}' },
  body: { zh: '{name}，您好：\n收到 {amount}。', en: 'Dear {name},\nWe received {amount} <thanks>.' },
};
const message = {
  subject: { zh: '{conference} 通知', en: '{conference} notice' },
  body: { zh: '{name}，您好：\n您的注册号是 {code}。', en: 'Dear {name},\nYour number is {code}.' },
};

describe.each(testBackends())('mail templates and bulk mail on %s', (backend) => {
  let database: Database;
  let fx: MailFixture;
  let smtp: TestSmtp;

  beforeAll(async () => {
    // Conference A's SMTP is the test server on loopback: allowed only by the explicit setting.
    process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantMailConferences(database, `t${backend}`);
    smtp = await startTestSmtp({ rejectRecipient: 'bounce@example.org' });
  }, 120_000);
  afterAll(async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    await smtp?.close();
    await database?.close();
  });

  const call = (handler: Parameters<MailFixture['call']>[0], name: string, init: Parameters<MailFixture['call']>[2] = {}) =>
    fx.call(handler, `${TEMPLATE}/${name}`, { token: fx.managerA, params: { name }, ...init });

  it('saves a template, refuses placeholders it does not offer, and the outbox words the mail with it', async () => {
    const first = await call(templateGet, 'paymentReceived');
    expect(first.json.data).toMatchObject({ template: null, vars: ['conference', 'name', 'amount', 'billNo'] });
    const bad = await call(templatePut, 'paymentReceived', {
      method: 'PUT',
      body: { ...wording, body: { ...wording.body, en: 'Dear {name}, {hotel}' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {})).toEqual(['body.en']);
    expect((await call(templatePut, 'registerCode', { method: 'PUT', body: wording })).json.error).toBe('MAIL_TEMPLATE_NOT_FOUND');
    expect((await call(templatePut, 'paymentReceived', { method: 'PUT', body: wording })).status).toBe(200);
    // B's manager cannot touch A's templates.
    expect((await call(templatePut, 'paymentReceived', { method: 'PUT', body: wording, token: fx.managerB })).status).toBe(403);

    const vars = { conference: 'Conf', name: 'Ada', amount: '¥10.00', billNo: 'B1' };
    const id = await enqueueMail(database.db, {
      conferenceId: fx.a.id,
      to: 'ada@example.org',
      template: 'paymentReceived',
      locale: 'en',
      vars,
    });
    const otherId = await enqueueMail(database.db, {
      conferenceId: fx.b.id,
      to: 'bo@example.org',
      template: 'paymentReceived',
      locale: 'en',
      vars,
    });
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [id, otherId]))
      .orderBy(mailOutbox.id);
    expect(rows[0].subject).toBe('[Conf] Paid: ¥10.00');
    expect(rows[0].text).toBe('Dear Ada,\n\nWe received ¥10.00 <thanks>.');
    expect(rows[0].html).toContain('We received ¥10.00 &lt;thanks&gt;.');
    expect(rows[1].subject).toBe('[Conf] Payment received'); // B keeps the built-in wording

    // Restore: the row is gone and the built-in wording is back.
    expect((await call(templateDelete, 'paymentReceived', { method: 'DELETE' })).json.data).toEqual({ template: null });
    const restored = await enqueueMail(database.db, {
      conferenceId: fx.a.id,
      to: 'ada@example.org',
      template: 'paymentReceived',
      locale: 'en',
      vars,
    });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, restored));
    expect(row.subject).toBe('[Conf] Payment received');
  });

  it('the hotel editor and the mail settings edit the same hotelBooking template', async () => {
    const hotelWording = {
      subject: { zh: '{hotel} 预订', en: 'Room at {hotel}' },
      body: { zh: '', en: 'Hi {name}, {nights} nights' },
    };
    expect((await fx.call(hotelPut, HOTEL, { token: fx.managerA, method: 'PUT', body: hotelWording })).status).toBe(200);
    expect((await call(templateGet, 'hotelBooking')).json.data).toMatchObject({ template: hotelWording });
    const changed = { ...hotelWording, subject: { zh: '{hotel} 的房间', en: 'Your room at {hotel}' } };
    expect((await call(templatePut, 'hotelBooking', { method: 'PUT', body: changed })).status).toBe(200);
    expect((await fx.call(hotelGet, HOTEL, { token: fx.managerA })).json.data).toMatchObject({ template: changed });
    expect(await hotelMailTemplate(database.db, fx.a.id)).toEqual(changed);
    await call(templateDelete, 'hotelBooking', { method: 'DELETE' });
    expect(await hotelMailTemplate(database.db, fx.a.id)).toBeNull();
    const left = await database.db.select().from(mailTemplateOverride).where(eq(mailTemplateOverride.conferenceId, fx.a.id));
    expect(left).toEqual([]);
  });

  it('bulk mail needs the conference’s active mail setup and someone chosen', async () => {
    const zh = await plantRegistrant(database, fx.a.id, { email: `zh-${backend}@example.org`, name: '韩梅梅', locale: 'zh' });
    const send = (body: unknown, token = fx.managerA) => fx.call(campaignPost, MAIL, { token, body });
    const notConfigured = await send({ ...message, ids: [zh.id] });
    expect(notConfigured.json.error).toBe('MAIL_NOT_CONFIGURED');
    expect(notConfigured.json.message).toBe('请先设置邮箱');
    const config = {
      fromAddress: 'office@conf-a.example.org',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      ssl: false,
      password: 'Secret2026mail',
      confirmPassword: 'Secret2026mail',
      active: false,
    };
    await fx.call(configPut, '/api/conference/platform/config/email', { token: fx.managerA, method: 'PUT', body: config });
    expect((await send({ ...message, ids: [zh.id] })).json.error).toBe('MAIL_NOT_CONFIGURED'); // saved but not active
    await fx.call(configPut, '/api/conference/platform/config/email', {
      token: fx.managerA,
      method: 'PUT',
      body: { ...config, active: true },
    });
    expect((await send({ ...message, ids: [] })).json.error).toBe('MAIL_NO_RECIPIENTS');
    // B's registrant is nobody on A's list.
    const stranger = await plantRegistrant(database, fx.b.id, { email: `b-${backend}@example.org`, name: 'B', locale: 'en' });
    expect((await send({ ...message, ids: [stranger.id] })).json.error).toBe('MAIL_NO_RECIPIENTS');
    const unknownVar = await send({ ...message, body: { ...message.body, zh: '{hotel}' }, ids: [zh.id] });
    expect(Object.keys(unknownVar.json.fields ?? {})).toEqual(['body.zh']);
    expect((await send({ ...message, ids: [zh.id] }, fx.participant)).status).toBe(403);
    expect(await database.db.select().from(mailCampaign)).toEqual([]);
  });

  it('sends each chosen registrant the mail in their language, tagged with the campaign, and counts delivered and failed', async () => {
    const en = await plantRegistrant(database, fx.a.id, { email: `en-${backend}@example.org`, name: 'Ada Lovelace', locale: 'en' });
    const bounce = await plantRegistrant(database, fx.a.id, { email: 'bounce@example.org', name: 'Bounce', locale: 'en' });
    const [zh] = await database.db
      .select({ id: conferenceRegistration.id, code: conferenceRegistration.code })
      .from(conferenceRegistration)
      .innerJoin(user, eq(user.id, conferenceRegistration.userId))
      .where(and(eq(conferenceRegistration.conferenceId, fx.a.id), eq(user.email, `zh-${backend}@example.org`)));
    const sent = await fx.call(campaignPost, MAIL, { token: fx.managerA, body: { ...message, ids: [zh.id, en.id, bounce.id] } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const { campaignId, recipients } = sent.json.data as { campaignId: number; recipients: number };
    expect(recipients).toBe(3);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId)).orderBy(mailOutbox.toAddress);
    const byTo = Object.fromEntries(rows.map((r) => [r.toAddress, r]));
    expect(byTo[`zh-${backend}@example.org`]).toMatchObject({
      locale: 'zh',
      subject: `${fx.a.title.zh} 通知`,
      text: `韩梅梅，您好：\n\n您的注册号是 ${zh.code}。`,
    });
    expect(byTo[`en-${backend}@example.org`]).toMatchObject({
      locale: 'en',
      subject: `${fx.a.title.en} notice`,
      text: `Dear Ada Lovelace,\n\nYour number is ${en.code}.`,
    });
    expect(rows.every((r) => r.conferenceId === fx.a.id)).toBe(true);

    // The bounce is on its last attempt: one pass delivers two through A's SMTP and fails one.
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.toAddress, 'bounce@example.org'));
    await drainOutbox(database.db, null, new ConferenceTransports());
    const delivered = smtp.mails.map((m) => m.to[0]).filter((to) => !to.startsWith('ada@'));
    expect(delivered.sort()).toEqual([`en-${backend}@example.org`, `zh-${backend}@example.org`]);
    expect(smtp.mails.find((m) => m.to[0] === `zh-${backend}@example.org`)).toMatchObject({ from: 'office@conf-a.example.org' });
    const history = await fx.call(campaignGet, MAIL, { token: fx.managerA });
    expect((history.json.data as { campaigns: unknown[] }).campaigns).toEqual([
      expect.objectContaining({ id: campaignId, recipients: 3, delivered: 2, failed: 1, subject: message.subject }),
    ]);
    // B's history shows none of A's.
    expect((await fx.call(campaignGet, MAIL, { token: fx.managerB, on: fx.b })).json.data).toEqual({ campaigns: [] });
  });

  it('"all matching the filter" follows the list’s filters, up to the hard maximum per send', async () => {
    const all = await fx.call(campaignPost, MAIL, {
      token: fx.managerA,
      body: { ...message, all: true, filters: { q: 'Ada Lovelace' } },
    });
    expect(all.json.data).toMatchObject({ recipients: 1 });
    // 500 more registrants: the filter matches 501 (and more), one send refuses them all.
    const users = Array.from({ length: CAMPAIGN_MAX }, (_, i) => ({
      id: `bulk-${backend}-${i}`,
      name: `Bulk ${i}`,
      email: `bulk-${backend}-${i}@example.org`,
    }));
    await database.db.insert(user).values(users);
    await database.db
      .insert(conferenceRegistration)
      .values(users.map((u, i) => ({ conferenceId: fx.a.id, userId: u.id, code: `BULK-${i}`, locale: 'en' })));
    const before = await database.db.select({ id: mailCampaign.id }).from(mailCampaign);
    const tooMany = await fx.call(campaignPost, MAIL, { token: fx.managerA, body: { ...message, all: true } });
    expect(tooMany.json.error).toBe('MAIL_TOO_MANY_RECIPIENTS');
    expect(tooMany.json.message).toBe('单次最多发送 500 人，请缩小范围');
    expect(await database.db.select({ id: mailCampaign.id }).from(mailCampaign)).toHaveLength(before.length);
    const exactly = await fx.call(campaignPost, MAIL, { token: fx.managerA, body: { ...message, all: true, filters: { q: 'Bulk' } } });
    expect(exactly.json.data).toMatchObject({ recipients: CAMPAIGN_MAX });
  }, 60_000);
});

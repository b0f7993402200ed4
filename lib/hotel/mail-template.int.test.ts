import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { hotelConfig, mailTemplateOverride } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { DELETE as mailDelete, GET as mailGet, PUT as mailPut } from '@/app/api/conference/platform/manage/hotel/mail-template/route';
import { plantHotelAdmin, type HotelAdminFixture } from '@/testing/fixtures/hotel-admin';
import { HOTEL_BOOKING_MAIL_VARS, renderBookingMail } from './booking-mail';
import { hotelMailSamples } from './mail-template';

const PATH = '/api/conference/platform/manage/hotel/mail-template';
const custom = {
  subject: { zh: '【{conference}】{hotel} 预订成功', en: '[{conference}] Your room at {hotel}' },
  body: { zh: '{name}，您好：\n您预订了 {rooms} 间 {roomType}。', en: 'Dear {name},\nYou booked {rooms} x {roomType}, order {orderNo}.' },
};

type Envelope<T> = { code: number; message: string; data: T; fields?: Record<string, string> };

describe.each(testBackends())('the hotel booking mail template on %s', (backend) => {
  let database: Database;
  let fx: HotelAdminFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantHotelAdmin(database, backend);
  }, 120_000);
  afterAll(() => database?.close());

  const configOf = async (conferenceId: number) =>
    (await database.db.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)))[0];
  /** The conference's `hotelBooking` mail template, as /platform/config/email stores it (null: none). */
  const templateOf = async (conferenceId: number) => {
    const [row] = await database.db
      .select({ subject: mailTemplateOverride.subject, body: mailTemplateOverride.body })
      .from(mailTemplateOverride)
      .where(and(eq(mailTemplateOverride.conferenceId, conferenceId), eq(mailTemplateOverride.template, 'hotelBooking')));
    return row ?? null;
  };

  it('starts with the default, names the variables, and saves into settings that did not exist yet', async () => {
    const first = (await (await fx.call(mailGet, PATH, fx.manager)).json()) as Envelope<{
      template: unknown;
      vars: string[];
      defaults: { subject: { zh: string; en: string } };
    }>;
    expect(first.data.template).toBeNull();
    expect(first.data.vars).toEqual([...HOTEL_BOOKING_MAIL_VARS]);
    expect(first.data.defaults.subject.en).toContain('{hotel}');
    expect(await configOf(fx.conf)).toBeUndefined();

    const saved = await fx.call(mailPut, PATH, fx.manager, { method: 'PUT', body: custom });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await templateOf(fx.conf)).toEqual(custom);
    // The shared mail template store, not the hotel settings (which still do not exist).
    expect(await configOf(fx.conf)).toBeUndefined();
    const again = (await (await fx.call(mailGet, PATH, fx.manager)).json()) as Envelope<{ template: unknown }>;
    expect(again.data.template).toEqual(custom);

    // The booking mail uses it, filled; B's own template is untouched.
    const vars = (await hotelMailSamples(database.db, { id: fx.conf, title: { zh: '甲会', en: 'Conf A' }, timeZone: 'Asia/Shanghai' })).en;
    expect(vars.hotel).toBe('Lakeside Hotel');
    expect(vars.roomType).toBe('King room');
    const mail = renderBookingMail(await templateOf(fx.conf), 'en', vars);
    expect(mail.subject).toBe('[Conf A] Your room at Lakeside Hotel');
    expect(mail.text).toContain('You booked 1 x King room');
    expect(await templateOf(fx.other)).toEqual({
      subject: { zh: 'B 的主题', en: 'B subject' },
      body: { zh: 'B 正文', en: 'B body' },
    });
  });

  it('refuses unknown placeholders and a subject of several lines on their fields, changing nothing', async () => {
    const before = await templateOf(fx.conf);
    const bad = await fx.call(mailPut, PATH, fx.manager, {
      method: 'PUT',
      body: { ...custom, body: { ...custom.body, en: 'Dear {name}, see {guestPhone} and {hotel}.' } },
    });
    expect(bad.status).toBe(400);
    const envelope = (await bad.json()) as Envelope<null>;
    expect(Object.keys(envelope.fields ?? {})).toEqual(['body.en']);
    expect(envelope.message).toBe('模板中有未知变量，只能使用列出的变量'); // the caller's language (zh by default)

    const zh = await fx.call(mailPut, PATH, fx.manager, {
      method: 'PUT',
      body: { ...custom, subject: { ...custom.subject, zh: '{会议}' } },
    });
    expect(zh.status).toBe(200); // not a placeholder the mail fills ({\w+} only), so plain text
    await fx.call(mailPut, PATH, fx.manager, { method: 'PUT', body: custom });

    const lines = await fx.call(mailPut, PATH, fx.manager, {
      method: 'PUT',
      body: { ...custom, subject: { ...custom.subject, en: 'One\nBcc: someone@example.org' } },
    });
    expect(lines.status).toBe(400);
    expect(Object.keys(((await lines.json()) as Envelope<null>).fields ?? {})).toEqual(['subject.en']);
    const long = await fx.call(mailPut, PATH, fx.manager, {
      method: 'PUT',
      body: { ...custom, subject: { ...custom.subject, zh: 'x'.repeat(201) } },
    });
    expect(long.status).toBe(400);
    expect((await fx.call(mailPut, PATH, fx.manager, { method: 'PUT', body: { subject: custom.subject } })).status).toBe(400);
    expect(await templateOf(fx.conf)).toEqual(before);
  });

  it('takes an all-empty template as the default, and DELETE goes back to it', async () => {
    const empty = { subject: { zh: '  ', en: '' }, body: { zh: '', en: '\n' } };
    const res = (await (await fx.call(mailPut, PATH, fx.manager, { method: 'PUT', body: empty })).json()) as Envelope<{
      template: unknown;
    }>;
    expect(res.data.template).toBeNull();
    expect(await templateOf(fx.conf)).toBeNull();

    await fx.call(mailPut, PATH, fx.manager, { method: 'PUT', body: custom });
    expect(await templateOf(fx.conf)).toEqual(custom);
    const cleared = await fx.call(mailDelete, PATH, fx.manager, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await templateOf(fx.conf)).toBeNull();
    expect(await templateOf(fx.other)).not.toBeNull();
  });

  it('is for the conference’s managers only', async () => {
    expect((await fx.call(mailGet, PATH, fx.participant)).status).toBe(403);
    expect((await fx.call(mailPut, PATH, fx.participant, { method: 'PUT', body: custom })).status).toBe(403);
    expect((await fx.call(mailDelete, PATH, fx.participant, { method: 'DELETE' })).status).toBe(403);
    expect((await fx.call(mailPut, PATH, undefined, { method: 'PUT', body: custom })).status).toBe(401);
    expect(await templateOf(fx.conf)).toBeNull();
  });
});

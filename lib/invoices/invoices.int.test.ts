import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, invoiceEvent, invoiceRequest, mailOutbox, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import type { RouteHandler } from '@/lib/http/route';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder } from '@/testing/fixtures/payments';
import { POST as requestPost } from '@/app/api/conference/invoice/request/route';
import { GET as mineGet } from '@/app/api/conference/invoice/mine/route';
import { GET as listGet } from '@/app/api/conference/manage/receipt/list/route';
import { POST as statusPost } from '@/app/api/conference/manage/receipt/status/route';
import { GET as exportGet } from '@/app/api/conference/manage/receipt/export/route';
import type { MyInvoice, MyInvoiceView } from './queries';

/**
 * Invoice requests through the route handlers: the fields required by type, only my own paid
 * order, within 90 days of its payment, once (however many arrive together); the managers' steps
 * under the row lock with one mail; the list, filters and export of one conference only.
 */

const DAY = 86_400_000;
const CONCURRENT = 20;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Account = { token: string; userId: string };
type Answer = Awaited<ReturnType<typeof callHandler>>;

const company = {
  type: 'ordinary',
  delivery: 'post',
  content: 'goodsDetail',
  titleType: 'company',
  title: '北京开放科学数据有限公司',
  taxpayerId: '91110108ma01abcd2x',
  recipientName: '张三',
  phone: '+86 10 6260 0000',
  address: '北京市海淀区中关村南四街 4 号',
  email: 'finance@example.org',
  attendees: '张三, 李四',
  comment: '请开具会议注册费',
};

describe.each(testBackends('both'))('invoice requests on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let elsewhere: ConferenceFixture;
  let managers: Account[];
  let payer: Account;
  let stranger: Account;
  let outsiderManager: Account;
  /** A request at the other conference, which must never show here. */
  let theirs: { orderId: number; orderNo: string; invoiceId: number };
  /** The story's request: made in English, moved by the managers. */
  let story: { orderId: number; orderNo: string; invoiceId: number };

  /** A paid order of `userId`, paid `daysAgo` days ago. */
  const paidOrder = async (userId: string, daysAgo = 1, at: ConferenceFixture = fx, totalMinor = 120000) => {
    const order = await plantOrder(database, at, userId, { totalMinor });
    const paidAt = new Date(Date.now() - daysAgo * DAY);
    await database.db
      .update(conferenceOrder)
      .set({ payStatus: 'success', paidAt, paymentMethod: 'bankRemit' })
      .where(eq(conferenceOrder.id, order.id));
    return { ...order, paidAt };
  };
  const ask = (
    orderId: number,
    fields: Record<string, unknown> = {},
    opts: { token?: string; at?: ConferenceFixture; lang?: string } = {},
  ) =>
    callHandler(requestPost, opts.at ?? fx, {
      token: opts.token ?? payer.token,
      headers: opts.lang ? { 'x-locale': opts.lang } : undefined,
      body: JSON.stringify({ ...company, ...fields, orderId }),
    });
  const mine = (orderId: number | string, token = payer.token) =>
    callHandler(mineGet, fx, { method: 'GET', token, path: `/api/x?orderId=${orderId}` });
  const move = (id: number, status: string, token: string, trackingNumber?: string, lang?: string) =>
    callHandler(statusPost, fx, {
      token,
      headers: lang ? { 'x-locale': lang } : undefined,
      body: JSON.stringify({ id, status, ...(trackingNumber === undefined ? {} : { trackingNumber }) }),
    });
  const rowsOf = (orderId: number) => database.db.select().from(invoiceRequest).where(eq(invoiceRequest.orderId, orderId));
  const invoiceRow = async (id: number) => (await database.db.select().from(invoiceRequest).where(eq(invoiceRequest.id, id)))[0];
  const eventsOf = (invoiceId: number) =>
    database.db.select().from(invoiceEvent).where(eq(invoiceEvent.invoiceId, invoiceId)).orderBy(invoiceEvent.id);
  const issuedMails = async (orderNo: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invoiceIssued'))).filter((m) => m.text.includes(orderNo));
  const errors = (answers: Answer[]) => answers.map((a) => a.json?.error ?? String(a.status)).sort();
  const raw = async (handler: RouteHandler, token: string, url: string) => {
    const res = await handler(apiRequest(url, { host: fx.host, token }), { params: Promise.resolve({}) });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const created = (answer: Answer) => {
    expect(answer.status, answer.text).toBe(200);
    return answer.json!.data as MyInvoice;
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `invoice${backend}`, 1000);
    elsewhere = await plantConference(database, `invoiceother${backend}`, 1000);
    managers = [await plantAccount(database, fx.conferenceId, 'manager'), await plantAccount(database, fx.conferenceId, 'manager')];
    payer = await plantAccount(database, fx.conferenceId);
    stranger = await plantAccount(database, fx.conferenceId);
    outsiderManager = await plantAccount(database, elsewhere.conferenceId, 'manager');
    const outsider = await plantAccount(database, elsewhere.conferenceId);
    const order = await paidOrder(outsider.userId, 3, elsewhere);
    const made = created(
      await ask(order.id, { title: 'Elsewhere Ltd', email: 'elsewhere@example.org' }, { token: outsider.token, at: elsewhere }),
    );
    theirs = { orderId: order.id, orderNo: order.orderNo, invoiceId: made.id };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a company invoice needs the taxpayer id, told in the caller’s language; the amount is the order’s', async () => {
    const order = await paidOrder(payer.userId, 2);
    const zh = await ask(order.id, { taxpayerId: '' });
    expect(zh.status).toBe(400);
    expect(zh.json).toMatchObject({ error: 'INVALID_INPUT', message: '单位发票须填写纳税人识别号' });
    const en = await ask(order.id, { taxpayerId: '' }, { lang: 'en' });
    expect(en.json).toMatchObject({ error: 'INVALID_INPUT', message: 'A company invoice needs the taxpayer ID' });
    expect((en.json as { fields?: Record<string, string> }).fields).toEqual({ taxpayerId: 'A company invoice needs the taxpayer ID' });
    expect((await ask(order.id, { taxpayerId: '91110108-MA01ABCD' })).json!.error).toBe('INVALID_INPUT');
    expect(await rowsOf(order.id)).toHaveLength(0);

    const request = created(await ask(order.id, { amountMinor: 1, currency: 'USD' }, { lang: 'en' }));
    expect(request).toMatchObject({
      orderId: order.id,
      conferenceId: fx.conferenceId,
      type: 'ordinary',
      content: 'goodsDetail',
      titleType: 'company',
      taxpayerId: '91110108MA01ABCD2X',
      amountMinor: 120000,
      currency: 'CNY',
      status: 'unbilled',
      trackingNumber: '',
      invoicedAt: null,
      locale: 'en',
    });
    expect(request).not.toHaveProperty('userId');
    expect(request).not.toHaveProperty('updatedBy');
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ userId: payer.userId, amountMinor: 120000, currency: 'CNY', taxpayerId: '91110108MA01ABCD2X' });
    expect((await eventsOf(row.id)).map((e) => [e.fromStatus, e.toStatus, e.actorUserId])).toEqual([[null, 'unbilled', payer.userId]]);
    story = { orderId: order.id, orderNo: order.orderNo, invoiceId: row.id };
  });

  it('a personal invoice has no taxpayer id', async () => {
    const order = await paidOrder(payer.userId, 5);
    const refused = await ask(order.id, { titleType: 'personal', title: '张三' });
    expect(refused.status).toBe(400);
    expect(refused.json!.message).toBe('个人发票无需填写纳税人识别号');
    const request = created(await ask(order.id, { titleType: 'personal', title: '张三', taxpayerId: '' }));
    expect(request).toMatchObject({ titleType: 'personal', title: '张三', taxpayerId: '', locale: 'zh' });
  });

  it('only my own order at this conference: another’s, another conference’s or none at all → 404', async () => {
    const theirOrder = await paidOrder(stranger.userId, 1);
    const mineElsewhere = await paidOrder(payer.userId, 1, elsewhere);
    for (const orderId of [theirOrder.id, mineElsewhere.id, theirs.orderId, 2_147_483_647]) {
      const answer = await ask(orderId);
      expect(answer.status, String(orderId)).toBe(404);
      expect(answer.json!.error).toBe('ORDER_NOT_FOUND');
      expect((await mine(orderId)).status).toBe(404);
    }
    expect(await rowsOf(theirOrder.id)).toHaveLength(0);
    expect(await rowsOf(mineElsewhere.id)).toHaveLength(0);
    // Anonymous callers do not get in at all.
    expect((await callHandler(requestPost, fx, { body: JSON.stringify({ ...company, orderId: theirOrder.id }) })).status).toBe(401);
  });

  it('an order not paid (unpaid, waiting for a transfer, paid without a date) is refused', async () => {
    const unpaid = await plantOrder(database, fx, payer.userId);
    const waiting = await plantOrder(database, fx, payer.userId);
    await database.db.update(conferenceOrder).set({ payStatus: 'toBeConfirmed' }).where(eq(conferenceOrder.id, waiting.id));
    for (const order of [unpaid, waiting]) {
      const answer = await ask(order.id, {}, { lang: 'en' });
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({
        error: 'INVOICE_ORDER_UNPAID',
        message: 'This order is not paid yet, so no invoice can be requested for it.',
      });
      expect(await rowsOf(order.id)).toHaveLength(0);
      expect(((await mine(order.id)).json!.data as MyInvoiceView).state).toBe('unpaid');
    }
  });

  it('91 days after payment is refused with the 90-day message; 89 days is accepted', async () => {
    const late = await paidOrder(payer.userId, 91);
    const view = (await mine(late.id)).json!.data as MyInvoiceView;
    expect(view).toMatchObject({ state: 'closed', request: null });
    expect(new Date(view.deadline!).getTime()).toBe(late.paidAt.getTime() + 90 * DAY);
    const zh = await ask(late.id);
    expect(zh.status).toBe(409);
    expect(zh.json).toMatchObject({ error: 'INVOICE_WINDOW_CLOSED', message: '订单完成已超过 90 天，无法再申请发票。' });
    const en = await ask(late.id, {}, { lang: 'en' });
    expect(en.json!.message).toBe('Invoices can be requested only within 90 days after the order was completed; this period has passed.');
    expect(await rowsOf(late.id)).toHaveLength(0);

    const inTime = await paidOrder(payer.userId, 89);
    expect(((await mine(inTime.id)).json!.data as MyInvoiceView).state).toBe('open');
    created(await ask(inTime.id));
    expect(((await mine(inTime.id)).json!.data as MyInvoiceView).state).toBe('requested');
  });

  it(`${CONCURRENT} concurrent requests for one order make exactly one request; a later one is told it exists`, async () => {
    const order = await paidOrder(payer.userId, 10);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => ask(order.id, { title: `Company ${i}`, comment: String(i) })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(errors(answers.filter((a) => a.status !== 200))).toEqual(Array(CONCURRENT - 1).fill('INVOICE_EXISTS'));
    expect(answers.filter((a) => a.status === 409)).toHaveLength(CONCURRENT - 1);
    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(await eventsOf(rows[0].id)).toHaveLength(1);
    const again = await ask(order.id, { titleType: 'personal', taxpayerId: '' }, { lang: 'en' });
    expect(again.status).toBe(409);
    expect(again.json!.message).toBe('An invoice has already been requested for this order; it cannot be requested twice.');
    expect(await rowsOf(order.id)).toHaveLength(1);
  });

  it('participants and other conferences’ managers reach no manager route', async () => {
    for (const token of [payer.token, outsiderManager.token]) {
      expect((await move(story.invoiceId, 'toBeInvoiced', token)).status).toBe(403);
      expect((await callHandler(listGet, fx, { method: 'GET', token })).status).toBe(403);
      expect((await raw(exportGet, token, '/api/x')).status).toBe(403);
    }
    expect((await invoiceRow(story.invoiceId)).status).toBe('unbilled');
    expect((await move(story.invoiceId, 'toBeInvoiced', '')).status).toBe(401);
  });

  it(`managers move a request one step at a time under its lock; of ${CONCURRENT} "invoiced" one wins and one mail goes out`, async () => {
    const skip = await move(story.invoiceId, 'invoiced', managers[0].token, 'SF0000000001');
    expect(skip.status).toBe(409);
    expect(skip.json!.error).toBe('INVOICE_STATUS_CHANGED');
    const first = await move(story.invoiceId, 'toBeInvoiced', managers[0].token);
    expect(first.status, first.text).toBe(200);
    expect(first.json!.data).toEqual({ id: story.invoiceId, status: 'toBeInvoiced', trackingNumber: '' });
    const repeat = await move(story.invoiceId, 'toBeInvoiced', managers[1].token, undefined, 'en');
    expect(repeat.status).toBe(409);
    expect(repeat.json!.message).toBe('The status of this invoice request has changed; please reload the page and try again.');

    const noTracking = await move(story.invoiceId, 'invoiced', managers[0].token, '  ');
    expect(noTracking.status).toBe(400);
    expect(noTracking.json!.message).toBe('标记为已开票时请填写快递单号');
    expect((await move(story.invoiceId, 'invoiced', managers[0].token, 'S'.repeat(101))).status).toBe(400);
    expect((await invoiceRow(story.invoiceId)).status).toBe('toBeInvoiced');
    expect(await issuedMails(story.orderNo)).toHaveLength(0);

    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        move(story.invoiceId, 'invoiced', managers[i % 2].token, `SF${String(i).padStart(10, '0')}`),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(errors(answers.filter((a) => a.status !== 200))).toEqual(Array(CONCURRENT - 1).fill('INVOICE_STATUS_CHANGED'));
    const won = (winners[0].json!.data as { trackingNumber: string }).trackingNumber;
    const row = await invoiceRow(story.invoiceId);
    expect(row).toMatchObject({ status: 'invoiced', trackingNumber: won });
    expect(row.invoicedAt).toBeInstanceOf(Date);
    expect([managers[0].userId, managers[1].userId]).toContain(row.updatedBy);
    const events = await eventsOf(story.invoiceId);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'unbilled'],
      ['unbilled', 'toBeInvoiced'],
      ['toBeInvoiced', 'invoiced'],
    ]);
    expect(events[1].actorUserId).toBe(managers[0].userId);
    expect(events[2].note).toBe(won);

    const mails = await issuedMails(story.orderNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'en', toAddress: company.email, conferenceId: fx.conferenceId });
    expect(mails[0].subject).toContain('Your invoice has been issued');
    expect(mails[0].text).toContain(won);
    expect(mails[0].text).toContain('CN¥1,200.00');

    // Final: nothing moves it again, and no second mail.
    expect((await move(story.invoiceId, 'invoiced', managers[1].token, 'SF9')).json!.error).toBe('INVOICE_STATUS_CHANGED');
    expect(await issuedMails(story.orderNo)).toHaveLength(1);

    // The participant sees the status and the tracking number.
    const view = (await mine(story.orderId)).json!.data as MyInvoiceView;
    expect(view).toMatchObject({ state: 'requested', request: { status: 'invoiced', trackingNumber: won } });
    expect(view.request).not.toHaveProperty('updatedBy');
  });

  it('a request of another conference, or none, is not found and stays as it was', async () => {
    for (const id of [theirs.invoiceId, 2_147_483_647]) {
      const answer = await move(id, 'toBeInvoiced', managers[0].token);
      expect(answer.status).toBe(404);
      expect(answer.json!.error).toBe('INVOICE_NOT_FOUND');
    }
    expect((await invoiceRow(theirs.invoiceId)).status).toBe('unbilled');
    expect(await eventsOf(theirs.invoiceId)).toHaveLength(1);
  });

  it('the list pages and filters, and never shows another conference’s requests', async () => {
    type Page = {
      rows: { invoice: { id: number; status: string; titleType: string; conferenceId: number }; orderNo: string }[];
      total: number;
    };
    const list = async (query: string) => {
      const res = await callHandler(listGet, fx, { method: 'GET', token: managers[1].token, path: `/api/x?size=200&${query}` });
      expect(res.status, res.text).toBe(200);
      return res.json!.data as Page;
    };
    const everything = await list('');
    expect(everything.total).toBe(everything.rows.length);
    expect(everything.total).toBe(4);
    expect(everything.rows.every((r) => r.invoice.conferenceId === fx.conferenceId)).toBe(true);
    expect(everything.rows.map((r) => r.invoice.id)).not.toContain(theirs.invoiceId);
    expect(everything.rows.map((r) => r.orderNo)).not.toContain(theirs.orderNo);

    const ids = async (query: string) => (await list(query)).rows.map((r) => r.invoice.id);
    expect(await ids('status=invoiced')).toEqual([story.invoiceId]);
    expect((await list('status=unbilled')).total).toBe(3);
    expect((await list('titleType=personal')).rows.map((r) => r.invoice.titleType)).toEqual(['personal']);
    expect(await ids(`q=${story.orderNo}`)).toEqual([story.invoiceId]);
    expect((await list(`q=${encodeURIComponent('开放科学')}`)).total).toBe(2);
    expect((await list('q=FINANCE@EXAMPLE')).total).toBe(4);
    const [{ email }] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, payer.userId));
    expect((await list(`q=${encodeURIComponent(email)}`)).total).toBe(4);
    for (const q of [theirs.orderNo, 'Elsewhere', 'elsewhere@example.org', '%', '_'])
      expect((await list(`q=${encodeURIComponent(q)}`)).total, q).toBe(0);

    // Dates are request days in the conference's zone (Asia/Shanghai): move one request 10 days back.
    await database.db
      .update(invoiceRequest)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(invoiceRequest.id, story.invoiceId));
    const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);
    expect(await ids(`from=${day(-10)}&to=${day(-10)}`)).toEqual([story.invoiceId]);
    expect(await ids(`from=${day(-9)}`)).not.toContain(story.invoiceId);
    expect((await list(`from=${day(0)}`)).total).toBe(3);
    expect((await list(`to=${day(-11)}`)).total).toBe(0);

    const page = async (query: string) =>
      (await callHandler(listGet, fx, { method: 'GET', token: managers[1].token, path: `/api/x?${query}` })).json!.data as Page;
    const [first, second, third] = [await page('size=3&page=1'), await page('size=3&page=2'), await page('size=3&page=3')];
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
    expect([first.rows.length, second.rows.length, third.rows.length]).toEqual([3, 1, 0]);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.invoice.id)).size).toBe(4);
  });

  it('the export is an xlsx of this conference’s requests, in the manager’s language, honouring the filters', async () => {
    const en = await raw(exportGet, managers[0].token, '/api/x?lang=en');
    expect(en.status).toBe(200);
    expect(en.type).toBe(XLSX);
    expect([...en.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const read = async (bytes: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      return {
        name: sheet.name,
        header: (sheet.getRow(1).values as unknown[]).slice(1).map(String),
        orderNos: sheet.getColumn(1).values.slice(2).map(String),
        sheet,
      };
    };
    const english = await read(en.bytes);
    expect(english.name).toBe('Invoice requests');
    expect(english.header.slice(0, 3)).toEqual(['Order number', 'Requested on', 'Status']);
    expect(english.orderNos).toHaveLength(4);
    expect(english.orderNos).toContain(story.orderNo);
    expect(english.orderNos).not.toContain(theirs.orderNo);
    const storyRow = english.sheet.getRow(2 + english.orderNos.indexOf(story.orderNo));
    expect(storyRow.getCell(3).value).toBe('Invoiced');
    expect(storyRow.getCell(8).value).toBe('91110108MA01ABCD2X');
    expect(storyRow.getCell(9).value).toBe(1200);

    const zh = await read((await raw(exportGet, managers[0].token, '/api/x?status=invoiced&lang=zh')).bytes);
    expect(zh.header.slice(0, 3)).toEqual(['订单号', '申请时间', '状态']);
    expect(zh.orderNos).toEqual([story.orderNo]);
    expect(zh.sheet.getRow(2).getCell(3).value).toBe('已开票');
  });

  // The control: the same request through a copy that checks for an existing request and then
  // inserts, with the unique index gone, so the concurrent test above can catch a double request.
  // PGlite runs one transaction at a time, so the race can only show on PostgreSQL. Last: it drops the index.
  it.runIf(backend === 'postgres')(`control: ${CONCURRENT} requests without the unique index make more than one`, async () => {
    const order = await paidOrder(payer.userId, 1);
    await database.db.execute(sql`drop index invoice_request_order_uq`);
    const naive = () =>
      database.db.transaction(async (tx) => {
        const existing = await tx.select({ id: invoiceRequest.id }).from(invoiceRequest).where(eq(invoiceRequest.orderId, order.id));
        if (existing.length) throw new Error('INVOICE_EXISTS');
        await new Promise((r) => setTimeout(r, 5));
        await tx.insert(invoiceRequest).values({
          conferenceId: fx.conferenceId,
          orderId: order.id,
          userId: payer.userId,
          titleType: 'personal',
          delivery: 'post',
          title: 'control',
          recipientName: 'control',
          phone: '13800138000',
          address: 'control',
          email: 'control@example.org',
          amountMinor: order.totalMinor,
          currency: order.currency,
        });
      });
    await Promise.allSettled(Array.from({ length: CONCURRENT }, naive));
    const rows = await database.db
      .select()
      .from(invoiceRequest)
      .where(and(eq(invoiceRequest.conferenceId, fx.conferenceId), inArray(invoiceRequest.orderId, [order.id])));
    expect(rows.length).toBeGreaterThan(1);
  });
});

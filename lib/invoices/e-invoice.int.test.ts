import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, invoiceEvent, invoiceRequest, mailOutbox, uploadedFile } from '@/db/schema';
import { POST as requestPost } from '@/app/api/conference/invoice/request/route';
import { GET as myFileGet } from '@/app/api/conference/invoice/file/route';
import { GET as managerFileGet, POST as attachPost } from '@/app/api/conference/manage/receipt/file/route';
import { POST as statusPost } from '@/app/api/conference/manage/receipt/status/route';
import type { RouteHandler } from '@/lib/http/route';
import { plantOrder } from '@/testing/fixtures/payments';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import type { MyInvoice } from './queries';

/**
 * The finance office's invoices through the route handlers: ordinary or special VAT invoices by
 * email or by post (each type's and delivery's fields required, told in the caller's language);
 * the organiser attaches the issued electronic invoice (a PDF or an OFD, told by its content) to a
 * request delivered by email, which is then invoiced and mailed; the participant downloads it, and
 * nobody else does (another participant, another conference).
 */

type Account = { token: string; userId: string };

const PDF = new Uint8Array([...strToU8('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]);
const OFD = zipSync({ 'OFD.xml': strToU8('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'), 'Doc_0/Document.xml': strToU8('<d/>') });
const NOT_OFD = zipSync({ 'word/document.xml': strToU8('<w/>') });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const special = {
  type: 'special',
  delivery: 'email',
  titleType: 'company',
  title: '北京开放科学数据有限公司',
  taxpayerId: '91110108MA01ABCD2X',
  registeredAddress: '北京市海淀区中关村南四街 4 号',
  registeredPhone: '010-62600000',
  bankName: '中国工商银行北京中关村支行',
  bankAccount: '0200 0045 0902 1234 567',
  email: 'finance@example.org',
};

/** A multipart body with the request `id` and the `file`, as the browser's upload field sends it. */
async function multipart(id: number | string, fileName: string, data: Uint8Array) {
  const form = new FormData();
  form.set('id', String(id));
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe.each(testBackends())('e-invoices on %s', (backend) => {
  let database: Database;
  let root: string;
  let previousUploadDir: string | undefined;
  let fx: ConferenceFixture;
  let elsewhere: ConferenceFixture;
  let manager: Account;
  let outsiderManager: Account;
  let payer: Account;
  let stranger: Account;

  const paidOrder = async (userId: string, at: ConferenceFixture = fx) => {
    const order = await plantOrder(database, at, userId);
    await database.db
      .update(conferenceOrder)
      .set({ payStatus: 'success', paidAt: new Date(), paymentMethod: 'bankRemit' })
      .where(eq(conferenceOrder.id, order.id));
    return order;
  };
  const ask = (orderId: number, fields: Record<string, unknown>, opts: { token?: string; lang?: string; at?: ConferenceFixture } = {}) =>
    callHandler(requestPost, opts.at ?? fx, {
      token: opts.token ?? payer.token,
      headers: opts.lang ? { 'x-locale': opts.lang } : undefined,
      body: JSON.stringify({ ...fields, orderId }),
    });
  const toBeInvoiced = async (id: number, token = manager.token, at = fx) =>
    expect((await callHandler(statusPost, at, { token, body: JSON.stringify({ id, status: 'toBeInvoiced' }) })).status).toBe(200);
  const attach = async (id: number | string, fileName: string, data: Uint8Array, opts: { token?: string; lang?: string } = {}) => {
    const body = await multipart(id, fileName, data);
    return callHandler(attachPost, fx, {
      token: opts.token ?? manager.token,
      body: body.body,
      headers: { ...body.headers, ...(opts.lang ? { 'x-locale': opts.lang } : {}) },
    });
  };
  const download = async (handler: RouteHandler, token: string, query: string, at: ConferenceFixture = fx, lang = 'zh') => {
    const res = await handler(apiRequest(`/api/x?${query}`, { host: at.host, token, headers: { 'x-locale': lang } }), {
      params: Promise.resolve({}),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(Buffer.from(bytes).toString('utf8')) };
  };
  const requestRow = async (id: number) => (await database.db.select().from(invoiceRequest).where(eq(invoiceRequest.id, id)))[0];
  const created = (answer: Awaited<ReturnType<typeof callHandler>>) => {
    expect(answer.status, answer.text).toBe(200);
    return answer.json!.data as MyInvoice;
  };
  const tempFiles = () => {
    const temp = path.join(root, String(fx.conferenceId), 'temp');
    return existsSync(temp) ? readdirSync(temp) : [];
  };

  beforeAll(async () => {
    previousUploadDir = process.env.UPLOAD_DIR;
    root = mkdtempSync(path.join(tmpdir(), 'confhub-einvoice-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `einvoice${backend}`, 1000);
    elsewhere = await plantConference(database, `einvoiceother${backend}`, 1000);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    outsiderManager = await plantAccount(database, elsewhere.conferenceId, 'manager');
    payer = await plantAccount(database, fx.conferenceId);
    stranger = await plantAccount(database, fx.conferenceId);
  });
  afterAll(async () => {
    await database?.close();
    if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previousUploadDir;
    rmSync(root, { recursive: true, force: true });
  });

  it('a special VAT invoice needs the company’s registered address, phone, bank and account, on their fields in both languages', async () => {
    const order = await paidOrder(payer.userId);
    const zh = await ask(order.id, { ...special, registeredAddress: '', bankAccount: '' });
    expect(zh.status).toBe(400);
    expect((zh.json as { fields?: Record<string, string> }).fields).toEqual({
      registeredAddress: '增值税专用发票须填写单位注册地址',
      bankAccount: '增值税专用发票须填写银行账号',
    });
    const en = await ask(order.id, { ...special, titleType: 'personal', taxpayerId: '', bankName: '' }, { lang: 'en' });
    expect((en.json as { fields?: Record<string, string> }).fields).toEqual({
      titleType: 'A special VAT invoice can only be issued to a company',
      bankName: 'A special VAT invoice needs the company’s bank',
    });
    const noDelivery = await ask(order.id, { ...special, delivery: undefined }, { lang: 'en' });
    expect((noDelivery.json as { fields?: Record<string, string> }).fields).toEqual({
      delivery: 'Please choose how the invoice is delivered',
    });
    expect(await database.db.select().from(invoiceRequest).where(eq(invoiceRequest.orderId, order.id))).toHaveLength(0);
  });

  it('by post needs a recipient, phone and postal address; by email none of them, and what a request does not use is not kept', async () => {
    const posted = await paidOrder(payer.userId);
    const refused = await ask(posted.id, { ...special, type: 'ordinary', delivery: 'post' }, { lang: 'en' });
    expect((refused.json as { fields?: Record<string, string> }).fields).toEqual({
      recipientName: 'Please enter the recipient',
      phone: 'Please enter a phone number',
      address: 'Please enter the postal address',
    });
    const byPost = created(
      await ask(posted.id, {
        ...special,
        type: 'ordinary',
        delivery: 'post',
        recipientName: '张三',
        phone: '13800138000',
        address: '北京',
      }),
    );
    // An ordinary invoice keeps no bank details, even when the form sent them.
    expect(byPost).toMatchObject({ type: 'ordinary', delivery: 'post', address: '北京', registeredAddress: '', bankAccount: '' });

    const mailed = await paidOrder(payer.userId);
    const byEmail = created(await ask(mailed.id, { ...special, recipientName: '张三', phone: '13800138000', address: '北京' }));
    expect(byEmail).toMatchObject({
      type: 'special',
      delivery: 'email',
      email: 'finance@example.org',
      bankAccount: '0200 0045 0902 1234 567',
      recipientName: '',
      phone: '',
      address: '',
      invoiceFileId: null,
    });
  });

  it('the organiser attaches the issued PDF to a request by email: invoiced, mailed with a link; only the requester downloads it', async () => {
    const order = await paidOrder(payer.userId);
    const request = created(await ask(order.id, special, { lang: 'en' }));
    // Not before it is "to be invoiced"; and a request by email is not invoiced by a tracking number.
    expect((await attach(request.id, 'invoice.pdf', PDF)).json!.error).toBe('INVOICE_STATUS_CHANGED');
    await toBeInvoiced(request.id);
    const tracking = await callHandler(statusPost, fx, {
      token: manager.token,
      headers: { 'x-locale': 'en' },
      body: JSON.stringify({ id: request.id, status: 'invoiced', trackingNumber: 'SF1' }),
    });
    expect(tracking.status).toBe(409);
    expect(tracking.json).toMatchObject({
      error: 'INVOICE_NEEDS_FILE',
      message: 'This invoice is delivered by email: attach the issued electronic invoice to mark it as invoiced.',
    });
    // The content decides: a PNG named .pdf, a Word file named .ofd, an unknown type.
    const png = await attach(request.id, 'invoice.pdf', PNG, { lang: 'en' });
    expect(png.status).toBe(415);
    expect((await attach(request.id, 'invoice.ofd', NOT_OFD)).status).toBe(415);
    expect((await attach(request.id, 'invoice.exe', PDF)).status).toBe(415);
    expect((await attach(request.id, 'invoice.pdf', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25))).status).toBe(413);
    // Participants and other conferences' managers cannot attach.
    expect((await attach(request.id, 'invoice.pdf', PDF, { token: payer.token })).status).toBe(403);
    expect((await attach(request.id, 'invoice.pdf', PDF, { token: outsiderManager.token })).status).toBe(403);
    expect((await requestRow(request.id)).status).toBe('toBeInvoiced');

    const attached = await attach(request.id, 'fapiao 2026.pdf', PDF);
    expect(attached.status, attached.text).toBe(200);
    expect(attached.json!.data).toEqual({ id: request.id, status: 'invoiced', fileName: 'fapiao 2026.pdf' });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: 'invoiced', trackingNumber: '', updatedBy: manager.userId });
    expect(row.invoiceFileId).not.toBeNull();
    const events = await database.db.select().from(invoiceEvent).where(eq(invoiceEvent.invoiceId, request.id)).orderBy(invoiceEvent.id);
    expect(events.at(-1)).toMatchObject({ fromStatus: 'toBeInvoiced', toStatus: 'invoiced', note: 'fapiao 2026.pdf' });
    expect(tempFiles()).toEqual([]);
    // Once only: a second file is refused.
    expect((await attach(request.id, 'again.pdf', PDF)).json!.error).toBe('INVOICE_STATUS_CHANGED');

    const mails = (await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invoiceIssuedElectronic'))).filter((m) =>
      m.text.includes(order.orderNo),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'en', toAddress: 'finance@example.org', conferenceId: fx.conferenceId });
    expect(mails[0].subject).toContain('Your electronic invoice has been issued');
    expect(mails[0].text).toContain(`/en/profile/order/receipt/${order.id}`);
    // A person is greeted (no recipient named: the account's holder), never the organisation on the invoice.
    expect(mails[0].text).not.toContain(`Dear ${special.title}`);
    expect(mails[0].text).toMatch(/^Dear \S/m);

    const mine = await download(myFileGet, payer.token, `orderId=${order.id}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toContain(`invoice-${order.orderNo}.pdf`);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect([...mine.bytes]).toEqual([...PDF]);
    expect((await download(managerFileGet, manager.token, `id=${request.id}`)).status).toBe(200);

    // Another participant, another conference's manager, the id of another conference: not found.
    for (const [who, query, at] of [
      [stranger.token, `orderId=${order.id}`, fx],
      [outsiderManager.token, `orderId=${order.id}`, elsewhere],
    ] as const) {
      const other = await download(myFileGet, who, query, at, 'en');
      expect(other.status).toBe(404);
      expect(other.json()).toMatchObject({ error: 'NOT_FOUND' });
      expect(other.json().message.toLowerCase()).toContain('not found');
    }
    expect((await download(managerFileGet, outsiderManager.token, `id=${request.id}`, elsewhere)).status).toBe(404);
    expect((await download(managerFileGet, payer.token, `id=${request.id}`)).status).toBe(403);
    expect((await download(myFileGet, '', `orderId=${order.id}`)).status).toBe(401);
  });

  it('an OFD e-invoice is taken by its content; a request by post refuses a file', async () => {
    const order = await paidOrder(payer.userId);
    const request = created(await ask(order.id, special));
    await toBeInvoiced(request.id);
    expect((await attach(request.id, 'invoice.ofd', OFD)).status).toBe(200);
    const file = await download(myFileGet, payer.token, `orderId=${order.id}`);
    expect(file.headers.get('content-type')).toBe('application/ofd');
    expect([...file.bytes]).toEqual([...OFD]);

    const posted = await paidOrder(payer.userId);
    const postRequest = created(
      await ask(posted.id, { ...special, delivery: 'post', recipientName: '张三', phone: '13800138000', address: '北京' }),
    );
    await toBeInvoiced(postRequest.id);
    const refused = await attach(postRequest.id, 'invoice.pdf', PDF);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'INVOICE_POSTED', message: '该发票通过邮寄交付：请填写快递单号以标记为已开票。' });
    // Nothing is kept of a refused upload.
    expect(await database.db.select().from(uploadedFile).where(eq(uploadedFile.field, 'invoiceFile'))).toHaveLength(2);
    expect((await download(myFileGet, payer.token, `orderId=${posted.id}`)).status).toBe(404);
  });

  it('a request of another conference cannot be given a file', async () => {
    const other = await plantAccount(database, elsewhere.conferenceId);
    const order = await paidOrder(other.userId, elsewhere);
    const theirs = created(await ask(order.id, special, { token: other.token, at: elsewhere }));
    await toBeInvoiced(theirs.id, outsiderManager.token, elsewhere);
    const answer = await attach(theirs.id, 'invoice.pdf', PDF);
    expect(answer.status).toBe(404);
    expect(answer.json!.error).toBe('INVOICE_NOT_FOUND');
    expect((await requestRow(theirs.id)).status).toBe('toBeInvoiced');
    expect((await download(managerFileGet, manager.token, `id=${theirs.id}`)).status).toBe(404);
  });
});

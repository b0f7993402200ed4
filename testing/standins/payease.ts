/**
 * A stand-in for PayEase (首信易支付), for tests only: a real HTTP server on loopback with the pieces
 * of the classic B2C interface our provider uses — the payment page (GET /prs/user_payment.checkit,
 * and /prs/e_user_payment.checkit for foreign currencies) that checks the order's v_md5info and shows
 * "Pay" and "Decline" buttons, the signed server-to-server notification and browser return that
 * follow, and the order query (/merchant/order/order_ack_oid_list.jsp).
 *
 * The real PayEase posts its notification to an address registered in the merchant console, not one
 * sent with the order. The stand-in models that setting with `notifyUrl`; left unset, it posts to our
 * notify route on the origin of the order's v_url (the result page), where the app would have it.
 *
 * Signatures are computed here independently of the provider (field orders written out again), so a
 * wrong order on either side fails the tests. Plain Node only: Vitest and Playwright both load it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback';

export type PayEaseStandinOptions = { merchantId: string; key: string; notifyUrl?: string };
export type StandinPayEaseOrder = { fields: Record<string, string>; status: 'open' | 'paid' | 'failed' };
export type NotificationOptions = { outcome?: 'paid' | 'failed'; amount?: string; moneytype?: string; key?: string };

export type PayEaseStandin = {
  /** e.g. 'http://127.0.0.1:41234/prs/user_payment.checkit': set PAYEASE_GATEWAY to it. */
  gatewayUrl: string;
  orders: Map<string, StandinPayEaseOrder>;
  /** Every server-to-server notification the stand-in posted, with the answer it got. */
  deliveries: { url: string; body: string; status: number; answer: string }[];
  /** Every order query received (its form fields). */
  queries: Record<string, string>[];
  /** Sets the console's notification address (null: our notify route on the v_url origin). */
  setNotifyUrl(url: string | null): void;
  /** What clicking Pay (or Decline) does: settles the order and posts the notification; returns where the browser goes. */
  pay(oid: string, outcome?: 'paid' | 'failed'): Promise<string>;
  /** A server-to-server notification body for an order, signed with the key (or `key` to forge it). */
  notification(oid: string, opts?: NotificationOptions): string;
  /** The same, signed with a key that is not the merchant's. */
  forged(oid: string): string;
  /** The same, correctly signed and then its amount changed. */
  tampered(oid: string): string;
  /** The browser-return fields for an order (the v_url query string), signed. */
  returnFields(oid: string, opts?: NotificationOptions): Record<string, string>;
  /** POSTs a form body to `url` as PayEase does; returns the answer. */
  deliver(body: string, url: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

/** Codes PayEase knows (0 CNY, 1 USD, 2 EUR, 3 GBP, 4 JPY, 5 KRW, 6 AUD, 7 RUB); domestic cards take 0 only. */
const MONEY_TYPES = new Set(['0', '1', '2', '3', '4', '5', '6', '7']);
const ORDER_FIELDS = ['v_mid', 'v_oid', 'v_rcvname', 'v_amount', 'v_ymd', 'v_moneytype', 'v_url', 'v_md5info'];
const PMODE = '招商银行一网通';

const hmac = (key: string, text: string) => createHmac('md5', key).update(text, 'utf8').digest('hex');

type Ctx = {
  opts: PayEaseStandinOptions;
  base: string;
  notifyUrl: string | null;
  orders: Map<string, StandinPayEaseOrder>;
  deliveries: PayEaseStandin['deliveries'];
  queries: PayEaseStandin['queries'];
};

class PageError extends Error {}

function orderOf(ctx: Ctx, oid: string): StandinPayEaseOrder {
  const order = ctx.orders.get(oid);
  if (!order) throw new PageError(`no order ${oid}`);
  return order;
}

/** PayEase's checks of a submitted order, ending with v_md5info over moneytype+ymd+amount+rcvname+oid+mid+url. */
function checkOrder(ctx: Ctx, fields: Record<string, string>, foreignPage: boolean): void {
  const missing = ORDER_FIELDS.filter((name) => !fields[name]);
  if (missing.length) throw new PageError(`missing ${missing.join(', ')}`);
  const { v_mid, v_oid, v_ymd, v_amount, v_moneytype } = fields;
  if (v_mid !== ctx.opts.merchantId) throw new PageError('unknown merchant');
  if (!v_oid.startsWith(`${v_ymd}-${v_mid}-`) || !/^\d{8}$/.test(v_ymd)) throw new PageError('v_oid must be yyyymmdd-v_mid-number');
  if (!/^\d+\.\d{2}$/.test(v_amount) || /^0+\.00$/.test(v_amount)) throw new PageError('v_amount must be yuan with two decimals');
  if (!MONEY_TYPES.has(v_moneytype) || (v_moneytype === '0') === foreignPage) throw new PageError('currency not taken on this page');
  const text = ['v_moneytype', 'v_ymd', 'v_amount', 'v_rcvname', 'v_oid', 'v_mid', 'v_url'].map((name) => fields[name]).join('');
  if (hmac(ctx.opts.key, text) !== fields.v_md5info) throw new PageError('v_md5info does not match (数字指纹错误)');
  const existing = ctx.orders.get(v_oid);
  if (existing && JSON.stringify(existing.fields) !== JSON.stringify(fields)) throw new PageError('duplicate v_oid (订单号重复)');
}

function resultFields(ctx: Ctx, oid: string, opts: NotificationOptions, kind: 'notify' | 'return'): Record<string, string> {
  const order = orderOf(ctx, oid);
  const key = opts.key ?? ctx.opts.key;
  const paid = (opts.outcome ?? (order.status === 'failed' ? 'failed' : 'paid')) === 'paid';
  const v_amount = opts.amount ?? order.fields.v_amount;
  const v_moneytype = opts.moneytype ?? order.fields.v_moneytype;
  const money = { v_amount, v_moneytype, v_md5money: hmac(key, v_amount + v_moneytype), v_sign: randomBytes(128).toString('hex') };
  if (kind === 'notify') {
    const f = { v_oid: oid, v_pmode: PMODE, v_pstatus: paid ? '1' : '3', v_pstring: paid ? '支付完成' : '支付被拒绝', v_count: '1' };
    return { ...f, ...money, v_mac: hmac(key, f.v_oid + f.v_pmode + f.v_pstatus + f.v_pstring + f.v_count) };
  }
  const f = { v_oid: oid, v_pstatus: paid ? '20' : '30', v_pstring: paid ? '支付成功' : '支付失败', v_pmode: PMODE };
  return { ...f, ...money, v_md5info: hmac(key, f.v_oid + f.v_pstatus + f.v_pstring + f.v_pmode) };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function deliver(body: string, url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { status: response.status, body: await response.text() };
}

/** Settles an order, posts the notification to the console address and gives the browser's way back. */
async function pay(ctx: Ctx, oid: string, outcome: 'paid' | 'failed'): Promise<string> {
  const order = orderOf(ctx, oid);
  if (order.status === 'open') {
    order.status = outcome;
    const url = ctx.notifyUrl ?? `${new URL(order.fields.v_url).origin}/api/conference/pay/notify/payEase`;
    const body = form(resultFields(ctx, oid, {}, 'notify'));
    try {
      const answer = await deliver(body, url);
      ctx.deliveries.push({ url, body, status: answer.status, answer: answer.body });
    } catch (error) {
      ctx.deliveries.push({ url, body, status: 0, answer: String(error) });
    }
  }
  const back = new URL(order.fields.v_url);
  for (const [name, value] of Object.entries(resultFields(ctx, oid, {}, 'return'))) back.searchParams.set(name, value);
  return back.toString();
}

// ---------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendHtml(res: ServerResponse, status: number, body: string): void {
  const html = `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>PayEase stand-in</title></head><body>${body}</body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

function paymentPage(order: StandinPayEaseOrder): string {
  const oid = escapeHtml(order.fields.v_oid);
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/prs/pay"><input type="hidden" name="v_oid" value="${oid}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  return `<h1>首信易支付 PayEase (stand-in)</h1><p>订单 Order ${oid}</p>
<p>金额 Amount: <strong>${escapeHtml(order.fields.v_amount)}</strong> (v_moneytype ${escapeHtml(order.fields.v_moneytype)})</p>
${button('paid', 'Pay')}${button('failed', 'Decline')}`;
}

/** The order query: v_mac = HMAC(v_mid + v_oid); answers PayEase's flat XML (pstatus 1 paid, 2 unpaid, 3 refused). */
function queryAnswer(ctx: Ctx, fields: Record<string, string>): string {
  ctx.queries.push(fields);
  const { v_mid = '', v_oid = '', v_mac = '' } = fields;
  const head = (status: string, desc: string) =>
    `<messagehead><status>${status}</status><statusdesc>${desc}</statusdesc><mid>${escapeHtml(v_mid)}</mid><oid>${escapeHtml(v_oid)}</oid></messagehead>`;
  if (v_mid !== ctx.opts.merchantId || hmac(ctx.opts.key, v_mid + v_oid) !== v_mac) {
    return `<?xml version="1.0" encoding="GB2312"?><ordermessage>${head('1', 'v_mac error')}<messagebody></messagebody></ordermessage>`;
  }
  const order = ctx.orders.get(v_oid);
  const pstatus = { open: '2', paid: '1', failed: '3' }[order?.status ?? 'open'];
  const body = order
    ? `<order><pmode>${PMODE}</pmode><pstatus>${pstatus}</pstatus><pstring></pstring><amount>${order.fields.v_amount}</amount><moneytype>${order.fields.v_moneytype}</moneytype><isvirement>0</isvirement><sign>${randomBytes(64).toString('hex')}</sign></order>`
    : '';
  return `<?xml version="1.0" encoding="GB2312"?><ordermessage>${head('0', 'ok')}<messagebody>${body}</messagebody></ordermessage>`;
}

async function route(ctx: Ctx, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const page = /^\/prs\/(e_)?user_payment\.checkit$/.exec(url.pathname);
  if (page && (req.method === 'GET' || req.method === 'POST')) {
    const fields = Object.fromEntries(req.method === 'GET' ? url.searchParams : new URLSearchParams(await readBody(req)));
    checkOrder(ctx, fields, Boolean(page[1]));
    if (!ctx.orders.has(fields.v_oid)) ctx.orders.set(fields.v_oid, { fields, status: 'open' });
    return sendHtml(res, 200, paymentPage(orderOf(ctx, fields.v_oid)));
  }
  if (req.method === 'POST' && url.pathname === '/prs/pay') {
    const fields = new URLSearchParams(await readBody(req));
    const location = await pay(ctx, fields.get('v_oid') ?? '', fields.get('outcome') === 'failed' ? 'failed' : 'paid');
    res.writeHead(303, { location, 'content-length': 0 });
    return void res.end();
  }
  if (req.method === 'POST' && url.pathname === '/merchant/order/order_ack_oid_list.jsp') {
    const xml = queryAnswer(ctx, Object.fromEntries(new URLSearchParams(await readBody(req))));
    res.writeHead(200, { 'content-type': 'text/xml; charset=GB2312', 'content-length': Buffer.byteLength(xml) });
    return void res.end(xml);
  }
  sendHtml(res, 404, '<h1>Not found</h1>');
}

/** Starts the stand-in on a free loopback port. Close it when done. */
export async function startPayEaseStandin(opts: PayEaseStandinOptions): Promise<PayEaseStandin> {
  const ctx: Ctx = { opts, base: '', notifyUrl: opts.notifyUrl ?? null, orders: new Map(), deliveries: [], queries: [] };
  const loopback = await listenOnLoopback((req, res) => {
    route(ctx, req, res, new URL(req.url ?? '/', ctx.base)).catch((error: unknown) => {
      if (error instanceof PageError) return sendHtml(res, 400, `<h1>订单错误 Order refused</h1><p>${escapeHtml(error.message)}</p>`);
      console.error('payease-standin: internal error', error);
      res.destroy();
    });
  });
  ctx.base = loopback.origin;
  const notification = (oid: string, o: NotificationOptions = {}) => form(resultFields(ctx, oid, o, 'notify'));
  return {
    gatewayUrl: `${ctx.base}/prs/user_payment.checkit`,
    orders: ctx.orders,
    deliveries: ctx.deliveries,
    queries: ctx.queries,
    setNotifyUrl: (url) => {
      ctx.notifyUrl = url;
    },
    pay: (oid, outcome = 'paid') => pay(ctx, oid, outcome),
    notification,
    forged: (oid) => notification(oid, { key: `${opts.key}-not` }),
    tampered: (oid) => {
      const fields = new URLSearchParams(notification(oid));
      fields.set('v_amount', `1${fields.get('v_amount')}`);
      return fields.toString();
    },
    returnFields: (oid, o = {}) => resultFields(ctx, oid, o, 'return'),
    deliver,
    close: () => loopback.close(),
  };
}

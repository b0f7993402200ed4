import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, type Loopback } from './loopback';
import type { ProviderConfig } from '@/lib/payments/providers/types';

/**
 * A stand-in for Alipay's OpenAPI 2.0 gateway on loopback, for unit and browser tests. Written from
 * the protocol with node:crypto only (no SDK, no test framework), so it checks the SDK rather than
 * agreeing with it: it verifies the RSA2 `sign` of every request with the app's public key, keeps
 * trades, answers alipay.trade.query / alipay.trade.refund in the real shapes signed with the
 * Alipay key, and builds (and delivers) signed notifications. GET /gateway.do (the page-pay URL) is
 * a tiny cashier page whose Pay button pays, notifies notify_url and 303s to return_url.
 */

export type RsaPair = { privateKeyPem: string; publicKeyPem: string };
export type AlipayKeys = { app: RsaPair; alipay: RsaPair };

export type AlipayTrade = {
  out_trade_no: string;
  subject: string;
  total_amount: string;
  time_expire: string | null;
  notify_url: string;
  return_url: string;
  trade_no: string | null;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  gmt_payment: string | null;
  /** out_request_no → refund amount in minor units. */
  refunds: Map<string, number>;
};

export type RecordedRequest = {
  httpMethod: string;
  method: string;
  params: Record<string, string>;
  bizContent: unknown;
  signatureValid: boolean;
};
export type AlipayNotification = { headers: Record<string, string>; body: string; params: Record<string, string> };
/** Field values to replace (undefined removes one), a key to sign with, or a sign to send as it is. */
export type NotificationOverrides = { fields?: Record<string, string | undefined>; signingKey?: string; sign?: string };
export type AlipayFailure = { code: string; msg: string; sub_code: string; sub_msg: string };

export function rsaPair(): RsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

export const makeAlipayKeys = (): AlipayKeys => ({ app: rsaPair(), alipay: rsaPair() });

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
/** China Standard Time as Alipay writes it. */
const beijing = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const toMinor = (yuan: string) => {
  const [whole, fraction = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const toYuan = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Alipay's sign content: the non-empty fields but `sign` (and `sign_type`, for notifications), sorted, as k=v&k=v. */
function signContent(params: Record<string, string>, dropSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const rsa2 = (text: string, key: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

function parseJson(text: string | undefined): Record<string, string> {
  try {
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export class AlipayStandin {
  readonly trades = new Map<string, AlipayTrade>();
  readonly requests: RecordedRequest[] = [];
  private failures: AlipayFailure[] = [];
  private corruptNext = false;

  private constructor(
    private readonly loopback: Loopback,
    /** Base URL of the stand-in. */
    readonly url: string,
    readonly keys: AlipayKeys,
    readonly appId: string,
    readonly sellerId: string,
  ) {}

  /** The gateway URL, for ALIPAY_GATEWAY. */
  get gateway(): string {
    return `${this.url}/gateway.do`;
  }

  static async start(options: { keys?: AlipayKeys; appId?: string } = {}): Promise<AlipayStandin> {
    const loopback = await listenOnLoopback();
    const standin = new AlipayStandin(
      loopback,
      loopback.origin,
      options.keys ?? makeAlipayKeys(),
      options.appId ?? '2021000000000001',
      '2088101122136241',
    );
    loopback.server.on('request', (req, res) => {
      standin.handle(req, res).catch((error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)));
    });
    return standin;
  }

  /** The method configuration matching this stand-in's app. */
  providerConfig(): ProviderConfig {
    return {
      settings: { appId: this.appId, merchantId: this.sellerId, alipayPublicKey: this.keys.alipay.publicKeyPem },
      secrets: { privateKey: this.keys.app.privateKeyPem },
    };
  }

  /** The next API call is answered with this business error (code 40004 …). */
  failNext(failure: AlipayFailure): void {
    this.failures.push(failure);
  }

  /** The next API answer carries a sign that does not match (a forged answer). */
  corruptNextAnswer(): void {
    this.corruptNext = true;
  }

  /** Marks a trade paid (as the payer confirming at the cashier) and returns its notification. */
  pay(billNo: string): AlipayNotification {
    const trade = this.trades.get(billNo);
    if (!trade) throw new Error(`no Alipay trade ${billNo} (open the page-pay URL first)`);
    if (trade.trade_status === 'WAIT_BUYER_PAY') {
      trade.trade_status = 'TRADE_SUCCESS';
      trade.trade_no = `${beijing(new Date()).slice(0, 10).replaceAll('-', '')}220014${digits(16)}`;
      trade.gmt_payment = beijing(new Date());
    }
    return this.notification(billNo);
  }

  /** The trade_status_sync notification of a trade, correctly signed unless overridden. */
  notification(billNo: string, overrides: NotificationOverrides = {}): AlipayNotification {
    const trade = this.trades.get(billNo);
    if (!trade) throw new Error(`no Alipay trade ${billNo}`);
    const now = beijing(new Date());
    const base: Record<string, string | undefined> = {
      gmt_create: now,
      charset: 'utf-8',
      gmt_payment: trade.gmt_payment ?? undefined,
      notify_time: now,
      subject: trade.subject,
      buyer_id: '2088102122524333',
      invoice_amount: trade.total_amount,
      version: '1.0',
      notify_id: `2026${digits(30)}`,
      fund_bill_list: JSON.stringify([{ amount: trade.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      out_trade_no: trade.out_trade_no,
      total_amount: trade.total_amount,
      trade_status: trade.trade_status,
      trade_no: trade.trade_no ?? `2026${digits(24)}`,
      auth_app_id: this.appId,
      receipt_amount: trade.total_amount,
      point_amount: '0.00',
      buyer_pay_amount: trade.total_amount,
      app_id: this.appId,
      sign_type: 'RSA2',
      seller_id: this.sellerId,
      ...overrides.fields,
    };
    const params = Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
    params.sign = overrides.sign ?? rsa2(signContent(params, true), overrides.signingKey ?? this.keys.alipay.privateKeyPem);
    return {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      params,
    };
  }

  /** POSTs a notification as Alipay does. */
  async deliver(notification: AlipayNotification, url: string): Promise<Response> {
    return fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
  }

  close(): Promise<void> {
    return this.loopback.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/standin/pay') return this.payPage(new URLSearchParams(body), res);
    if (url.pathname !== '/gateway.do') return void res.writeHead(404).end();
    // The SDK puts the common parameters in the query and the rest in a form body.
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const request = this.record(req.method ?? 'GET', params);
    if (req.method === 'GET') return this.cashier(request, res);
    if (!request.signatureValid)
      return this.answer(res, request.method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    const failure = this.failures.shift();
    if (failure) return this.answer(res, request.method, failure);
    const biz = request.bizContent as Record<string, string>;
    if (request.method === 'alipay.trade.query') return this.query(res, biz);
    if (request.method === 'alipay.trade.refund') return this.refund(res, biz);
    return this.answer(res, request.method, {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'isv.invalid-method',
      sub_msg: '不存在的方法名',
    });
  }

  /** Checks the request's sign (app key, RSA2, sign_type included) and its Beijing-time timestamp. */
  private record(httpMethod: string, params: Record<string, string>): RecordedRequest {
    const stamp = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? '') ? params.timestamp : '';
    const fresh = stamp !== '' && Math.abs(Date.parse(`${stamp.replace(' ', 'T')}+08:00`) - Date.now()) < 15 * 60_000;
    let signed = false;
    try {
      signed = createVerify('RSA-SHA256')
        .update(signContent(params, false), 'utf8')
        .verify(this.keys.app.publicKeyPem, params.sign ?? '', 'base64');
    } catch {
      signed = false;
    }
    const valid = signed && fresh && params.app_id === this.appId && params.sign_type === 'RSA2' && params.charset === 'utf-8';
    const request = { httpMethod, method: params.method ?? '', params, bizContent: parseJson(params.biz_content), signatureValid: valid };
    this.requests.push(request);
    return request;
  }

  /** `{"<method>_response": {...}, "sign": "..."}`, signed over the exact text of the inner object. */
  private answer(res: ServerResponse, method: string, payload: Record<string, unknown>): void {
    const inner = JSON.stringify(payload);
    const sign = this.corruptNext ? rsa2('forged', this.keys.alipay.privateKeyPem) : rsa2(inner, this.keys.alipay.privateKeyPem);
    this.corruptNext = false;
    const key = `${method.replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' }).end(`{"${key}":${inner},"sign":"${sign}"}`);
  }

  /** The page-pay URL opened in a browser: checks it and shows a cashier with a Pay button. */
  private cashier(request: RecordedRequest, res: ServerResponse): void {
    const biz = request.bizContent as Record<string, string>;
    const amount = /^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '') && toMinor(biz.total_amount) > 0;
    const valid =
      request.signatureValid &&
      request.method === 'alipay.trade.page.pay' &&
      biz.product_code === 'FAST_INSTANT_TRADE_PAY' &&
      !!biz.out_trade_no &&
      !!biz.subject &&
      amount;
    if (!valid) {
      res
        .writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>支付宝 - 错误</title><h1>invalid-signature or parameters</h1>');
      return;
    }
    const existing = this.trades.get(biz.out_trade_no);
    if (!existing) {
      this.trades.set(biz.out_trade_no, {
        out_trade_no: biz.out_trade_no,
        subject: biz.subject,
        total_amount: biz.total_amount,
        time_expire: biz.time_expire ?? null,
        notify_url: request.params.notify_url ?? '',
        return_url: request.params.return_url ?? '',
        trade_no: null,
        trade_status: 'WAIT_BUYER_PAY',
        gmt_payment: null,
        refunds: new Map(),
      });
    }
    const no = escapeHtml(biz.out_trade_no);
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>支付宝 收银台 (stand-in)</title></head><body>` +
          `<h1>${escapeHtml(biz.subject)}</h1><p>¥ <span id="amount">${escapeHtml(biz.total_amount)}</span></p>` +
          `<form method="post" action="/standin/pay"><input type="hidden" name="out_trade_no" value="${no}">` +
          `<button type="submit">Pay</button></form></body></html>`,
      );
  }

  /** The Pay button: pays, notifies notify_url, and sends the browser back to return_url with the signed return fields. */
  private async payPage(form: URLSearchParams, res: ServerResponse): Promise<void> {
    const trade = this.trades.get(form.get('out_trade_no') ?? '');
    if (!trade) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('unknown trade');
    const notification = this.pay(trade.out_trade_no);
    if (trade.notify_url) await this.deliver(notification, trade.notify_url).catch(() => undefined);
    const back: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.out_trade_no,
      method: 'alipay.trade.page.pay.return',
      total_amount: trade.total_amount,
      trade_no: trade.trade_no ?? '',
      auth_app_id: this.appId,
      version: '1.0',
      app_id: this.appId,
      sign_type: 'RSA2',
      seller_id: this.sellerId,
      timestamp: beijing(new Date()),
    };
    back.sign = rsa2(signContent(back, true), this.keys.alipay.privateKeyPem);
    const location = new URL(trade.return_url || this.url);
    for (const [k, v] of Object.entries(back)) location.searchParams.set(k, v);
    res.writeHead(303, { Location: location.toString() }).end();
  }

  private query(res: ServerResponse, biz: Record<string, string>): void {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const method = 'alipay.trade.query';
    if (!trade)
      return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    return this.answer(res, method, {
      code: '10000',
      msg: 'Success',
      buyer_logon_id: 'tes***@example.com',
      buyer_pay_amount: trade.trade_no ? trade.total_amount : '0.00',
      buyer_user_id: '2088102122524333',
      invoice_amount: trade.trade_no ? trade.total_amount : '0.00',
      out_trade_no: trade.out_trade_no,
      point_amount: '0.00',
      receipt_amount: trade.trade_no ? trade.total_amount : '0.00',
      ...(trade.gmt_payment && { send_pay_date: trade.gmt_payment }),
      total_amount: trade.total_amount,
      trade_no: trade.trade_no ?? `2026${digits(24)}`,
      trade_status: trade.trade_status,
    });
  }

  private refund(res: ServerResponse, biz: Record<string, string>): void {
    const method = 'alipay.trade.refund';
    const fail = (sub_code: string, sub_msg: string) =>
      this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code, sub_msg });
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (!trade.trade_no || trade.trade_status === 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (!/^\d+(\.\d{1,2})?$/.test(biz.refund_amount ?? '')) return fail('ACQ.INVALID_PARAMETER', '参数无效');
    const requestNo = biz.out_request_no ?? trade.out_trade_no;
    const repeated = trade.refunds.has(requestNo);
    const amount = toMinor(biz.refund_amount);
    const refunded = Array.from(trade.refunds.values()).reduce((a, b) => a + b, 0);
    if (!repeated && refunded + amount > toMinor(trade.total_amount)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    if (!repeated) trade.refunds.set(requestNo, amount);
    const total = refunded + (repeated ? 0 : amount);
    if (total === toMinor(trade.total_amount)) trade.trade_status = 'TRADE_CLOSED';
    return this.answer(res, method, {
      code: '10000',
      msg: 'Success',
      buyer_logon_id: 'tes***@example.com',
      buyer_user_id: '2088102122524333',
      fund_change: repeated ? 'N' : 'Y',
      gmt_refund_pay: beijing(new Date()),
      out_trade_no: trade.out_trade_no,
      refund_fee: toYuan(total),
      send_back_fee: toYuan(repeated ? 0 : amount),
      trade_no: trade.trade_no,
    });
  }
}

import { execFileSync } from 'node:child_process';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, type Loopback } from './loopback';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderConfig } from '@/lib/payments/providers/types';

/**
 * A stand-in for WeChat Pay API v3 on loopback, for unit and browser tests. Written from the
 * protocol with node:crypto only (no SDK, no test framework), so it checks the SDK rather than
 * agreeing with it: it verifies the merchant's WECHATPAY2-SHA256-RSA2048 Authorization, keeps
 * orders, answers Native create / query / refund in the real shapes signed with the platform key,
 * and builds (and delivers) encrypted, signed notifications. POST /standin/scan {code_url} plays
 * the payer's phone for browser tests.
 */

export type RsaPair = { privateKeyPem: string; publicKeyPem: string };

export type WechatKeys = {
  merchant: RsaPair;
  merchantSerialNo: string;
  platform: RsaPair;
  platformSerialNo: string;
  /** A self-signed X.509 certificate of the platform key (openssl), or its public key PEM without openssl. */
  platformCertificate: string;
  apiV3Key: string;
};

export type WechatOrder = {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  time_expire: string;
  notify_url: string;
  total: number;
  currency: string;
  code_url: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND';
  transaction_id: string | null;
  success_time: string | null;
  refunds: Map<string, Refund>;
};

/** A refund as WeChat Pay answers it. */
export type Refund = { refund_id: string; out_refund_no: string; amount: { refund: number } & Record<string, number | string> } & Record<
  string,
  unknown
>;

export type RecordedRequest = { method: string; path: string; body: string; json: unknown; signatureValid: boolean };
export type WechatNotification = { headers: Record<string, string>; body: string };
/** What a test may change in a notification: its fields, the key it is signed (or encrypted) with, or all of its body. */
export type NotificationOverrides = {
  eventType?: string;
  tradeState?: string;
  total?: number;
  currency?: string;
  mchid?: string;
  signingKey?: string; // sign with this private key instead of the platform's
  signature?: string; // send this signature instead of a computed one
  serial?: string;
  timestamp?: number;
  apiV3Key?: string; // encrypt the resource with this key instead of the API v3 key
  rawBody?: string; // sign and send this body as it is (an unreadable notification)
};

type Failure = { status: number; code: string; message: string };

export function rsaPair(): RsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** A self-signed certificate for the key, as WeChat's platform certificate is; Node cannot make one itself. */
function selfSigned(pair: RsaPair): { pem: string; serialNo: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wechat-standin-'));
  try {
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, pair.privateKeyPem);
    const serial = `0x4${hex(19).slice(1)}`;
    const args = ['req', '-x509', '-new', '-key', keyFile, '-subj', '/CN=Tenpay.com Root CA', '-days', '2', '-set_serial', serial];
    const pem = execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { pem, serialNo: new X509Certificate(pem).serialNumber.toUpperCase() };
  } catch {
    // No openssl: the SDK (and our provider) take a public key PEM the same way ("WeChat Pay public key" mode).
    return { pem: pair.publicKeyPem, serialNo: `PUB_KEY_ID_${digits(30)}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function makeWechatKeys(): WechatKeys {
  const platform = rsaPair();
  const certificate = selfSigned(platform);
  return {
    merchant: rsaPair(),
    merchantSerialNo: hex(20),
    platform,
    platformSerialNo: certificate.serialNo,
    platformCertificate: certificate.pem,
    apiV3Key: randomBytes(16).toString('hex'),
  };
}

/** RFC 3339 in China Standard Time, as WeChat Pay writes times. */
const beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
const sign = (text: string, key: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64');

/** The signature headers WeChat Pay puts on answers and notifications: sha256WithRSA over "timestamp\nnonce\nbody\n". */
function signedHeaders(body: string, key: string, serial: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const nonce = hex(16);
  return {
    'Wechatpay-Timestamp': String(timestamp),
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature': sign(`${timestamp}\n${nonce}\n${body}\n`, key),
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

function json(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export class WechatStandin {
  readonly orders = new Map<string, WechatOrder>();
  readonly requests: RecordedRequest[] = [];
  private failures: Failure[] = [];
  private corruptNext = false;

  private constructor(
    private readonly loopback: Loopback,
    /** Base URL, for WECHATPAY_API_BASE. */
    readonly url: string,
    readonly keys: WechatKeys,
    readonly mchid: string,
    readonly appid: string,
  ) {}

  static async start(options: { keys?: WechatKeys; mchid?: string; appid?: string } = {}): Promise<WechatStandin> {
    const loopback = await listenOnLoopback();
    const standin = new WechatStandin(
      loopback,
      loopback.origin,
      options.keys ?? makeWechatKeys(),
      options.mchid ?? '1900000109',
      options.appid ?? 'wxd678efh567hg6787',
    );
    loopback.server.on('request', (req, res) => {
      standin.handle(req, res).catch((error: unknown) => standin.send(res, 500, { code: 'SYSTEM_ERROR', message: String(error) }));
    });
    return standin;
  }

  /** The method configuration matching this stand-in's merchant. */
  providerConfig(): ProviderConfig {
    return {
      settings: {
        appId: this.appid,
        merchantId: this.mchid,
        merchantSerialNo: this.keys.merchantSerialNo,
        platformSerialNo: this.keys.platformSerialNo,
        platformCertificate: this.keys.platformCertificate,
      },
      secrets: { apiV3Key: this.keys.apiV3Key, privateKey: this.keys.merchant.privateKeyPem },
    };
  }

  /** The next API call is answered with this error, as WeChat Pay answers one. */
  failNext(status: number, code: string, message: string): void {
    this.failures.push({ status, code, message });
  }

  /** The next API answer carries a signature that does not match (a forged answer). */
  corruptNextAnswer(): void {
    this.corruptNext = true;
  }

  /** Marks an order paid (as the payer confirming in WeChat) and returns its notification. */
  pay(billNo: string): WechatNotification {
    const order = this.orders.get(billNo);
    if (!order) throw new Error(`no WeChat order ${billNo}`);
    if (order.trade_state === 'NOTPAY') {
      order.trade_state = 'SUCCESS';
      order.transaction_id = `4200${digits(24)}`;
      order.success_time = beijing(new Date());
    }
    return this.notification(billNo);
  }

  /** A TRANSACTION.SUCCESS notification of an order, correctly encrypted and signed unless overridden. */
  notification(billNo: string, overrides: NotificationOverrides = {}): WechatNotification {
    const order = this.orders.get(billNo);
    if (!order) throw new Error(`no WeChat order ${billNo}`);
    const body = overrides.rawBody ?? this.notificationBody(order, overrides);
    const headers = signedHeaders(
      body,
      overrides.signingKey ?? this.keys.platform.privateKeyPem,
      overrides.serial ?? this.keys.platformSerialNo,
      overrides.timestamp,
    );
    if (overrides.signature !== undefined) headers['Wechatpay-Signature'] = overrides.signature;
    return { headers: { 'Content-Type': 'application/json', ...headers }, body };
  }

  /** POSTs a notification as WeChat Pay does. */
  async deliver(notification: WechatNotification, url: string): Promise<Response> {
    return fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
  }

  close(): Promise<void> {
    return this.loopback.close();
  }

  private notificationBody(order: WechatOrder, o: NotificationOverrides): string {
    const transaction = {
      mchid: o.mchid ?? order.mchid,
      appid: order.appid,
      out_trade_no: order.out_trade_no,
      transaction_id: order.transaction_id ?? `4200${digits(24)}`,
      trade_type: 'NATIVE',
      trade_state: o.tradeState ?? (order.trade_state === 'NOTPAY' ? 'SUCCESS' : order.trade_state),
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: order.success_time ?? beijing(new Date()),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: o.total ?? order.total, payer_total: o.total ?? order.total, currency: o.currency ?? 'CNY', payer_currency: 'CNY' },
    };
    const nonce = hex(6);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(o.apiV3Key ?? this.keys.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return JSON.stringify({
      id: `EV-${digits(18)}`,
      create_time: beijing(new Date()),
      resource_type: 'encrypt-resource',
      event_type: o.eventType ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const url = new URL(path, this.url);
    if (method === 'POST' && url.pathname === '/standin/scan') return this.scan(body, res);
    const signatureValid = this.verifyAuthorization(method, path, body, req.headers.authorization);
    this.requests.push({ method, path, body, json: json(body), signatureValid });
    if (!signatureValid) return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const failure = this.failures.shift();
    if (failure) return this.send(res, failure.status, { code: failure.code, message: failure.message });
    const tradeNo = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
    if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') return this.createNative(json(body), res);
    if (method === 'GET' && tradeNo) return this.query(decodeURIComponent(tradeNo[1]), url.searchParams.get('mchid'), res);
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return this.refund(json(body), res);
    return this.send(res, 404, { code: 'NOT_FOUND', message: '无效请求' });
  }

  /** The Authorization header the merchant signed: mchid, serial, a fresh timestamp and a valid signature. */
  private verifyAuthorization(method: string, path: string, body: string, header: string | undefined): boolean {
    const match = header?.match(/^WECHATPAY2-SHA256-RSA2048 (.*)$/);
    if (!match) return false;
    const fields = Object.fromEntries(Array.from(match[1].matchAll(/(\w+)="([^"]*)"/g), (m) => [m[1], m[2]]));
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (mchid !== this.mchid || serial !== this.keys.merchantSerialNo || !nonce || !signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    const message = `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`;
    return createVerify('RSA-SHA256').update(message).verify(this.keys.merchant.publicKeyPem, signature, 'base64');
  }

  private send(res: ServerResponse, status: number, payload: unknown): void {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = signedHeaders(body, this.keys.platform.privateKeyPem, this.keys.platformSerialNo);
    if (this.corruptNext) {
      this.corruptNext = false;
      headers['Wechatpay-Signature'] = sign('forged', this.keys.platform.privateKeyPem);
    }
    res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Request-ID': hex(16) });
    res.end(body);
  }

  private createNative(input: unknown, res: ServerResponse): void {
    const b = (input ?? {}) as Record<string, unknown>;
    const amount = (b.amount ?? {}) as Record<string, unknown>;
    const valid =
      b.appid === this.appid &&
      b.mchid === this.mchid &&
      typeof b.description === 'string' &&
      typeof b.out_trade_no === 'string' &&
      /^[\w\-|*]{6,32}$/.test(b.out_trade_no) &&
      typeof b.notify_url === 'string' &&
      Number.isInteger(amount.total) &&
      (amount.total as number) > 0 &&
      (amount.currency ?? 'CNY') === 'CNY' &&
      (b.time_expire === undefined || (typeof b.time_expire === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(b.time_expire)));
    if (!valid) return this.send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    const existing = this.orders.get(b.out_trade_no as string);
    if (existing) {
      if (existing.trade_state === 'SUCCESS') return this.send(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      if (existing.total !== amount.total) return this.send(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
      return this.send(res, 200, { code_url: existing.code_url });
    }
    const order: WechatOrder = {
      appid: this.appid,
      mchid: this.mchid,
      description: b.description as string,
      out_trade_no: b.out_trade_no as string,
      time_expire: (b.time_expire as string | undefined) ?? '',
      notify_url: b.notify_url as string,
      total: amount.total as number,
      currency: 'CNY',
      code_url: `weixin://wxpay/bizpayurl?pr=${hex(5)}`,
      trade_state: 'NOTPAY',
      transaction_id: null,
      success_time: null,
      refunds: new Map(),
    };
    this.orders.set(order.out_trade_no, order);
    return this.send(res, 200, { code_url: order.code_url });
  }

  private query(billNo: string, mchid: string | null, res: ServerResponse): void {
    if (mchid !== this.mchid) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid与请求商户号不一致' });
    const order = this.orders.get(billNo);
    if (!order) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    const paid = order.transaction_id !== null;
    return this.send(res, 200, {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.out_trade_no,
      trade_state: order.trade_state,
      trade_state_desc: order.trade_state === 'SUCCESS' ? '支付成功' : '订单未支付',
      ...(paid && {
        transaction_id: order.transaction_id,
        trade_type: 'NATIVE',
        bank_type: 'OTHERS',
        attach: '',
        success_time: order.success_time,
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: order.total, payer_total: order.total, currency: order.currency, payer_currency: order.currency },
      }),
    });
  }

  private refund(input: unknown, res: ServerResponse): void {
    const b = (input ?? {}) as Record<string, unknown>;
    const amount = (b.amount ?? {}) as Record<string, unknown>;
    const order = this.orders.get(b.out_trade_no as string);
    if (!order || !order.transaction_id) return this.send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    if (typeof b.out_refund_no !== 'string' || !Number.isInteger(amount.refund) || (amount.refund as number) <= 0) {
      return this.send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    const earlier = order.refunds.get(b.out_refund_no);
    if (earlier) return this.send(res, 200, earlier);
    if (amount.total !== order.total || amount.currency !== order.currency) {
      return this.send(res, 400, { code: 'PARAM_ERROR', message: '订单金额或币种不一致' });
    }
    const refunded = Array.from(order.refunds.values()).reduce((sum, r) => sum + r.amount.refund, 0);
    if (refunded + (amount.refund as number) > order.total) {
      return this.send(res, 400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
    }
    const [total, back] = [order.total, amount.refund as number];
    const refund: Refund = {
      refund_id: `50000${digits(24)}`,
      out_refund_no: b.out_refund_no,
      transaction_id: order.transaction_id,
      out_trade_no: order.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: beijing(new Date()),
      status: 'PROCESSING',
      funds_account: 'AVAILABLE',
      // prettier-ignore
      amount: { total, refund: back, payer_total: total, payer_refund: back, settlement_total: total, settlement_refund: back, discount_refund: 0, currency: 'CNY' },
    };
    order.refunds.set(b.out_refund_no, refund);
    order.trade_state = 'REFUND';
    return this.send(res, 200, refund);
  }

  /** The payer's phone scanned a code: pays the order and delivers the notification to its notify_url. */
  private async scan(body: string, res: ServerResponse): Promise<void> {
    const codeUrl = (json(body) as { code_url?: unknown } | undefined)?.code_url;
    const order = Array.from(this.orders.values()).find((o) => o.code_url === codeUrl);
    if (!order) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"unknown code_url"}');
      return;
    }
    const delivered = await this.deliver(this.pay(order.out_trade_no), order.notify_url).then(
      (r) => r.status,
      () => 0,
    );
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ paid: order.out_trade_no, delivered }));
  }
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWechatKeys, rsaPair, WechatStandin, type WechatNotification } from '@/testing/standins/wechat';
import { ProviderError, type BillRef, type StartInput } from './types';
import { beijingRfc3339, wechatProvider } from './wechat';

/**
 * The WeChat Pay provider through the real SDK (wechatpay-axios-plugin) against the loopback
 * stand-in, which verifies request signatures and signs its answers like WeChat Pay API v3.
 */

let standin: WechatStandin;
let bill = 0;

beforeAll(async () => {
  standin = await WechatStandin.start();
  process.env.WECHATPAY_API_BASE = standin.url;
});

afterAll(async () => {
  delete process.env.WECHATPAY_API_BASE;
  await standin.close();
});

const config = () => standin.providerConfig();
const notifyUrl = 'https://conf.example.org/api/conference/pay/notify/weChat';

function input(overrides: Partial<StartInput> = {}): StartInput {
  bill += 1;
  return {
    billNo: `WXB${Date.now()}${bill}`,
    amountMinor: 1230,
    currency: 'CNY',
    description: '2026 年会注册费 Registration',
    locale: 'zh',
    payerEmail: 'payer@example.org',
    returnUrl: 'https://conf.example.org/pay/result',
    cancelUrl: 'https://conf.example.org/pay',
    notifyUrl,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

const ref = (start: StartInput): BillRef => ({
  billNo: start.billNo,
  providerRef: null,
  providerTxnId: null,
  amountMinor: start.amountMinor,
  currency: start.currency,
});

function incoming(n: WechatNotification) {
  return { headers: new Headers(n.headers), body: new TextEncoder().encode(n.body), url: new URL(notifyUrl) };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return (error as ProviderError).reason;
  }
  throw new Error('expected a ProviderError');
}

/** Starts a bill at the stand-in and returns its input. */
async function started(overrides: Partial<StartInput> = {}): Promise<StartInput> {
  const start = input(overrides);
  await wechatProvider.start(config(), start);
  return start;
}

describe('wechatProvider.start', () => {
  it('creates a Native order with a signed request and returns its code_url as a QR', async () => {
    const start = input();
    const result = await wechatProvider.start(config(), start);
    const request = standin.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/pay/transactions/native');
    expect(request.signatureValid).toBe(true);
    expect(request.json).toEqual({
      appid: standin.appid,
      mchid: standin.mchid,
      description: start.description,
      out_trade_no: start.billNo,
      time_expire: beijingRfc3339(start.expiresAt),
      notify_url: notifyUrl,
      amount: { total: 1230, currency: 'CNY' },
    });
    expect(result).toEqual({ providerRef: null, next: { type: 'qr', content: standin.orders.get(start.billNo)!.code_url } });
  });

  it('writes time_expire in China Standard Time', () => {
    expect(beijingRfc3339(new Date('2026-05-01T02:00:00Z'))).toBe('2026-05-01T10:00:00+08:00');
    expect(beijingRfc3339(new Date('2026-05-01T20:30:15.999Z'))).toBe('2026-05-02T04:30:15+08:00');
  });

  it('refuses a currency other than CNY without calling WeChat Pay', async () => {
    const before = standin.requests.length;
    expect(await reason(wechatProvider.start(config(), input({ currency: 'USD' })))).toBe('refused');
    expect(standin.requests.length).toBe(before);
  });

  it('is refused when WeChat Pay answers an error', async () => {
    standin.failNext(403, 'NO_AUTH', '商户无权限');
    expect(await reason(wechatProvider.start(config(), input()))).toBe('refused');
  });

  it('is refused when the merchant key is not the registered one (WeChat Pay answers SIGN_ERROR)', async () => {
    const wrong = { ...config(), secrets: { ...config().secrets, privateKey: rsaPair().privateKeyPem } };
    expect(await reason(wechatProvider.start(wrong, input()))).toBe('refused');
    expect(standin.requests.at(-1)!.signatureValid).toBe(false);
  });

  it('rejects an answer whose signature does not verify', async () => {
    standin.corruptNextAnswer();
    expect(await reason(wechatProvider.start(config(), input()))).toBe('signature');
  });

  it('treats a 5xx as unreachable, and so a closed port', async () => {
    standin.failNext(500, 'SYSTEM_ERROR', '系统错误');
    expect(await reason(wechatProvider.start(config(), input()))).toBe('unreachable');
    process.env.WECHATPAY_API_BASE = 'http://127.0.0.1:1';
    try {
      expect(await reason(wechatProvider.start(config(), input()))).toBe('unreachable');
    } finally {
      process.env.WECHATPAY_API_BASE = standin.url;
    }
  });
});

describe('wechatProvider.verifyNotification', () => {
  it('accepts the signed notification of a payment and reads the event', async () => {
    const start = await started();
    const notification = standin.pay(start.billNo);
    const result = await wechatProvider.verifyNotification(config(), incoming(notification));
    expect(result.event).toEqual({
      billNo: start.billNo,
      providerTxnId: standin.orders.get(start.billNo)!.transaction_id,
      amountMinor: 1230,
      currency: 'CNY',
      outcome: 'paid',
    });
    expect(result.ack).toEqual({ status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' });
  });

  it('reports the amount and currency as notified, for the caller to compare', async () => {
    const start = await started();
    standin.pay(start.billNo);
    const result = await wechatProvider.verifyNotification(
      config(),
      incoming(standin.notification(start.billNo, { total: 1, currency: 'usd' })),
    );
    expect(result.event).toMatchObject({ amountMinor: 1, currency: 'USD', outcome: 'paid' });
  });

  it('refuses forged, foreign-key, tampered, stale and wrong-serial notifications', async () => {
    const start = await started();
    standin.pay(start.billNo);
    const other = rsaPair().privateKeyPem;
    const good = standin.notification(start.billNo);
    const cases: WechatNotification[] = [
      standin.notification(start.billNo, { signature: 'Zm9yZ2Vk' }),
      standin.notification(start.billNo, { signingKey: other }),
      { ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') },
      standin.notification(start.billNo, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      standin.notification(start.billNo, { serial: 'ABCDEF' }),
      standin.notification(start.billNo, { apiV3Key: 'x'.repeat(32) }),
      standin.notification(start.billNo, { mchid: '1230000109' }),
      { headers: { 'Content-Type': 'application/json' }, body: good.body },
    ];
    for (const notification of cases) {
      expect(await reason(wechatProvider.verifyNotification(config(), incoming(notification)))).toBe('signature');
    }
  });

  it('refuses a signed but unreadable body as malformed', async () => {
    const start = await started();
    for (const rawBody of ['not json', '{"event_type":"TRANSACTION.SUCCESS"}']) {
      const notification = standin.notification(start.billNo, { rawBody });
      expect(await reason(wechatProvider.verifyNotification(config(), incoming(notification)))).toBe('malformed');
    }
  });

  it('acknowledges other events without acting', async () => {
    const start = await started();
    standin.pay(start.billNo);
    const result = await wechatProvider.verifyNotification(
      config(),
      incoming(standin.notification(start.billNo, { eventType: 'REFUND.SUCCESS' })),
    );
    expect(result.event).toBeNull();
    expect(result.ack.status).toBe(200);
  });
});

describe('wechatProvider.query', () => {
  it('is null before payment (and for an unknown order), paid after', async () => {
    const start = await started();
    expect(await wechatProvider.query(config(), ref(start))).toBeNull();
    expect(await wechatProvider.query(config(), { ...ref(start), billNo: 'WXUNKNOWN01' })).toBeNull();
    standin.pay(start.billNo);
    expect(await wechatProvider.query(config(), ref(start))).toEqual({
      billNo: start.billNo,
      providerTxnId: standin.orders.get(start.billNo)!.transaction_id,
      amountMinor: 1230,
      currency: 'CNY',
      outcome: 'paid',
    });
    const request = standin.requests.at(-1)!;
    expect(request.path).toBe(`/v3/pay/transactions/out-trade-no/${start.billNo}?mchid=${standin.mchid}`);
    expect(request.signatureValid).toBe(true);
  });

  it('reports a closed order as failed', async () => {
    const start = await started();
    standin.orders.get(start.billNo)!.trade_state = 'CLOSED';
    expect(await wechatProvider.query(config(), ref(start))).toMatchObject({ billNo: start.billNo, outcome: 'failed', amountMinor: 1230 });
  });
});

describe('wechatProvider.refund', () => {
  it('refunds partly, then the rest, and refuses more', async () => {
    const start = await started();
    standin.pay(start.billNo);
    const partial = await wechatProvider.refund(config(), ref(start), 230, `${start.billNo}R1`);
    expect(partial.refundId).toMatch(/^50000\d+$/);
    expect(standin.requests.at(-1)!.json).toEqual({
      out_trade_no: start.billNo,
      out_refund_no: `${start.billNo}R1`,
      amount: { refund: 230, total: 1230, currency: 'CNY' },
    });
    const rest = await wechatProvider.refund(config(), ref(start), 1000, `${start.billNo}R2`);
    expect(rest.refundId).not.toBe(partial.refundId);
    expect(await reason(wechatProvider.refund(config(), ref(start), 1, `${start.billNo}R3`))).toBe('refused');
    expect(await wechatProvider.query(config(), ref(start))).toMatchObject({ outcome: 'paid' });
  });

  it('refunds in full, and the same refund number again is the same refund', async () => {
    const start = await started();
    standin.pay(start.billNo);
    const full = await wechatProvider.refund(config(), ref(start), 1230, `${start.billNo}F`);
    expect(await wechatProvider.refund(config(), ref(start), 1230, `${start.billNo}F`)).toEqual(full);
  });

  it('is refused for an unpaid order and for amounts beyond the bill', async () => {
    const start = await started();
    expect(await reason(wechatProvider.refund(config(), ref(start), 100, `${start.billNo}X`))).toBe('refused');
    expect(await reason(wechatProvider.refund(config(), ref(start), 2000, `${start.billNo}Y`))).toBe('refused');
  });
});

describe('the stand-in scan endpoint', () => {
  it('pays the order of a code_url and delivers its notification to notify_url', async () => {
    const received: WechatNotification[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
      const start = input({ notifyUrl: url });
      const result = await wechatProvider.start(config(), start);
      const code = result.next.type === 'qr' ? result.next.content : '';
      const scan = await fetch(`${standin.url}/standin/scan`, { method: 'POST', body: JSON.stringify({ code_url: code }) });
      expect(await scan.json()).toEqual({ paid: start.billNo, delivered: 200 });
      expect(received).toHaveLength(1);
      const verified = await wechatProvider.verifyNotification(config(), incoming(received[0]));
      expect(verified.event).toMatchObject({ billNo: start.billNo, outcome: 'paid', amountMinor: 1230 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the stand-in keys', () => {
  it('makes an X.509 platform certificate whose serial is the platform serial', async () => {
    const keys = makeWechatKeys();
    const { X509Certificate } = await import('node:crypto');
    expect(new X509Certificate(keys.platformCertificate).serialNumber.toUpperCase()).toBe(keys.platformSerialNo);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayStandin, rsaPair, type AlipayNotification } from '@/testing/standins/alipay';
import { alipayProvider, beijingTime, minorUnits, yuan } from './alipay';
import { ProviderError, type BillRef, type StartInput } from './types';

/**
 * The Alipay provider through the real SDK (alipay-sdk) against the loopback stand-in, which
 * verifies the RSA2 sign of every request and signs its answers and notifications like Alipay.
 */

let standin: AlipayStandin;
let bill = 0;

beforeAll(async () => {
  standin = await AlipayStandin.start();
  process.env.ALIPAY_GATEWAY = standin.gateway;
});

afterAll(async () => {
  delete process.env.ALIPAY_GATEWAY;
  await standin.close();
});

const config = () => standin.providerConfig();
const notifyUrl = 'https://conf.example.org/api/conference/pay/notify/aliPay';

function input(overrides: Partial<StartInput> = {}): StartInput {
  bill += 1;
  return {
    billNo: `ALB${Date.now()}${bill}`,
    amountMinor: 1230,
    currency: 'CNY',
    description: '2026 年会注册费 / Registration & dinner',
    locale: 'zh',
    payerEmail: 'payer@example.org',
    returnUrl: 'https://conf.example.org/pay/result?bill=1',
    cancelUrl: 'https://conf.example.org/pay',
    notifyUrl,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    clientIp: null,
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

function incoming(n: { headers: Record<string, string>; body: string }) {
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

/** Starts a bill and opens its page-pay URL (as the payer's browser), so the stand-in has the trade. */
async function opened(overrides: Partial<StartInput> = {}): Promise<{ start: StartInput; url: string; page: Response }> {
  const start = input(overrides);
  const result = await alipayProvider.start(config(), start);
  const url = result.next.type === 'redirect' ? result.next.url : '';
  return { start, url, page: await fetch(url) };
}

describe('money and time', () => {
  it('writes and reads yuan strings by integer arithmetic', () => {
    expect([0, 5, 10, 1230, 100000, 1999999999].map(yuan)).toEqual(['0.00', '0.05', '0.10', '12.30', '1000.00', '19999999.99']);
    expect(['12.30', '12.3', '12', '0.01', '0.1', '19999999.99'].map(minorUnits)).toEqual([1230, 1230, 1200, 1, 10, 1999999999]);
    for (const bad of ['', '1.234', '-1.00', '1e3', '1,00', ' 1.00', '.5']) expect(minorUnits(bad)).toBeNull();
  });

  it('writes times in China Standard Time', () => {
    expect(beijingTime(new Date('2026-05-01T20:30:15Z'))).toBe('2026-05-02 04:30:15');
  });
});

describe('alipayProvider.start', () => {
  it('signs a page-pay URL on the gateway that the stand-in accepts', async () => {
    const { start, url, page } = await opened();
    expect(url.startsWith(`${standin.gateway}?`)).toBe(true);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const request = standin.requests.at(-1)!;
    expect(request.signatureValid).toBe(true);
    expect(request.method).toBe('alipay.trade.page.pay');
    expect(request.params).toMatchObject({ app_id: standin.appId, sign_type: 'RSA2', return_url: start.returnUrl, notify_url: notifyUrl });
    expect(request.bizContent).toEqual({
      out_trade_no: start.billNo,
      total_amount: '12.30',
      subject: '2026 年会注册费   Registration   dinner',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: beijingTime(start.expiresAt),
    });
  });

  it('refuses a currency other than CNY, and no amount', async () => {
    expect(await reason(alipayProvider.start(config(), input({ currency: 'USD' })))).toBe('refused');
    expect(await reason(alipayProvider.start(config(), input({ amountMinor: 0 })))).toBe('refused');
  });

  it('makes a URL the gateway refuses when signed with another key', async () => {
    const wrong = { ...config(), secrets: { privateKey: rsaPair().privateKeyPem } };
    const result = await alipayProvider.start(wrong, input());
    const page = await fetch(result.next.type === 'redirect' ? result.next.url : '');
    expect(page.status).toBe(400);
    expect(standin.requests.at(-1)!.signatureValid).toBe(false);
  });

  it('takes keys as bare base64 too, as Alipay’s console shows them', async () => {
    const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const { settings, secrets } = config();
    const plain = {
      settings: { ...settings, alipayPublicKey: bare(settings.alipayPublicKey) },
      secrets: { privateKey: bare(secrets.privateKey) },
    };
    const result = await alipayProvider.start(plain, input());
    expect((await fetch(result.next.type === 'redirect' ? result.next.url : '')).status).toBe(200);
  });
});

describe('alipayProvider.verifyNotification', () => {
  it('accepts the signed notification of a payment and reads the event', async () => {
    const { start } = await opened();
    const notification = standin.pay(start.billNo);
    const result = await alipayProvider.verifyNotification(config(), incoming(notification));
    expect(result.event).toEqual({
      billNo: start.billNo,
      providerTxnId: standin.trades.get(start.billNo)!.trade_no,
      amountMinor: 1230,
      currency: 'CNY',
      outcome: 'paid',
    });
    expect(result.ack).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
  });

  it('reports the amount and currency as notified, for the caller to compare', async () => {
    const { start } = await opened();
    standin.pay(start.billNo);
    const n = standin.notification(start.billNo, { fields: { total_amount: '0.01', trans_currency: 'USD' } });
    expect((await alipayProvider.verifyNotification(config(), incoming(n))).event).toMatchObject({ amountMinor: 1, currency: 'USD' });
    const finished = standin.notification(start.billNo, { fields: { trade_status: 'TRADE_FINISHED' } });
    expect((await alipayProvider.verifyNotification(config(), incoming(finished))).event).toMatchObject({ outcome: 'paid' });
  });

  it('reports a closed unpaid trade as failed, and a refund notice as nothing', async () => {
    const { start } = await opened();
    const closed = standin.notification(start.billNo, { fields: { trade_status: 'TRADE_CLOSED' } });
    expect((await alipayProvider.verifyNotification(config(), incoming(closed))).event).toMatchObject({
      outcome: 'failed',
      billNo: start.billNo,
    });
    standin.pay(start.billNo);
    const refunded = standin.notification(start.billNo, {
      fields: { trade_status: 'TRADE_CLOSED', gmt_refund: '2026-05-01 10:00:00.000', refund_fee: '12.30' },
    });
    expect((await alipayProvider.verifyNotification(config(), incoming(refunded))).event).toBeNull();
  });

  it('refuses forged, foreign-key, tampered, unsigned and other-app notifications', async () => {
    const { start } = await opened();
    const good = standin.pay(start.billNo);
    const cases: AlipayNotification[] = [
      standin.notification(start.billNo, { sign: Buffer.from('forged').toString('base64') }),
      standin.notification(start.billNo, { signingKey: rsaPair().privateKeyPem }),
      { ...good, body: good.body.replace('total_amount=12.30', 'total_amount=0.01') },
      { ...good, body: good.body.replace(/&sign=[^&]*/, '') },
      standin.notification(start.billNo, { fields: { app_id: '2021999999999999' } }),
      standin.notification(start.billNo, { fields: { sign_type: 'RSA' } }),
    ];
    expect(cases[2].body).not.toBe(good.body);
    for (const n of cases) expect(await reason(alipayProvider.verifyNotification(config(), incoming(n)))).toBe('signature');
  });

  it('refuses a signed but unreadable notification as malformed', async () => {
    const { start } = await opened();
    standin.pay(start.billNo);
    const badAmount = standin.notification(start.billNo, { fields: { total_amount: '12.3.0' } });
    const noTrade = standin.notification(start.billNo, { fields: { trade_no: undefined } });
    const json = { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(badAmount.params) };
    for (const n of [badAmount, noTrade, json])
      expect(await reason(alipayProvider.verifyNotification(config(), incoming(n)))).toBe('malformed');
  });
});

describe('alipayProvider.query', () => {
  it('is null before the page is opened and before payment, paid after', async () => {
    const start = input();
    expect(await alipayProvider.query(config(), ref(start))).toBeNull();
    const started = await alipayProvider.start(config(), start);
    await fetch(started.next.type === 'redirect' ? started.next.url : '');
    expect(await alipayProvider.query(config(), ref(start))).toBeNull();
    standin.pay(start.billNo);
    expect(await alipayProvider.query(config(), ref(start))).toEqual({
      billNo: start.billNo,
      providerTxnId: standin.trades.get(start.billNo)!.trade_no,
      amountMinor: 1230,
      currency: 'CNY',
      outcome: 'paid',
    });
    const request = standin.requests.at(-1)!;
    expect(request).toMatchObject({
      httpMethod: 'POST',
      method: 'alipay.trade.query',
      signatureValid: true,
      bizContent: { out_trade_no: start.billNo },
    });
  });

  it('reports a closed unpaid trade as failed', async () => {
    const { start } = await opened();
    standin.trades.get(start.billNo)!.trade_status = 'TRADE_CLOSED';
    expect(await alipayProvider.query(config(), ref(start))).toMatchObject({ outcome: 'failed', amountMinor: 1230 });
  });

  it('rejects an answer whose sign does not verify, and is refused on business errors', async () => {
    const { start } = await opened();
    standin.corruptNextAnswer();
    expect(await reason(alipayProvider.query(config(), ref(start)))).toBe('signature');
    standin.failNext({
      code: '40006',
      msg: 'Insufficient Permissions',
      sub_code: 'isv.insufficient-isv-permissions',
      sub_msg: 'ISV权限不足',
    });
    expect(await reason(alipayProvider.query(config(), ref(start)))).toBe('refused');
    standin.failNext({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' });
    expect(await reason(alipayProvider.query(config(), ref(start)))).toBe('unreachable');
  });

  it('is refused when signed with a key Alipay does not know, unreachable on a closed port', async () => {
    const { start } = await opened();
    const wrong = { ...config(), secrets: { privateKey: rsaPair().privateKeyPem } };
    expect(await reason(alipayProvider.query(wrong, ref(start)))).toBe('refused');
    process.env.ALIPAY_GATEWAY = 'http://127.0.0.1:1/gateway.do';
    try {
      expect(await reason(alipayProvider.query(config(), ref(start)))).toBe('unreachable');
    } finally {
      process.env.ALIPAY_GATEWAY = standin.gateway;
    }
  });
});

describe('alipayProvider.refund', () => {
  it('refunds partly, then the rest, and refuses more; a full refund leaves the bill paid', async () => {
    const { start } = await opened();
    standin.pay(start.billNo);
    expect(await alipayProvider.refund(config(), ref(start), 230, `${start.billNo}R1`)).toEqual({ refundId: `${start.billNo}R1` });
    expect(standin.requests.at(-1)!).toMatchObject({
      method: 'alipay.trade.refund',
      signatureValid: true,
      bizContent: { out_trade_no: start.billNo, refund_amount: '2.30', out_request_no: `${start.billNo}R1` },
    });
    await alipayProvider.refund(config(), ref(start), 1000, `${start.billNo}R2`);
    expect(standin.trades.get(start.billNo)!.trade_status).toBe('TRADE_CLOSED');
    expect(await reason(alipayProvider.refund(config(), ref(start), 1, `${start.billNo}R3`))).toBe('refused');
    expect(await alipayProvider.query(config(), ref(start))).toMatchObject({ outcome: 'paid' });
  });

  it('refunds in full at once, idempotently by refund number', async () => {
    const { start } = await opened();
    standin.pay(start.billNo);
    await alipayProvider.refund(config(), ref(start), 1230, `${start.billNo}F`);
    expect(await alipayProvider.refund(config(), ref(start), 1230, `${start.billNo}F`)).toEqual({ refundId: `${start.billNo}F` });
  });

  it('is refused for an unpaid trade and for amounts beyond the bill', async () => {
    const { start } = await opened();
    expect(await reason(alipayProvider.refund(config(), ref(start), 100, `${start.billNo}X`))).toBe('refused');
    expect(await reason(alipayProvider.refund(config(), ref(start), 2000, `${start.billNo}Y`))).toBe('refused');
  });
});

describe('the stand-in cashier page', () => {
  it('pays on the Pay button, notifies notify_url, and 303s back to return_url', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('success');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { start, page } = await opened({ notifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify` });
      const action = /<form method="post" action="([^"]+)">/.exec(await page.text())![1];
      const form = new URLSearchParams({ out_trade_no: start.billNo });
      const back = await fetch(new URL(action, standin.url), { method: 'POST', body: form, redirect: 'manual' });
      expect(back.status).toBe(303);
      const location = new URL(back.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('https://conf.example.org/pay/result');
      expect(location.searchParams.get('bill')).toBe('1');
      expect(location.searchParams.get('out_trade_no')).toBe(start.billNo);
      expect(received).toHaveLength(1);
      const verified = await alipayProvider.verifyNotification(config(), incoming(received[0]));
      expect(verified.event).toMatchObject({ billNo: start.billNo, outcome: 'paid', amountMinor: 1230 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

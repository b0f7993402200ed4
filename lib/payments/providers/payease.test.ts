import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayEaseStandin, type PayEaseStandin } from '@/testing/standins/payease';
import { payeaseHmac, payeaseProvider } from './payease';
import { ProviderError, type BillRef, type ProviderConfig, type StartInput, type VerifiedEvent } from './types';

const MID = '12345';
const KEY = 'test-md5-key';
const config: ProviderConfig = {
  settings: { merchantId: MID, terminalNo: 'T0001', payEaseCertificate: '' },
  secrets: { password: KEY, certificate: '', certificatePassword: '' },
};
const RESULT = 'https://conf.example/zh/profile/order/pay/goto/result/9';

let standin: PayEaseStandin;
let receiver: Server;
let receiverUrl = '';
const received: { event: VerifiedEvent | null; error: string | null }[] = [];
const saved = { gateway: process.env.PAYEASE_GATEWAY, query: process.env.PAYEASE_QUERY_URL };
let serial = 0;

/** Our side of the notification: what the notify route does with the provider, on loopback. */
function startReceiver(): Promise<void> {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
    try {
      const verified = await payeaseProvider.verifyNotification(config, {
        headers,
        body: Buffer.concat(chunks),
        url: new URL(req.url!, receiverUrl),
      });
      received.push({ event: verified.event, error: null });
      res.writeHead(verified.ack.status, { 'content-type': verified.ack.contentType }).end(verified.ack.body);
    } catch (error) {
      received.push({ event: null, error: error instanceof ProviderError ? error.reason : String(error) });
      res.writeHead(400).end('error');
    }
  });
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  await startReceiver();
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/conference/pay/notify/payEase`;
  standin = await startPayEaseStandin({ merchantId: MID, key: KEY, notifyUrl: receiverUrl });
  process.env.PAYEASE_GATEWAY = standin.gatewayUrl;
  delete process.env.PAYEASE_QUERY_URL;
});

afterAll(async () => {
  for (const [name, value] of [
    ['PAYEASE_GATEWAY', saved.gateway],
    ['PAYEASE_QUERY_URL', saved.query],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await standin.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function input(overrides: Partial<StartInput> = {}): StartInput {
  serial += 1;
  return {
    billNo: `P2025${String(serial).padStart(4, '0')}`,
    amountMinor: 12345,
    currency: 'CNY',
    description: '注册费 Registration fee',
    locale: 'zh',
    payerEmail: 'li@example.com',
    returnUrl: RESULT,
    cancelUrl: `${RESULT}?cancelled=1`,
    notifyUrl: receiverUrl,
    expiresAt: new Date(Date.now() + 3_600_000),
    clientIp: '203.0.113.9',
    ...overrides,
  };
}

/** Starts a bill and opens its payment page, as the payer's browser does. */
async function opened(overrides: Partial<StartInput> = {}) {
  const bill = input(overrides);
  const result = await payeaseProvider.start(config, bill);
  const url = new URL((result.next as { url: string }).url);
  const page = await fetch(url);
  const ref: BillRef = {
    billNo: bill.billNo,
    providerRef: result.providerRef,
    providerTxnId: null,
    amountMinor: bill.amountMinor,
    currency: bill.currency,
  };
  return { bill, result, url, page, html: await page.text(), ref, oid: result.providerRef! };
}

const body = (text: string) => ({
  headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded' }),
  body: Buffer.from(text),
  url: new URL(receiverUrl),
});

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).reason;
}

describe('payeaseProvider.start', () => {
  it('sends the payer to the gateway with an order PayEase accepts', async () => {
    const { bill, url, page, html, oid } = await opened();
    expect(page.status).toBe(200);
    expect(html).toContain('Pay');
    expect(`${url.origin}${url.pathname}`).toBe(standin.gatewayUrl);
    expect(oid).toMatch(new RegExp(`^\\d{8}-${MID}-${bill.billNo}$`));
    expect(standin.orders.get(oid)?.fields).toMatchObject({
      v_mid: MID,
      v_oid: oid,
      v_rcvname: 'T0001',
      v_amount: '123.45',
      v_moneytype: '0',
      v_url: RESULT,
      v_ymd: oid.slice(0, 8),
    });
  });

  it('sends foreign currencies to the foreign-card page with their PayEase codes', async () => {
    const usd = await opened({ currency: 'USD', amountMinor: 5 });
    expect(usd.url.pathname).toBe('/prs/e_user_payment.checkit');
    expect(usd.page.status).toBe(200);
    expect(standin.orders.get(usd.oid)?.fields).toMatchObject({ v_amount: '0.05', v_moneytype: '1' });
    const jpy = await opened({ currency: 'JPY', amountMinor: 1200 });
    expect(standin.orders.get(jpy.oid)?.fields).toMatchObject({ v_amount: '1200.00', v_moneytype: '4' });
  });

  it('refuses a currency PayEase does not take and a merchant without a key', async () => {
    expect(await reason(payeaseProvider.start(config, input({ currency: 'HKD' })))).toBe('refused');
    expect(await reason(payeaseProvider.start({ ...config, secrets: {} }, input()))).toBe('refused');
  });

  it('is refused by the gateway when signed with another key', async () => {
    const result = await payeaseProvider.start({ ...config, secrets: { password: 'wrong' } }, input());
    expect((await fetch((result.next as { url: string }).url)).status).toBe(400);
  });
});

describe('paying at PayEase', () => {
  it('notifies us (we answer "sent") and sends the browser back to v_url', async () => {
    const { bill, oid } = await opened({ amountMinor: 88800 });
    const before = received.length;
    const paid = await fetch(new URL('/prs/pay', standin.gatewayUrl), {
      method: 'POST',
      body: new URLSearchParams({ v_oid: oid, outcome: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RESULT);
    expect(back.searchParams.get('v_pstatus')).toBe('20');
    const event = { billNo: bill.billNo, providerTxnId: oid, amountMinor: 88800, currency: 'CNY', outcome: 'paid' };
    expect(received.slice(before)).toEqual([{ event, error: null }]);
    expect(standin.deliveries.at(-1)).toMatchObject({ url: receiverUrl, status: 200, answer: 'sent' });
    // The browser return is signed too (v_md5info + v_md5money) and reads the same.
    const returned = await payeaseProvider.verifyNotification(config, body(back.searchParams.toString()));
    expect(returned).toEqual({ event, ack: { status: 200, contentType: 'text/plain', body: 'sent' } });
  });

  it('reads a declined payment as failed', async () => {
    const { bill, oid } = await opened();
    await standin.pay(oid, 'failed');
    expect(received.at(-1)?.event).toMatchObject({ billNo: bill.billNo, outcome: 'failed', amountMinor: 12345 });
    const returned = await payeaseProvider.verifyNotification(config, body(new URLSearchParams(standin.returnFields(oid)).toString()));
    expect(returned.event).toMatchObject({ outcome: 'failed' });
  });
});

describe('payeaseProvider.verifyNotification', () => {
  it('refuses a wrong key, a tampered amount and a missing signature', async () => {
    const { oid } = await opened();
    expect(await reason(payeaseProvider.verifyNotification(config, body(standin.forged(oid))))).toBe('signature');
    expect(await reason(payeaseProvider.verifyNotification(config, body(standin.tampered(oid))))).toBe('signature');
    const unsigned = new URLSearchParams(standin.notification(oid));
    unsigned.delete('v_mac');
    expect(await reason(payeaseProvider.verifyNotification(config, body(unsigned.toString())))).toBe('signature');
    const signedForOtherAmount = standin.notification(oid, { amount: '0.01' });
    await expect(payeaseProvider.verifyNotification(config, body(signedForOtherAmount))).resolves.toMatchObject({
      event: { amountMinor: 1 },
    });
  });

  it('refuses an unreadable body as malformed', async () => {
    for (const text of ['', '{"v_oid":"x"}', 'v_oid=%zz&v_pstatus=1', 'v_oid=a&v_oid=b']) {
      expect(await reason(payeaseProvider.verifyNotification(config, body(text)))).toBe('malformed');
    }
  });

  it('checks the signature over the bytes as sent (GBK text) and the URL-encoded variant', async () => {
    const { bill, oid } = await opened();
    const gbkPaid = Buffer.from('d6a7b8b6cdeab3c9', 'hex'); // 支付完成 in GBK
    const pmode = Buffer.from('cmb');
    const mac = payeaseHmac(KEY, Buffer.concat([Buffer.from(oid), pmode, Buffer.from('1'), gbkPaid, Buffer.from('1')]));
    const money = payeaseHmac(KEY, '123.450');
    const percent = [...gbkPaid].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    const gbk = `v_oid=${oid}&v_pmode=cmb&v_pstatus=1&v_pstring=${percent}&v_count=1&v_amount=123.45&v_moneytype=0&v_mac=${mac}&v_md5money=${money}`;
    await expect(payeaseProvider.verifyNotification(config, body(gbk))).resolves.toMatchObject({
      event: { billNo: bill.billNo, outcome: 'paid' },
    });
    const encodedMac = payeaseHmac(KEY, `${oid}cmb1${percent}1`);
    const encoded = gbk.replace(`v_mac=${mac}`, `v_mac=${encodedMac.toUpperCase()}`);
    await expect(payeaseProvider.verifyNotification(config, body(encoded))).resolves.toMatchObject({ event: { outcome: 'paid' } });
  });

  it('takes a pending result without acting on it and refuses batches and other merchants', async () => {
    const { oid } = await opened();
    const sign = (fields: Record<string, string>) => {
      const mac = payeaseHmac(KEY, fields.v_oid + fields.v_pmode + fields.v_pstatus + fields.v_pstring + fields.v_count);
      return new URLSearchParams({ ...fields, v_mac: mac, v_md5money: payeaseHmac(KEY, fields.v_amount + fields.v_moneytype) }).toString();
    };
    const base = { v_oid: oid, v_pmode: 'x', v_pstatus: '0', v_pstring: 'y', v_count: '1', v_amount: '123.45', v_moneytype: '0' };
    await expect(payeaseProvider.verifyNotification(config, body(sign(base)))).resolves.toMatchObject({ event: null });
    expect(await reason(payeaseProvider.verifyNotification(config, body(sign({ ...base, v_count: '2' }))))).toBe('malformed');
    const stranger = { ...base, v_oid: oid.replace(`-${MID}-`, '-99999-'), v_pstatus: '1' };
    expect(await reason(payeaseProvider.verifyNotification(config, body(sign(stranger))))).toBe('malformed');
  });
});

describe('payeaseProvider.query', () => {
  it('is null while unpaid, then paid or failed as PayEase says', async () => {
    const paid = await opened();
    await expect(payeaseProvider.query(config, paid.ref)).resolves.toBeNull();
    await standin.pay(paid.oid);
    await expect(payeaseProvider.query(config, paid.ref)).resolves.toEqual({
      billNo: paid.bill.billNo,
      providerTxnId: paid.oid,
      amountMinor: 12345,
      currency: 'CNY',
      outcome: 'paid',
    });
    expect(standin.queries.at(-1)).toMatchObject({ v_mid: MID, v_oid: paid.oid, v_mac: payeaseHmac(KEY, MID + paid.oid) });
    const declined = await opened();
    await standin.pay(declined.oid, 'failed');
    await expect(payeaseProvider.query(config, declined.ref)).resolves.toMatchObject({ outcome: 'failed' });
  });

  it('is null for a bill without an order, and refused with a wrong key', async () => {
    const { ref } = await opened();
    await expect(payeaseProvider.query(config, { ...ref, providerRef: null })).resolves.toBeNull();
    expect(await reason(payeaseProvider.query({ ...config, secrets: { password: 'wrong' } }, ref))).toBe('refused');
  });
});

describe('payeaseProvider.refund', () => {
  it('is refused: PayEase refunds are made in the merchant console', async () => {
    const { ref } = await opened();
    await expect(payeaseProvider.refund(config, ref, 100, 'R-1')).rejects.toThrow('PayEase refunds are made in the merchant console');
    expect(await reason(payeaseProvider.refund(config, ref, 100, 'R-1'))).toBe('refused');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandin, type PayPalStandin, type StandinWebhook } from '@/testing/standins/paypal';
import { paypalProvider, paypalValue } from './paypal';
import { ProviderError, type BillRef, type ProviderConfig, type StartInput } from './types';

const CLIENT_ID = 'client-standin';
const CLIENT_SECRET = 'secret-standin';
const WEBHOOK_ID = 'WH-ID-STANDIN';
const config: ProviderConfig = { settings: { clientId: CLIENT_ID, webhookId: WEBHOOK_ID }, secrets: { clientSecret: CLIENT_SECRET } };
const RESULT = 'https://conf.example/en/profile/order/pay/goto/result/7';

let standin: PayPalStandin;
let previousBase: string | undefined;
let serial = 0;

beforeAll(async () => {
  standin = await startPayPalStandin({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID });
  previousBase = process.env.PAYPAL_API_BASE;
  process.env.PAYPAL_API_BASE = standin.apiBase;
});

afterAll(async () => {
  if (previousBase === undefined) delete process.env.PAYPAL_API_BASE;
  else process.env.PAYPAL_API_BASE = previousBase;
  await standin.close();
});

function input(overrides: Partial<StartInput> = {}): StartInput {
  serial += 1;
  return {
    billNo: `B2025${String(serial).padStart(4, '0')}`,
    amountMinor: 12345,
    currency: 'USD',
    description: 'Registration fee — ICML 2025',
    locale: 'en',
    payerEmail: 'ada@example.com',
    returnUrl: RESULT,
    cancelUrl: `${RESULT}?cancelled=1`,
    notifyUrl: 'https://conf.example/api/conference/pay/notify/payPal',
    expiresAt: new Date(Date.now() + 3_600_000),
    clientIp: null,
    ...overrides,
  };
}

async function started(overrides: Partial<StartInput> = {}) {
  const bill = input(overrides);
  const result = await paypalProvider.start(config, bill);
  const ref: BillRef = {
    billNo: bill.billNo,
    providerRef: result.providerRef,
    providerTxnId: null,
    amountMinor: bill.amountMinor,
    currency: bill.currency,
  };
  return { bill, result, ref, order: () => standin.orders.get(result.providerRef ?? '')! };
}

function notification(webhook: Pick<StandinWebhook, 'headers' | 'body'>) {
  return {
    headers: new Headers(webhook.headers),
    body: Buffer.from(webhook.body),
    url: new URL('https://conf.example/api/conference/pay/notify/payPal'),
  };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).reason;
}

describe('paypalValue', () => {
  it('writes minor units as PayPal decimals without floats', () => {
    expect(paypalValue(12345, 'USD')).toBe('123.45');
    expect(paypalValue(5, 'CNY')).toBe('0.05');
    expect(paypalValue(0, 'EUR')).toBe('0.00');
    expect(paypalValue(1200, 'JPY')).toBe('1200');
    expect(paypalValue(900719925474099, 'USD')).toBe('9007199254740.99');
  });
});

describe('paypalProvider.start', () => {
  it('creates a CAPTURE order for the bill and sends the payer to its approval page', async () => {
    const { bill, result, order } = await started();
    expect(result.next).toEqual({ type: 'redirect', url: `${standin.apiBase}/checkoutnow?token=${result.providerRef}` });
    expect(order().unit).toMatchObject({
      reference_id: bill.billNo,
      invoice_id: bill.billNo,
      custom_id: bill.billNo,
      amount: { currency_code: 'USD', value: '123.45' },
    });
    expect(order()).toMatchObject({ returnUrl: RESULT, cancelUrl: `${RESULT}?cancelled=1`, flow: 'payer-action' });
    expect(order().body).toMatchObject({
      intent: 'CAPTURE',
      payment_source: { paypal: { email_address: 'ada@example.com', experience_context: { locale: 'en-US', user_action: 'PAY_NOW' } } },
    });
    expect(standin.calls.find((c) => c.path === '/v2/checkout/orders')?.requestId).toMatch(/^order-B2025/);
  });

  it('sends zero-decimal currencies as whole numbers', async () => {
    const { order } = await started({ amountMinor: 1200, currency: 'JPY', locale: 'zh' });
    expect(order().unit.amount).toEqual({ currency_code: 'JPY', value: '1200' });
  });

  it('reports wrong client credentials as a refusal', async () => {
    const wrong = { ...config, secrets: { clientSecret: 'not-the-secret' } };
    expect(await reason(paypalProvider.start(wrong, input()))).toBe('refused');
    // The right credentials still work afterwards: tokens are kept per secret.
    await expect(paypalProvider.start(config, input())).resolves.toMatchObject({ next: { type: 'redirect' } });
  });

  it('reports an unreachable PayPal', async () => {
    const closed = await startPayPalStandin({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID });
    await closed.close();
    process.env.PAYPAL_API_BASE = closed.apiBase;
    try {
      expect(await reason(paypalProvider.start(config, input()))).toBe('unreachable');
    } finally {
      process.env.PAYPAL_API_BASE = standin.apiBase;
    }
  });
});

describe('the approval page', () => {
  it('approves the order and sends the browser back to the return URL with the token', async () => {
    const { result, order } = await started();
    const url = (result.next as { url: string }).url;
    expect(await (await fetch(url)).text()).toContain('Approve');
    const approved = await fetch(`${standin.apiBase}/checkoutnow/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${result.providerRef}`,
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RESULT);
    expect(back.searchParams.get('token')).toBe(result.providerRef);
    expect(order().status).toBe('APPROVED');
  });
});

describe('paypalProvider.query', () => {
  it('is null until the payer approves, then captures the order exactly once', async () => {
    const { bill, ref, order } = await started();
    await expect(paypalProvider.query(config, ref)).resolves.toBeNull();
    standin.approve(ref.providerRef!);
    const [first, second] = await Promise.all([paypalProvider.query(config, ref), paypalProvider.query(config, ref)]);
    const expected = { billNo: bill.billNo, providerTxnId: order().capture!.id, amountMinor: 12345, currency: 'USD', outcome: 'paid' };
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    await expect(paypalProvider.query(config, ref)).resolves.toEqual(expected);
    expect(order().captures).toBe(1);
    const captureCalls = standin.calls.filter((c) => c.path.endsWith(`/${ref.providerRef}/capture`));
    expect(captureCalls.every((c) => c.requestId === bill.billNo)).toBe(true);
  });

  it('is null for a bill without a PayPal order, and failed for a voided order', async () => {
    const { ref, order } = await started();
    await expect(paypalProvider.query(config, { ...ref, providerRef: null })).resolves.toBeNull();
    order().status = 'VOIDED';
    await expect(paypalProvider.query(config, ref)).resolves.toMatchObject({
      providerTxnId: ref.providerRef,
      outcome: 'failed',
      amountMinor: 12345,
    });
  });
});

describe('paypalProvider.verifyNotification', () => {
  it('reads PAYMENT.CAPTURE.COMPLETED after PayPal confirmed the signature', async () => {
    const { bill, ref, order } = await started({ amountMinor: 8800, currency: 'EUR' });
    const webhook = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED');
    const verified = await paypalProvider.verifyNotification(config, notification(webhook));
    expect(verified.ack).toEqual({ status: 200, contentType: 'application/json', body: '{}' });
    expect(verified.event).toEqual({
      billNo: bill.billNo,
      providerTxnId: order().capture!.id,
      amountMinor: 8800,
      currency: 'EUR',
      outcome: 'paid',
    });
  });

  it('captures on CHECKOUT.ORDER.APPROVED, once, and query agrees afterwards', async () => {
    const { bill, ref, order } = await started();
    const webhook = standin.webhook(ref.providerRef!, 'CHECKOUT.ORDER.APPROVED');
    expect(order().status).toBe('APPROVED');
    const verified = await paypalProvider.verifyNotification(config, notification(webhook));
    expect(verified.event).toMatchObject({ billNo: bill.billNo, providerTxnId: order().capture!.id, outcome: 'paid' });
    // PayPal retries a webhook it thinks we missed: the second capture is replayed, not run.
    await paypalProvider.verifyNotification(config, notification(webhook));
    await expect(paypalProvider.query(config, ref)).resolves.toEqual(verified.event);
    expect(order().captures).toBe(1);
  });

  it('reads an order someone else captured first (ORDER_ALREADY_CAPTURED) instead of failing', async () => {
    const { bill, ref, order } = await started();
    const webhook = standin.webhook(ref.providerRef!, 'CHECKOUT.ORDER.APPROVED');
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const tokenAnswer = await fetch(`${standin.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const elsewhere = await fetch(`${standin.apiBase}/v2/checkout/orders/${ref.providerRef}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'paypal-request-id': 'someone-else' },
    });
    expect(elsewhere.status).toBe(201);
    const verified = await paypalProvider.verifyNotification(config, notification(webhook));
    expect(verified.event).toMatchObject({ billNo: bill.billNo, providerTxnId: order().capture!.id, outcome: 'paid' });
    expect(order().captures).toBe(1);
  });

  it('reads PAYMENT.CAPTURE.DENIED as failed', async () => {
    const { bill, ref } = await started();
    const verified = await paypalProvider.verifyNotification(
      config,
      notification(standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.DENIED')),
    );
    expect(verified.event).toMatchObject({ billNo: bill.billNo, outcome: 'failed', amountMinor: 12345 });
  });

  it('takes an authentic event of another type without acting on it', async () => {
    const { ref } = await started();
    const verified = await paypalProvider.verifyNotification(
      config,
      notification(standin.webhook(ref.providerRef!, 'CUSTOMER.DISPUTE.CREATED')),
    );
    expect(verified.event).toBeNull();
  });

  it('refuses forged signatures, events signed for another webhook and edited bodies', async () => {
    const { ref } = await started();
    const forged = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED', { headers: { 'paypal-transmission-sig': 'Zm9yZ2Vk' } });
    expect(await reason(paypalProvider.verifyNotification(config, notification(forged)))).toBe('signature');
    const otherHook = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED', { webhookId: 'WH-SOMEONE-ELSE' });
    expect(await reason(paypalProvider.verifyNotification(config, notification(otherHook)))).toBe('signature');
    const genuine = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED');
    const tampered = { ...genuine, body: genuine.body.replace('"value":"123.45"', '"value":"1.00"') };
    expect(tampered.body).not.toBe(genuine.body);
    expect(await reason(paypalProvider.verifyNotification(config, notification(tampered)))).toBe('signature');
    const stolenHeaders = { ...standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.DENIED'), body: genuine.body };
    expect(await reason(paypalProvider.verifyNotification(config, notification(stolenHeaders)))).toBe('signature');
  });

  it('refuses a webhook without transmission headers or without a configured webhook id', async () => {
    const { ref } = await started();
    const webhook = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED');
    const { 'paypal-cert-url': _cert, ...headers } = webhook.headers;
    expect(await reason(paypalProvider.verifyNotification(config, notification({ ...webhook, headers })))).toBe('signature');
    const noHook = { ...config, settings: { clientId: CLIENT_ID } };
    expect(await reason(paypalProvider.verifyNotification(noHook, notification(webhook)))).toBe('signature');
  });

  it('refuses an unreadable body as malformed', async () => {
    const { ref } = await started();
    const webhook = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED');
    expect(await reason(paypalProvider.verifyNotification(config, notification({ ...webhook, body: '{"id": nope' })))).toBe('malformed');
    expect(await reason(paypalProvider.verifyNotification(config, notification({ ...webhook, body: '[1,2]' })))).toBe('malformed');
  });

  it('delivers to a URL like PayPal does', async () => {
    const { ref } = await started();
    const received: string[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      received.push(String(req.headers['paypal-transmission-id']));
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const webhook = standin.webhook(ref.providerRef!, 'PAYMENT.CAPTURE.COMPLETED');
    await expect(standin.deliver(webhook, `http://127.0.0.1:${port}/notify`)).resolves.toEqual({ status: 200, body: '{}' });
    expect(received).toEqual([webhook.headers['paypal-transmission-id']]);
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('paypalProvider.refund', () => {
  it('refunds part of a capture once per refund number and refuses too much', async () => {
    const { ref, order } = await started();
    standin.approve(ref.providerRef!);
    const paid = await paypalProvider.query(config, ref);
    const bill = { ...ref, providerTxnId: paid!.providerTxnId };
    const first = await paypalProvider.refund(config, bill, 2345, 'R-1');
    const again = await paypalProvider.refund(config, bill, 2345, 'R-1');
    expect(again).toEqual(first);
    const refunds = standin.refunds.filter((r) => r.captureId === bill.providerTxnId);
    expect(refunds).toEqual([
      { id: first.refundId, captureId: bill.providerTxnId, amount: { currency_code: 'USD', value: '23.45' }, requestId: 'R-1' },
    ]);
    expect(await reason(paypalProvider.refund(config, bill, 10001, 'R-2'))).toBe('refused');
    await paypalProvider.refund(config, bill, 10000, 'R-3');
    expect(order().capture?.status).toBe('REFUNDED');
  });

  it('refuses a bill that was never captured', async () => {
    const { ref } = await started();
    expect(await reason(paypalProvider.refund(config, ref, 100, 'R-9'))).toBe('refused');
  });
});

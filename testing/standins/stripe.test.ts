import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, readBody } from './loopback';
import { formatAmount, parseStripeForm, startStripeStandin, type StripeStandin } from './stripe';

const secretKey = 'sk_test_standin_unit';
const webhookSecret = 'whsec_standin_unit';

/** The same mapping our app code uses: the SDK takes host, port and protocol separately. */
function sdkFor(apiBase: string, key = secretKey): Stripe {
  const url = new URL(apiBase);
  return new Stripe(key, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
}

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A tiny webhook receiver standing in for our notify route. */
async function startReceiver(): Promise<{ base: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const loopback = await listenOnLoopback((req, res) => {
    void readBody(req).then((body) => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return { base: loopback.origin, received, close: loopback.close };
}

let standin: StripeStandin;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  standin = await startStripeStandin({ secretKey, webhookSecret });
  stripe = sdkFor(standin.apiBase);
});

afterAll(async () => {
  await standin.close();
  await receiver.close();
});

/** A CNY session for 123.45 + 2 × 5.00 = 133.45, returning to the receiver's origin. */
function createSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      success_url: `${receiver.base}/en/pay/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${receiver.base}/en/pay/cancelled`,
      client_reference_id: 'B1',
      customer_email: 'ada@example.com',
      locale: 'zh',
      metadata: { billNo: 'B1', tenant: 't1' },
      line_items: [
        { quantity: 1, price_data: { currency: 'CNY', unit_amount: 12345, product_data: { name: 'Registration' } } },
        { quantity: 2, price_data: { currency: 'cny', unit_amount: 500, product_data: { name: 'Dinner' } } },
      ],
      ...overrides,
    },
    options,
  );
}

describe('parseStripeForm', () => {
  it('builds nested objects and arrays from bracketed keys, keeping values as sent', () => {
    const body = parseStripeForm(
      'line_items[0][price_data][currency]=cny&line_items[0][quantity]=2&metadata[billNo]=B%201&expand[0]=payment_intent',
    );
    expect(body).toEqual({
      line_items: [{ price_data: { currency: 'cny' }, quantity: '2' }],
      metadata: { billNo: 'B 1' },
      expand: ['payment_intent'],
    });
  });

  it('compacts index gaps the SDK leaves for undefined entries, and appends on []', () => {
    expect(parseStripeForm('a[0]=x&a[2]=y&b[]=1&b[]=2')).toEqual({ a: ['x', 'y'], b: ['1', '2'] });
  });

  it('refuses prototype keys, conflicts, duplicates and huge indices', () => {
    for (const raw of ['a[__proto__][x]=1', 'constructor=1', 'a=1&a[b]=2', 'a=1&a=2', 'a[5000]=1', 'a[0]=1&a[b]=2', 'a]b=1']) {
      expect(() => parseStripeForm(raw), raw).toThrow();
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('Stripe stand-in driven by the real SDK', () => {
  it('creates a checkout session: total, currency, url and the parsed call', async () => {
    const session = await createSession();
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.amount_total).toBe(13345);
    expect(session.currency).toBe('cny');
    expect(session.url).toBe(`${standin.apiBase}/checkout/${session.id}`);
    expect(session.status).toBe('open');
    expect(session.payment_status).toBe('unpaid');
    expect(session.metadata).toEqual({ billNo: 'B1', tenant: 't1' });
    expect(session.client_reference_id).toBe('B1');
    expect(session.customer_email).toBe('ada@example.com');
    expect(session.locale).toBe('zh');
    expect(session.expires_at - session.created).toBe(24 * 3600);
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');

    const call = standin.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call?.body).toMatchObject({
      mode: 'payment',
      metadata: { billNo: 'B1' },
      line_items: [{ quantity: '1', price_data: { currency: 'CNY', unit_amount: '12345' } }, { quantity: '2' }],
    });
  });

  it('retrieves a session, with the GET query parsed into the call; unknown ids are resource_missing', async () => {
    const created = await createSession();
    const fetched = await stripe.checkout.sessions.retrieve(created.id, { expand: ['payment_intent'] });
    expect(fetched).toMatchObject({ id: created.id, amount_total: 13345, status: 'open' });
    expect(standin.calls.at(-1)).toEqual({
      method: 'GET',
      path: `/v1/checkout/sessions/${created.id}`,
      body: { expand: ['payment_intent'] },
    });

    const error = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('refuses bad input with 400 invalid_request_error', async () => {
    const cases: Array<[Partial<Stripe.Checkout.SessionCreateParams>, string]> = [
      [{ mode: 'subscription' }, 'mode'],
      [{ success_url: undefined }, 'success_url'],
      [{ success_url: 'javascript:alert(1)' }, 'success_url'],
      [{ line_items: [] }, 'line_items'],
      [
        { line_items: [{ quantity: 1, price_data: { currency: 'cny', product_data: { name: 'x' } } }] },
        'line_items[0][price_data][unit_amount]',
      ],
      [{ locale: 'xx' as Stripe.Checkout.SessionCreateParams.Locale }, 'locale'],
      [{ expires_at: Math.floor(Date.now() / 1000) + 60 }, 'expires_at'],
    ];
    for (const [overrides, param] of cases) {
      const error = await createSession(overrides).catch((e: unknown) => e);
      expect(error, param).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error, param).toMatchObject({ statusCode: 400, param });
    }
  });

  it('answers a wrong API key with 401, which the SDK throws as StripeAuthenticationError', async () => {
    const error = await sdkFor(standin.apiBase, 'sk_test_wrong')
      .checkout.sessions.retrieve('cs_test_any')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Invalid API Key provided' });
    expect(standin.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1/checkout/sessions/cs_test_any' });
  });

  it('expires an open session and refuses to expire a paid one', async () => {
    const open = await createSession();
    await expect(stripe.checkout.sessions.expire(open.id)).resolves.toMatchObject({ status: 'expired' });
    expect(() => standin.pay(open.id)).toThrow(/expired/);

    const paid = await createSession();
    standin.pay(paid.id);
    await expect(stripe.checkout.sessions.expire(paid.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('replays a repeated Idempotency-Key and refuses it with different parameters', async () => {
    const first = await createSession({}, { idempotencyKey: 'create-B1' });
    const again = await createSession({}, { idempotencyKey: 'create-B1' });
    expect(again.id).toBe(first.id);
    const error = await createSession({ client_reference_id: 'B2' }, { idempotencyKey: 'create-B1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('pay() completes the session and yields an event the SDK verifies; a forged secret fails', async () => {
    const session = await createSession();
    const event = standin.pay(session.id);
    expect(standin.sessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(() => standin.pay(session.id)).toThrow(/complete/);

    const { payload, header } = standin.sign(event);
    const verified = stripe.webhooks.constructEvent(payload, header, webhookSecret);
    expect(verified).toMatchObject({ id: event.id, object: 'event', type: 'checkout.session.completed', livemode: false });
    expect(verified.api_version).toBe(Stripe.API_VERSION);
    const object = verified.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({ id: session.id, amount_total: 13345, currency: 'cny', payment_status: 'paid' });
    expect(object.payment_intent).toMatch(/^pi_/);
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({
      status: 'complete',
      payment_intent: object.payment_intent,
    });

    const forged = standin.sign(event, 'whsec_forged');
    expect(() => stripe.webhooks.constructEvent(forged.payload, forged.header, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('event() forges overrides on a snapshot without touching the session', async () => {
    const session = await createSession();
    const event = standin.event(session.id, {
      type: 'checkout.session.expired',
      override: { amount_total: 1, currency: 'usd' },
      id: 'evt_fixed',
    });
    expect(event).toMatchObject({
      id: 'evt_fixed',
      type: 'checkout.session.expired',
      data: { object: { amount_total: 1, currency: 'usd' } },
    });
    expect(standin.sessions.get(session.id)).toMatchObject({ amount_total: 13345, currency: 'cny' });
  });

  it('refunds partially, then the rest, and refuses over-refunds and unknown payment intents', async () => {
    const session = await createSession();
    const paymentIntent = (standin.pay(session.id).data.object as Stripe.Checkout.Session).payment_intent as string;

    const partial = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 3000 });
    expect(partial).toMatchObject({ object: 'refund', amount: 3000, currency: 'cny', payment_intent: paymentIntent, status: 'succeeded' });
    expect(partial.id).toMatch(/^re_/);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent, amount: 10346 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
    });

    const rest = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(rest.amount).toBe(13345 - 3000);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent, amount: 1 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    expect(standin.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.amount)).toEqual([3000, 10345]);

    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
    });
  });

  it('deliver() POSTs the signed event to a local server, which can verify it', async () => {
    const session = await createSession();
    const event = standin.pay(session.id);
    const before = receiver.received.length;
    await expect(standin.deliver(event, { url: `${receiver.base}/hook` })).resolves.toEqual({ status: 200, body: 'ok' });

    const got = receiver.received[before];
    expect(got.path).toBe('/hook');
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    const verified = stripe.webhooks.constructEvent(got.body, got.headers['stripe-signature'] as string, webhookSecret);
    expect(verified.id).toBe(event.id);

    await standin.deliver(event, { url: `${receiver.base}/hook`, secret: 'whsec_forged' });
    const forged = receiver.received[before + 1];
    expect(() => stripe.webhooks.constructEvent(forged.body, forged.headers['stripe-signature'] as string, webhookSecret)).toThrow();
  });

  it('hosts a checkout page; paying notifies our route on the success_url origin and redirects with the session id', async () => {
    const session = await createSession();
    const page = await fetch(session.url as string);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>');
    expect(html).toContain(formatAmount(13345, 'cny'));
    expect(html).toContain('133.45 CNY');
    expect(html).toContain(`<form method="post" action="/checkout/${session.id}/pay">`);
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`<a href="${receiver.base}/en/pay/cancelled">Cancel</a>`);

    const before = receiver.received.length;
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${receiver.base}/en/pay/done?session_id=${session.id}`);

    const hook = receiver.received[before];
    expect(hook.path).toBe('/api/conference/pay/notify/stripe');
    const verified = stripe.webhooks.constructEvent(hook.body, hook.headers['stripe-signature'] as string, webhookSecret);
    expect(verified.type).toBe('checkout.session.completed');
    expect(verified.data.object).toMatchObject({ id: session.id, payment_status: 'paid' });

    // A second submit just redirects again, without paying or notifying twice.
    const again = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('formats minor units by the currency exponent', () => {
    expect(formatAmount(5, 'usd')).toBe('0.05 USD');
    expect(formatAmount(500, 'jpy')).toBe('500 JPY');
  });
});

/**
 * A stand-in for PayPal's REST API, for tests only: a real HTTP server on loopback that the official
 * @paypal/paypal-server-sdk talks to (PAYPAL_API_BASE), so our code runs its real request building,
 * OAuth and error mapping instead of a mocked module.
 *
 * It covers the slice of PayPal we use: client-credentials tokens (checking the Basic credentials),
 * Orders v2 create/get/capture, capture refunds, a checkout page with an Approve button for browser
 * tests, and webhooks with PayPal's transmission headers. verify-webhook-signature answers SUCCESS
 * only for an event this stand-in signed itself: it records each transmission's signature and checks
 * the id, time, webhook id and a digest of the event, so forged headers and edited bodies fail.
 * PayPal-Request-Id is honoured like PayPal does: a repeat replays the first answer.
 *
 * Plain Node only (no test runner, no app imports): Vitest and Playwright both load it.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback';

type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method: 'GET' | 'POST' };
type Json = Record<string, unknown>;

/** A capture: status COMPLETED, DECLINED, PARTIALLY_REFUNDED or REFUNDED; `refunded` in hundredths of its currency. */
export type StandinCapture = { id: string; status: string; amount: Money; refunded: bigint };
export type StandinOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  unit: { reference_id?: string; invoice_id?: string; custom_id?: string; description?: string; amount: Money };
  returnUrl: string;
  cancelUrl: string;
  /** How the order was made: with payment_source.paypal (payer-action link) or application_context (approve link). */
  flow: 'payer-action' | 'approve';
  capture: StandinCapture | null;
  /** How many times a capture actually ran (a replayed PayPal-Request-Id does not count). */
  captures: number;
  body: Json;
};
export type StandinRefund = { id: string; captureId: string; amount: Money; requestId: string | null };
export type StandinWebhook = { event: Json; body: string; headers: Record<string, string> };
export type WebhookOverrides = { resource?: Json; webhookId?: string; headers?: Record<string, string> };

export type PayPalStandin = {
  /** e.g. 'http://127.0.0.1:41234': set PAYPAL_API_BASE to it. */
  apiBase: string;
  orders: Map<string, StandinOrder>;
  refunds: StandinRefund[];
  /** Every API call: method, path and the PayPal-Request-Id sent. */
  calls: { method: string; path: string; requestId: string | null }[];
  /** Marks the order APPROVED as the Approve button does; returns where the browser would be sent. */
  approve(orderId: string): string;
  /** A webhook for an order, signed by the stand-in (capture events capture it first if needed). */
  webhook(orderId: string, type: string, overrides?: WebhookOverrides): StandinWebhook;
  /** POSTs a webhook to `url` as PayPal would; returns the answer. */
  deliver(webhook: StandinWebhook, url: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

export type PayPalStandinOptions = { clientId: string; clientSecret: string; webhookId: string };

class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? body.error_description ?? status));
  }
}

const failure = (status: number, name: string, issue?: string) =>
  new PayPalError(status, {
    name,
    message: issue ?? name,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: issue }] } : {}),
    links: [],
  });

/** Decimal text scaled to hundredths as an integer, for comparing refunds within one currency. */
function hundredths(value: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw failure(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

type Ctx = {
  opts: PayPalStandinOptions;
  base: string;
  orders: Map<string, StandinOrder>;
  refunds: StandinRefund[];
  calls: PayPalStandin['calls'];
  tokens: Set<string>;
  replies: Map<string, { status: number; body: Json }>;
  /** transmission id → the signature the stand-in issued for it. */
  transmissions: Map<string, string>;
  signingKey: Buffer;
};

const newId = (length = 17) => randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();

function links(ctx: Ctx, path: string, extra: Link[] = []): Link[] {
  return [{ href: `${ctx.base}${path}`, rel: 'self', method: 'GET' }, ...extra];
}

function captureJson(ctx: Ctx, order: StandinOrder, capture: StandinCapture): Json {
  return {
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    final_capture: true,
    custom_id: order.unit.custom_id,
    invoice_id: order.unit.invoice_id,
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: new Date().toISOString(),
    links: links(ctx, `/v2/payments/captures/${capture.id}`, [
      { href: `${ctx.base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    ]),
  };
}

function orderJson(ctx: Ctx, order: StandinOrder): Json {
  const approval: Link[] =
    order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: `${ctx.base}/checkoutnow?token=${order.id}`, rel: order.flow, method: 'GET' }]
      : order.status === 'APPROVED'
        ? [{ href: `${ctx.base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }]
        : [];
  const unit = { ...order.unit, ...(order.capture ? { payments: { captures: [captureJson(ctx, order, order.capture)] } } : {}) };
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [unit],
    ...(order.status === 'APPROVED' || order.status === 'COMPLETED'
      ? { payer: { email_address: 'payer@example.com', payer_id: 'STANDINPAYER' } }
      : {}),
    create_time: new Date().toISOString(),
    links: links(ctx, `/v2/checkout/orders/${order.id}`, approval),
  };
}

function orderOf(ctx: Ctx, id: string): StandinOrder {
  const order = ctx.orders.get(id);
  if (!order) throw failure(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  return order;
}

function readUnit(body: Json): StandinOrder['unit'] {
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length !== 1) throw failure(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
  const unit = units[0] as StandinOrder['unit'];
  const amount = unit?.amount as Partial<Money> | undefined;
  if (!amount?.currency_code || typeof amount.value !== 'string') throw failure(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
  const zeroDecimals = ['JPY', 'HUF', 'TWD'].includes(amount.currency_code);
  if (!(zeroDecimals ? /^\d+$/ : /^\d+\.\d{2}$/).test(amount.value)) throw failure(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
  return unit;
}

function createOrder(ctx: Ctx, body: Json): Json {
  if (body.intent !== 'CAPTURE') throw failure(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
  const unit = readUnit(body);
  const experience = (body.payment_source as { paypal?: { experience_context?: Json } } | undefined)?.paypal?.experience_context;
  const context = experience ?? (body.application_context as Json | undefined);
  if (typeof context?.return_url !== 'string' || typeof context.cancel_url !== 'string')
    throw failure(422, 'UNPROCESSABLE_ENTITY', 'MISSING_RETURN_URL');
  const order: StandinOrder = {
    id: newId(),
    status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    unit,
    returnUrl: context.return_url,
    cancelUrl: context.cancel_url,
    flow: experience ? 'payer-action' : 'approve',
    capture: null,
    captures: 0,
    body,
  };
  ctx.orders.set(order.id, order);
  return orderJson(ctx, order);
}

/** Runs the capture of an approved order; `declined` makes the instrument fail. */
function captureOrder(ctx: Ctx, order: StandinOrder, declined = false): Json {
  if (order.status === 'COMPLETED') throw failure(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
  if (order.status !== 'APPROVED') throw failure(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
  order.capture = { id: newId(), status: declined ? 'DECLINED' : 'COMPLETED', amount: order.unit.amount, refunded: 0n };
  order.status = 'COMPLETED';
  order.captures += 1;
  return orderJson(ctx, order);
}

function refundCapture(ctx: Ctx, captureId: string, body: Json, requestId: string | null): Json {
  const order = [...ctx.orders.values()].find((o) => o.capture?.id === captureId);
  const capture = order?.capture;
  if (!capture) throw failure(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
    throw failure(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
  const amount = (body.amount as Money | undefined) ?? capture.amount;
  if (amount.currency_code !== capture.amount.currency_code) throw failure(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH');
  const total = capture.refunded + hundredths(amount.value);
  if (total > hundredths(capture.amount.value)) throw failure(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
  capture.refunded = total;
  capture.status = total === hundredths(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const refund: StandinRefund = { id: newId(), captureId, amount, requestId };
  ctx.refunds.push(refund);
  return { id: refund.id, status: 'COMPLETED', amount, links: links(ctx, `/v2/payments/refunds/${refund.id}`) };
}

// ---------------------------------------------------------------------------------------------------
// Webhook signatures
// ---------------------------------------------------------------------------------------------------

/** What the stand-in signs, like PayPal's `id|time|webhookId|crc32(body)` (a digest here instead of CRC32). */
function signature(ctx: Ctx, id: string, time: string, webhookId: string, body: string): string {
  const digest = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', ctx.signingKey).update(`${id}|${time}|${webhookId}|${digest}`).digest('base64');
}

function verifyWebhook(ctx: Ctx, body: Json): Json {
  const { transmission_id: id, transmission_time: time, transmission_sig: sig, webhook_id: webhookId, webhook_event: event } = body;
  if (typeof id !== 'string' || typeof time !== 'string' || typeof sig !== 'string' || typeof webhookId !== 'string' || !event) {
    throw failure(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
  }
  if (body.cert_url !== `${ctx.base}/v1/notifications/certs/CERT-standin` || body.auth_algo !== 'SHA256withRSA') {
    return { verification_status: 'FAILURE' };
  }
  const issued = ctx.transmissions.get(id);
  const expected = Buffer.from(signature(ctx, id, time, webhookId, JSON.stringify(event)));
  const ok = issued === sig && expected.length === Buffer.byteLength(sig) && timingSafeEqual(expected, Buffer.from(sig));
  return { verification_status: ok && webhookId === ctx.opts.webhookId ? 'SUCCESS' : 'FAILURE' };
}

function buildWebhook(ctx: Ctx, orderId: string, type: string, overrides: WebhookOverrides = {}): StandinWebhook {
  const order = orderOf(ctx, orderId);
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
  const isCapture = type.startsWith('PAYMENT.CAPTURE.');
  if (isCapture && !order.capture) captureOrder(ctx, order, type !== 'PAYMENT.CAPTURE.COMPLETED');
  const resource = isCapture && order.capture ? captureJson(ctx, order, order.capture) : orderJson(ctx, order);
  const id = `WH-${newId(20)}`;
  const event = {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: isCapture ? 'capture' : 'checkout-order',
    resource_version: '2.0',
    event_type: type,
    summary: `${type} for ${orderId}`,
    resource: { ...resource, ...overrides.resource },
    links: [{ href: `${ctx.base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
  };
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = new Date().toISOString();
  const sig = signature(ctx, transmissionId, time, overrides.webhookId ?? ctx.opts.webhookId, body);
  ctx.transmissions.set(transmissionId, sig);
  const headers = {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': sig,
    'paypal-cert-url': `${ctx.base}/v1/notifications/certs/CERT-standin`,
    'paypal-auth-algo': 'SHA256withRSA',
    ...overrides.headers,
  };
  return { event, body, headers };
}

// ---------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------

function sendJson(res: ServerResponse, status: number, body: Json): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(order: StandinOrder): string {
  const token = escapeHtml(order.id);
  const button = (action: string, label: string) =>
    `<form method="post" action="/checkoutnow/${action}"><input type="hidden" name="token" value="${token}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal stand-in</title></head><body>
<h1>PayPal (stand-in)</h1><p>${escapeHtml(order.unit.description ?? '')}</p>
<p>Total: <strong>${escapeHtml(`${order.unit.amount.value} ${order.unit.amount.currency_code}`)}</strong></p>
${button('approve', 'Approve')}${button('cancel', 'Cancel')}</body></html>`;
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  return target.toString();
}

function approve(ctx: Ctx, orderId: string): string {
  const order = orderOf(ctx, orderId);
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
  return withQuery(order.returnUrl, { token: order.id, PayerID: 'STANDINPAYER' });
}

/** The payer's side: the checkout page and its two buttons. */
async function handleCheckout(ctx: Ctx, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'GET' && url.pathname === '/checkoutnow') {
    const order = ctx.orders.get(url.searchParams.get('token') ?? '');
    res.writeHead(order ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(order ? checkoutPage(order) : '<h1>Order not found</h1>');
  }
  const token = new URLSearchParams(await readBody(req)).get('token') ?? '';
  if (url.pathname === '/checkoutnow/approve') return redirect(res, approve(ctx, token));
  if (url.pathname === '/checkoutnow/cancel') return redirect(res, withQuery(orderOf(ctx, token).cancelUrl, { token }));
  throw failure(404, 'RESOURCE_NOT_FOUND');
}

function issueToken(ctx: Ctx, req: IncomingMessage, form: string): Json {
  const expected = `Basic ${Buffer.from(`${ctx.opts.clientId}:${ctx.opts.clientSecret}`).toString('base64')}`;
  if (req.headers.authorization !== expected)
    throw new PayPalError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
  if (new URLSearchParams(form).get('grant_type') !== 'client_credentials') throw new PayPalError(400, { error: 'unsupported_grant_type' });
  const token = `A21AA${newId(40)}`;
  ctx.tokens.add(token);
  return { access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: newId() };
}

/** The REST API behind a Bearer token; POSTs with a PayPal-Request-Id replay their first answer. */
function routeApi(ctx: Ctx, method: string, path: string, body: Json, requestId: string | null): { status: number; body: Json } {
  const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
  const order = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
  const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
  if (method === 'POST' && path === '/v2/checkout/orders') return { status: 201, body: createOrder(ctx, body) };
  if (method === 'GET' && order) return { status: 200, body: orderJson(ctx, orderOf(ctx, order[1])) };
  if (method === 'POST' && capture) return { status: 201, body: captureOrder(ctx, orderOf(ctx, capture[1])) };
  if (method === 'POST' && refund) return { status: 201, body: refundCapture(ctx, refund[1], body, requestId) };
  if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return { status: 200, body: verifyWebhook(ctx, body) };
  throw failure(404, 'RESOURCE_NOT_FOUND');
}

async function handleApi(ctx: Ctx, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
  ctx.calls.push({ method, path: url.pathname, requestId });
  if (url.pathname === '/v1/oauth2/token') return sendJson(res, 200, issueToken(ctx, req, raw));
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer || !ctx.tokens.has(bearer)) throw failure(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
  let body: Json = {};
  try {
    body = raw ? (JSON.parse(raw) as Json) : {};
  } catch {
    throw failure(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
  }
  const key = method === 'POST' && requestId ? `${url.pathname} ${requestId}` : null;
  const previous = key ? ctx.replies.get(key) : undefined;
  if (previous) return sendJson(res, previous.status, structuredClone(previous.body));
  // Only successes are replayed, so a refused request may be retried with the same id once fixed.
  const reply = routeApi(ctx, method, url.pathname, body, requestId);
  if (key) ctx.replies.set(key, structuredClone(reply));
  sendJson(res, reply.status, reply.body);
}

async function handle(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.base);
  try {
    if (url.pathname.startsWith('/checkoutnow')) await handleCheckout(ctx, req, res, url);
    else await handleApi(ctx, req, res, url);
  } catch (error) {
    if (error instanceof PayPalError) return sendJson(res, error.status, error.body);
    console.error('paypal-standin: internal error', error);
    if (!res.headersSent) sendJson(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error), debug_id: 'standin', links: [] });
  }
}

/** Starts the stand-in on a free loopback port. Close it when done. */
export async function startPayPalStandin(opts: PayPalStandinOptions): Promise<PayPalStandin> {
  const ctx: Ctx = {
    opts,
    base: '',
    orders: new Map(),
    refunds: [],
    calls: [],
    tokens: new Set(),
    replies: new Map(),
    transmissions: new Map(),
    signingKey: randomBytes(32),
  };
  const loopback = await listenOnLoopback((req, res) => {
    handle(ctx, req, res).catch(() => res.destroy());
  });
  ctx.base = loopback.origin;
  return {
    apiBase: ctx.base,
    orders: ctx.orders,
    refunds: ctx.refunds,
    calls: ctx.calls,
    approve: (orderId) => approve(ctx, orderId),
    webhook: (orderId, type, overrides) => buildWebhook(ctx, orderId, type, overrides),
    deliver: async (webhook, url) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...webhook.headers },
        body: webhook.body,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => loopback.close(),
  };
}

/**
 * A stand-in for the Stripe API, for tests only. It is a real HTTP server on loopback that the official
 * `stripe` SDK talks to (`new Stripe(key, { host, port, protocol: 'http' })`), so our payment code runs
 * its real request encoding, error mapping and webhook verification instead of a mocked module.
 *
 * It covers the slice of Stripe we use: Checkout Sessions in `payment` mode, refunds by payment intent,
 * a hosted checkout page for browser tests, and signed `checkout.session.*` webhooks. Where Stripe
 * validates something our code could get wrong (amounts, currencies, URLs, metadata limits, expiry
 * window, idempotency keys), the stand-in validates it too, so a test fails here rather than in
 * production.
 *
 * Plain Node APIs and the `stripe` package only: this file is loaded by Vitest tests and by the
 * Playwright global setup, which must not pull in the app or the test runner.
 */
import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody as readLoopbackBody } from './loopback';
import Stripe from 'stripe';

export type StandinSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  customer_email: string | null;
  locale: string | null;
  created: number;
  livemode: false;
};

export type StandinRefund = { id: string; payment_intent: string; amount: number; currency: string; status: 'succeeded' };

export type StandinCall = { method: string; path: string; body: Record<string, unknown> };

export type StripeStandin = {
  /** e.g. 'http://127.0.0.1:43123' — our code does new Stripe(key, { host, port, protocol: 'http' }) from it. */
  apiBase: string;
  sessions: Map<string, StandinSession>;
  refunds: StandinRefund[];
  /** Every API call received (paths under /v1, including rejected ones), with its form body or query parsed. */
  calls: StandinCall[];
  /** Marks the session paid (status complete, payment_status paid, a new payment_intent id 'pi_…') WITHOUT sending anything; returns the event it would send. */
  pay(sessionId: string): Stripe.Event;
  /** Builds a checkout.session.* event for a session (type defaults to 'checkout.session.completed'), optionally with overrides of the session object (e.g. amount_total, currency) to forge wrong amounts. */
  event(sessionId: string, opts?: { type?: string; override?: Partial<StandinSession>; id?: string }): Stripe.Event;
  /** The raw body and the Stripe-Signature header for an event, signed with the webhook secret (or with `secret` to forge), via stripe.webhooks.generateTestHeaderString. */
  sign(event: Stripe.Event, secret?: string): { payload: string; header: string };
  /** POSTs a signed event to the webhook URL and returns {status, body}. */
  deliver(event: Stripe.Event, opts?: { secret?: string; url?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

export type StripeStandinOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks for a session go; by default our notify route on the success_url's origin. */
  webhookUrl?: (session: StandinSession) => string;
  host?: string;
};

// ---------------------------------------------------------------------------------------------------
// Errors in Stripe's shape
// ---------------------------------------------------------------------------------------------------

/** A request Stripe would refuse. The SDK maps the status (400/404 → StripeInvalidRequestError, 401 → StripeAuthenticationError). */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const { type = 'invalid_request_error', code, param } = this.details;
    return { error: { type, message: this.message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, message, { param, code });

const missing = (kind: string, id: string, param: string) =>
  new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

// ---------------------------------------------------------------------------------------------------
// Form bodies: Stripe's SDK sends `line_items[0][price_data][currency]=cny&metadata[billNo]=B1`
// ---------------------------------------------------------------------------------------------------

/** A parsed form value. Leaves stay strings, exactly as sent; each handler converts what it reads. */
export type FormValue = string | FormValue[] | FormObject;
type FormObject = { [key: string]: FormValue };

/** Keys that would reach Object.prototype if used as property names. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Array indices above this are refused, so `a[999999999]=x` cannot allocate a huge array. */
const MAX_ARRAY_INDEX = 999;

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. */
function keySegments(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw invalid(`Invalid parameter name: ${key}`);
  const segments = [match[1], ...Array.from(match[2].matchAll(/\[([^[\]]*)\]/g), (m) => m[1])];
  const bad = segments.find((s) => FORBIDDEN_KEYS.has(s));
  if (bad !== undefined) throw invalid(`Invalid parameter name: ${key}`);
  return segments;
}

/** An empty segment (`a[]`) appends; a numeric one indexes an array; anything else names a property. */
const isArraySegment = (segment: string) => segment === '' || /^\d+$/.test(segment);

/** Where `segment` points inside `container`: an array index or an own property name. */
function slotFor(container: FormObject | FormValue[], segment: string, key: string): number | string {
  if (!Array.isArray(container)) {
    if (segment === '') throw invalid(`Invalid array parameter: ${key}`);
    return segment;
  }
  if (!isArraySegment(segment)) throw invalid(`Invalid array parameter: ${key}`);
  const index = segment === '' ? container.length : Number(segment);
  if (index > MAX_ARRAY_INDEX) throw invalid(`Array index too large: ${key}`);
  return index;
}

function readSlot(container: FormObject | FormValue[], slot: number | string): FormValue | undefined {
  if (Array.isArray(container)) return container[slot as number];
  return Object.hasOwn(container, slot) ? container[slot as string] : undefined;
}

function writeSlot(container: FormObject | FormValue[], slot: number | string, value: FormValue): void {
  if (Array.isArray(container)) container[slot as number] = value;
  else container[slot as string] = value;
}

/** Stores one `key=value` pair into the tree, creating arrays or objects along the way. */
function assignPair(root: FormObject, key: string, value: string): void {
  const segments = keySegments(key);
  let container: FormObject | FormValue[] = root;
  for (let i = 0; i < segments.length; i++) {
    const slot = slotFor(container, segments[i], key);
    const existing = readSlot(container, slot);
    if (i === segments.length - 1) {
      if (existing !== undefined) throw invalid(`Duplicate or conflicting parameter: ${key}`);
      writeSlot(container, slot, value);
      return;
    }
    if (typeof existing === 'string') throw invalid(`Conflicting parameter: ${key}`);
    const next: FormObject | FormValue[] = existing ?? (isArraySegment(segments[i + 1]) ? [] : {});
    writeSlot(container, slot, next);
    container = next;
  }
}

/** The SDK skips undefined array entries (`[a, undefined, b]` → indices 0 and 2); Stripe compacts them, so do we. */
function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

/** Parses an `application/x-www-form-urlencoded` body (or query string) with bracketed keys into nested objects and arrays. */
export function parseStripeForm(raw: string): Record<string, FormValue> {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) assignPair(root, key, value);
  return compact(root) as FormObject;
}

// ---------------------------------------------------------------------------------------------------
// Reading parameters
// ---------------------------------------------------------------------------------------------------

function optionalString(body: FormObject, param: string): string | null {
  const value = body[param];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param);
  return value;
}

function requiredString(body: FormObject, param: string): string {
  const value = optionalString(body, param);
  if (value === null) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  return value;
}

function integerParam(value: FormValue | undefined, param: string, min: number): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${param}`, param);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw invalid(`Invalid integer: ${param} must be at least ${min}`, param);
  return n;
}

function objectParam(value: FormValue | undefined, param: string): FormObject {
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) throw invalid(`Invalid object: ${param}`, param);
  return value;
}

/** Stripe accepts only absolute http(s) URLs for redirects; we also put cancel_url into an href, so no other schemes. */
function checkUrl(value: string, param: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw invalid(`Not a valid URL: ${param}`, param, 'url_invalid');
  return value;
}

function optionalUrl(body: FormObject, param: string): string | null {
  const value = optionalString(body, param);
  return value === null ? null : checkUrl(value, param);
}

/** Stripe's documented metadata limits: 50 keys, keys up to 40 characters, values up to 500. An empty value means "unset". */
function metadataParam(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  const entries = Object.entries(objectParam(value, 'metadata'));
  const metadata: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${key}: must be a string`, `metadata[${key}]`);
    if (key.length > 40) throw invalid(`Metadata keys can be at most 40 characters: ${key}`, 'metadata');
    if (v.length > 500) throw invalid(`Metadata values can be at most 500 characters: ${key}`, `metadata[${key}]`);
    if (v !== '') metadata[key] = v;
  }
  if (Object.keys(metadata).length > 50) throw invalid('Metadata can have at most 50 keys', 'metadata');
  return metadata;
}

/** Checkout locales the pinned SDK declares (Checkout.SessionCreateParams.Locale). */
const CHECKOUT_LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

// ---------------------------------------------------------------------------------------------------
// Checkout Sessions
// ---------------------------------------------------------------------------------------------------

const nowSeconds = () => Math.floor(Date.now() / 1000);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids (`cs_test_…`, `pi_…`), random so parallel tests never collide. */
function randomId(prefix: string, length = 24): string {
  let id = prefix;
  for (let i = 0; i < length; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

type LineTotal = { amount: number; currency: string };

/** One `line_items[i]` with inline `price_data`; saved Price ids are not supported by the stand-in. */
function lineItemTotal(item: FormValue, index: number): LineTotal {
  const param = `line_items[${index}]`;
  const line = objectParam(item, param);
  if (line.price !== undefined) throw invalid(`The stand-in supports only price_data line items: ${param}[price]`, `${param}[price]`);
  const price = objectParam(line.price_data, `${param}[price_data]`);
  const currency = typeof price.currency === 'string' ? price.currency.toLowerCase() : '';
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${param}[price_data][currency]`, `${param}[price_data][currency]`);
  if (price.product === undefined && price.product_data === undefined) {
    throw invalid(`Missing required param: ${param}[price_data][product_data].`, `${param}[price_data][product_data]`, 'parameter_missing');
  }
  if (price.product_data !== undefined) {
    const name = objectParam(price.product_data, `${param}[price_data][product_data]`).name;
    if (typeof name !== 'string' || name === '') {
      throw invalid(
        `Missing required param: ${param}[price_data][product_data][name].`,
        `${param}[price_data][product_data][name]`,
        'parameter_missing',
      );
    }
  }
  const unitAmount = integerParam(price.unit_amount, `${param}[price_data][unit_amount]`, 0);
  const quantity = integerParam(line.quantity, `${param}[quantity]`, 1);
  return { amount: unitAmount * quantity, currency };
}

/** Sums the line items; Stripe needs at least one, at most 100, all in the same currency. */
function checkoutTotal(body: FormObject): LineTotal {
  const items = body.line_items;
  if (!Array.isArray(items) || items.length === 0) throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  if (items.length > 100) throw invalid('At most 100 line items are allowed', 'line_items');
  const totals = items.map(lineItemTotal);
  const currency = totals[0].currency;
  if (totals.some((t) => t.currency !== currency)) throw invalid('All line items must use the same currency', 'line_items');
  return { amount: totals.reduce((sum, t) => sum + t.amount, 0), currency };
}

const HOUR = 3600;
/** Slack for clock skew between the caller computing expires_at and us checking it. */
const EXPIRY_SLACK = 60;

/** Stripe accepts expires_at from 30 minutes to 24 hours after creation; default is 24 hours. */
function expiresAtParam(body: FormObject, created: number): number {
  if (body.expires_at === undefined) return created + 24 * HOUR;
  const expiresAt = integerParam(body.expires_at, 'expires_at', 0);
  if (expiresAt < created + HOUR / 2 - EXPIRY_SLACK || expiresAt > created + 24 * HOUR + EXPIRY_SLACK) {
    throw invalid('expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
  }
  return expiresAt;
}

function localeParam(body: FormObject): string | null {
  const locale = optionalString(body, 'locale');
  if (locale !== null && !CHECKOUT_LOCALES.has(locale)) throw invalid(`Invalid locale: ${locale}`, 'locale');
  return locale;
}

function clientReferenceParam(body: FormObject): string | null {
  const ref = optionalString(body, 'client_reference_id');
  if (ref !== null && ref.length > 200) throw invalid('client_reference_id can be at most 200 characters', 'client_reference_id');
  return ref;
}

function emailParam(body: FormObject): string | null {
  const email = optionalString(body, 'customer_email');
  if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email))
    throw invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
  return email;
}

/** Validates a `POST /v1/checkout/sessions` body and builds the open session. Unknown parameters are accepted and ignored. */
function buildSession(body: FormObject, apiBase: string): StandinSession {
  const mode = requiredString(body, 'mode');
  if (mode !== 'payment') throw invalid(`The stand-in supports only mode=payment, got ${mode}`, 'mode');
  const created = nowSeconds();
  const { amount, currency } = checkoutTotal(body);
  const id = randomId('cs_test_', 40);
  return {
    id,
    object: 'checkout.session',
    url: `${apiBase}/checkout/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    amount_total: amount,
    currency,
    client_reference_id: clientReferenceParam(body),
    metadata: metadataParam(body.metadata),
    payment_intent: null,
    success_url: checkUrl(requiredString(body, 'success_url'), 'success_url'),
    cancel_url: optionalUrl(body, 'cancel_url'),
    expires_at: expiresAtParam(body, created),
    customer_email: emailParam(body),
    locale: localeParam(body),
    created,
    livemode: false,
  };
}

/** An open session past its expires_at is expired, as Stripe would have expired it by then. */
function settleExpiry(session: StandinSession): StandinSession {
  if (session.status === 'open' && session.expires_at <= nowSeconds()) session.status = 'expired';
  return session;
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in success_url with the session id when redirecting. */
const successRedirect = (session: StandinSession) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

// ---------------------------------------------------------------------------------------------------
// State and API handlers
// ---------------------------------------------------------------------------------------------------

type IdempotentResult = { fingerprint: string; status: number; body: unknown };

type Ctx = {
  opts: StripeStandinOptions;
  apiBase: string;
  sessions: Map<string, StandinSession>;
  refunds: StandinRefund[];
  calls: StandinCall[];
  /** Successful POST results by Idempotency-Key, so a retried request is replayed instead of run twice, as Stripe does. */
  idempotent: Map<string, IdempotentResult>;
};

type ApiResult = { status: number; body: unknown };

function findSession(ctx: Ctx, id: string): StandinSession {
  const session = ctx.sessions.get(id);
  if (!session) throw missing('checkout.session', id, 'session');
  return settleExpiry(session);
}

function createSession(ctx: Ctx, body: FormObject): ApiResult {
  const session = buildSession(body, ctx.apiBase);
  ctx.sessions.set(session.id, session);
  return { status: 200, body: session };
}

function expireSession(ctx: Ctx, id: string): ApiResult {
  const session = findSession(ctx, id);
  if (session.status !== 'open') {
    throw invalid(`Only Checkout Sessions with a status of open can be expired; this one is ${session.status}.`, 'session');
  }
  session.status = 'expired';
  return { status: 200, body: session };
}

/** Marks an open session paid with a fresh payment intent; a session completes only once. */
function markPaid(ctx: Ctx, id: string): StandinSession {
  const session = ctx.sessions.get(id);
  if (!session) throw new Error(`stripe-standin: no checkout session ${id}`);
  settleExpiry(session);
  if (session.status !== 'open') throw new Error(`stripe-standin: checkout session ${id} is ${session.status}, not open`);
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = randomId('pi_');
  return session;
}

/** Refunds by payment intent; the amount defaults to what is left, and the total can never exceed what was paid. */
function createRefund(ctx: Ctx, body: FormObject): ApiResult {
  const paymentIntent = requiredString(body, 'payment_intent');
  const session = [...ctx.sessions.values()].find((s) => s.payment_intent === paymentIntent);
  if (!session) throw invalid(`No such payment_intent: '${paymentIntent}'`, 'payment_intent', 'resource_missing');
  const refunded = ctx.refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  const left = session.amount_total - refunded;
  if (left <= 0)
    throw invalid(`Charge for payment intent ${paymentIntent} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = body.amount === undefined ? left : integerParam(body.amount, 'amount', 1);
  if (amount > left) {
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
  }
  const refund: StandinRefund = {
    id: randomId('re_'),
    payment_intent: paymentIntent,
    amount,
    currency: session.currency,
    status: 'succeeded',
  };
  ctx.refunds.push(refund);
  const extra = { object: 'refund', created: nowSeconds(), metadata: metadataParam(body.metadata), reason: optionalString(body, 'reason') };
  return { status: 200, body: { ...refund, ...extra } };
}

/** The API routes, matched on method and path; anything else is Stripe's "Unrecognized request URL". */
function routeApi(ctx: Ctx, method: string, path: string, body: FormObject): ApiResult {
  const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
  if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(ctx, body);
  if (method === 'GET' && sessionPath && !sessionPath[2])
    return { status: 200, body: findSession(ctx, decodeURIComponent(sessionPath[1])) };
  if (method === 'POST' && sessionPath?.[2]) return expireSession(ctx, decodeURIComponent(sessionPath[1]));
  if (method === 'POST' && path === '/v1/refunds') return createRefund(ctx, body);
  throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}). The Stripe stand-in does not implement it.`);
}

// ---------------------------------------------------------------------------------------------------
// Events, signatures, delivery
// ---------------------------------------------------------------------------------------------------

/**
 * A `checkout.session.*` event shaped like Stripe's, carrying a snapshot of the session (so later changes to
 * the session do not alter an event already built). The cast is needed because Stripe.Event is a union keyed
 * on `type` whose session type has many more fields than the stand-in keeps.
 */
function buildEvent(session: StandinSession, opts: { type?: string; override?: Partial<StandinSession>; id?: string } = {}): Stripe.Event {
  const event = {
    id: opts.id ?? randomId('evt_'),
    object: 'event',
    type: opts.type ?? 'checkout.session.completed',
    created: nowSeconds(),
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object: { ...structuredClone(session), ...opts.override } },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  return event as unknown as Stripe.Event;
}

/**
 * Stripe sends webhook bodies pretty-printed; signing exactly that text means a handler that re-serialises
 * the parsed JSON instead of verifying the raw body fails here as it would in production.
 */
function signEvent(event: Stripe.Event, secret: string): { payload: string; header: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Our notify route on the origin of the session's success_url, unless the caller routes webhooks elsewhere. */
function webhookUrlFor(opts: StripeStandinOptions, session: StandinSession): string {
  if (opts.webhookUrl) return opts.webhookUrl(session);
  return new URL('/api/conference/pay/notify/stripe', session.success_url).toString();
}

/** Generous, because the first hit on a Next dev server compiles the route. */
const WEBHOOK_TIMEOUT_MS = 30_000;

async function postWebhook(url: string, signed: { payload: string; header: string }): Promise<{ status: number; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signed.header,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: signed.payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  return { status: res.status, body: await res.text() };
}

// ---------------------------------------------------------------------------------------------------
// Hosted checkout page (for browser tests)
// ---------------------------------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Minor units to a plain decimal string with the currency code, e.g. 12345 cny → "123.45 CNY" and 500 jpy → "500 JPY". */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  if (digits === 0) return `${amount} ${code}`;
  const scale = 10 ** digits;
  const whole = Math.trunc(amount / scale);
  const fraction = String(amount % scale).padStart(digits, '0');
  return `${whole}.${fraction} ${code}`;
}

function pageShell(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main>
${content}
</main></body>
</html>`;
}

function checkoutPage(session: StandinSession): string {
  const amount = `<p>Amount due: <strong data-testid="amount">${escapeHtml(formatAmount(session.amount_total, session.currency))}</strong></p>`;
  const email = session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '';
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : '';
  if (session.status !== 'open') {
    const heading = session.status === 'complete' ? 'This checkout session is already paid' : 'This checkout session has expired';
    return pageShell(heading, `<h1>${heading}</h1>\n${amount}`);
  }
  const pay = `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay"><button type="submit">Pay</button></form>`;
  return pageShell('Stripe test checkout', `<h1>Stripe test checkout</h1>\n${amount}\n${email}\n${pay}\n${cancel}`);
}

// ---------------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------------

/** Far above anything our code sends; a guard against a runaway test, not a Stripe limit. */
const MAX_BODY_BYTES = 1024 * 1024;

const readBody = (req: IncomingMessage) =>
  readLoopbackBody(req, { bytes: MAX_BODY_BYTES, error: () => new StripeApiError(413, 'Request body too large') });

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** JSON with a Request-Id, which the SDK copies onto errors; a 5xx says "do not retry" so a stand-in bug fails fast. */
function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const extra: Record<string, string> = { 'request-id': randomId('req_', 14), ...headers };
  if (status >= 500) extra['stripe-should-retry'] = 'false';
  send(res, status, 'application/json', JSON.stringify(body, null, 2), extra);
}

const sendHtml = (res: ServerResponse, status: number, html: string) => send(res, status, 'text/html; charset=utf-8', html);

function isAuthorized(ctx: Ctx, req: IncomingMessage): boolean {
  return req.headers.authorization === `Bearer ${ctx.opts.secretKey}`;
}

/**
 * Reads and parses the body (POST) or query (GET) of an API call, recording the call even when it is refused.
 * The key is checked before a parse error is reported, so a bad key always answers 401 as Stripe does.
 */
async function parseCall(ctx: Ctx, req: IncomingMessage, url: URL): Promise<{ call: StandinCall; body: FormObject }> {
  const method = req.method ?? 'GET';
  const call: StandinCall = { method, path: url.pathname, body: {} };
  ctx.calls.push(call);
  const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
  let parsed: FormObject | StripeApiError;
  try {
    parsed = parseStripeForm(raw);
    call.body = parsed;
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    parsed = error;
  }
  if (!isAuthorized(ctx, req)) throw new StripeApiError(401, 'Invalid API Key provided');
  if (parsed instanceof StripeApiError) throw parsed;
  return { call, body: parsed };
}

/** Runs an API call, replaying the stored result when a POST repeats an Idempotency-Key, as Stripe does. */
async function handleApi(ctx: Ctx, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { call, body } = await parseCall(ctx, req, url);
  const key = call.method === 'POST' ? req.headers['idempotency-key'] : undefined;
  const fingerprint = `${call.method} ${call.path} ${JSON.stringify(body)}`;
  const previous = typeof key === 'string' ? ctx.idempotent.get(key) : undefined;
  if (previous) {
    if (previous.fingerprint !== fingerprint) {
      throw new StripeApiError(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', {
        type: 'idempotency_error',
      });
    }
    return sendJson(res, previous.status, previous.body, { 'idempotent-replayed': 'true' });
  }
  const result = routeApi(ctx, call.method, call.path, body);
  if (typeof key === 'string') ctx.idempotent.set(key, { fingerprint, status: result.status, body: structuredClone(result.body) });
  sendJson(res, result.status, result.body);
}

/** The browser side: show the page, or pay, deliver the webhook and redirect like Stripe Checkout does. */
async function handleHosted(ctx: Ctx, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const match = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
  const session = match ? ctx.sessions.get(decodeURIComponent(match[1])) : undefined;
  if (!match || !session) return sendHtml(res, 404, pageShell('Not found', '<h1>Checkout session not found</h1>'));
  settleExpiry(session);
  if (req.method === 'GET' && !match[2]) return sendHtml(res, 200, checkoutPage(session));
  if (req.method !== 'POST' || !match[2]) return sendHtml(res, 405, pageShell('Method not allowed', '<h1>Method not allowed</h1>'));
  await readBody(req);
  // A second submit (double click, Back button) lands on the success page again without a second payment.
  if (session.status === 'open') await payAndNotify(ctx, session.id);
  if (session.status !== 'complete') return sendHtml(res, 400, checkoutPage(session));
  res.writeHead(303, { location: successRedirect(session), 'content-length': 0 });
  res.end();
}

/** Pays and delivers checkout.session.completed; a failing webhook is logged, not fatal, as Stripe would retry it later. */
async function payAndNotify(ctx: Ctx, sessionId: string): Promise<void> {
  const session = markPaid(ctx, sessionId);
  const url = webhookUrlFor(ctx.opts, session);
  try {
    const { status, body } = await postWebhook(url, signEvent(buildEvent(session), ctx.opts.webhookSecret));
    if (status < 200 || status >= 300) console.warn(`stripe-standin: webhook ${url} answered ${status}: ${body.slice(0, 500)}`);
  } catch (error) {
    console.warn(`stripe-standin: webhook ${url} failed:`, error);
  }
}

async function handle(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.apiBase);
  const isApi = url.pathname.startsWith('/v1/');
  try {
    if (isApi) await handleApi(ctx, req, res, url);
    else await handleHosted(ctx, req, res, url);
  } catch (error) {
    if (error instanceof StripeApiError) return sendJson(res, error.status, error.body());
    console.error('stripe-standin: internal error', error);
    if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
  }
}

// ---------------------------------------------------------------------------------------------------
// Start / stop
// ---------------------------------------------------------------------------------------------------

/** Starts the stand-in on a free loopback port. Close it when done. */
export async function startStripeStandin(opts: StripeStandinOptions): Promise<StripeStandin> {
  const host = opts.host ?? '127.0.0.1';
  const ctx: Ctx = { opts, apiBase: '', sessions: new Map(), refunds: [], calls: [], idempotent: new Map() };
  const loopback = await listenOnLoopback(
    (req, res) => {
      handle(ctx, req, res).catch((error: unknown) => {
        console.error('stripe-standin: could not answer', error);
        res.destroy();
      });
    },
    { host },
  );
  ctx.apiBase = loopback.origin;

  const sessionOf = (id: string) => {
    const session = ctx.sessions.get(id);
    if (!session) throw new Error(`stripe-standin: no checkout session ${id}`);
    return session;
  };
  const sign = (event: Stripe.Event, secret = opts.webhookSecret) => signEvent(event, secret);

  return {
    apiBase: ctx.apiBase,
    sessions: ctx.sessions,
    refunds: ctx.refunds,
    calls: ctx.calls,
    pay: (sessionId) => buildEvent(markPaid(ctx, sessionId)),
    event: (sessionId, eventOpts) => buildEvent(sessionOf(sessionId), eventOpts),
    sign,
    deliver: (event, deliverOpts = {}) => {
      const url = deliverOpts.url ?? webhookUrlFor(opts, event.data.object as unknown as StandinSession);
      return postWebhook(url, sign(event, deliverOpts.secret));
    },
    close: () => loopback.close(),
  };
}

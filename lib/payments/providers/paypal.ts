import { createHash } from 'node:crypto';
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  ClientCredentialsAuthManager,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Money,
  type OAuthToken,
  type Order,
} from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import { minorDigits, toMinor } from '@/lib/fees/money';
import { ProviderError, type Acknowledgement, type PaymentProvider, type ProviderConfig, type VerifiedEvent } from './types';

/**
 * PayPal Checkout through the Orders v2 API with the official @paypal/paypal-server-sdk: we create an
 * order (intent CAPTURE), the payer approves it on PayPal's page and comes back to our result page,
 * and then someone must CAPTURE it — PayPal takes no money before that. Whoever sees the approval
 * first captures: `query` (the result page asks about the bill) or the CHECKOUT.ORDER.APPROVED webhook.
 * Both send PayPal-Request-Id = billNo, so PayPal runs the capture once and replays its answer.
 *
 * PAYPAL_API_BASE chooses the server: unset means live PayPal (never the sandbox by accident); the
 * sandbox URL selects the SDK's Sandbox environment; any other URL (the tests' stand-in on loopback)
 * is reached by rewriting each request the SDK builds, because the SDK itself only knows its two
 * environments. Webhook signatures are checked by PayPal's verify-webhook-signature API, which the
 * SDK does not cover, with fetch and the SDK's OAuth token.
 */

const PRODUCTION = 'https://api-m.paypal.com';
const SANDBOX = 'https://api-m.sandbox.paypal.com';
/** PayPal's limit on purchase_units[].description. */
const DESCRIPTION_MAX = 127;
const TIMEOUT_MS = 20_000;
/** PayPal wants 200 and nothing in particular; anything else makes it retry for three days. */
const ACK: Acknowledgement = { status: 200, contentType: 'application/json', body: '{}' };

/** The server and how the SDK reaches it. */
type Base = { url: string; environment: Environment; rewrite: boolean };

function apiBase(): Base {
  const raw = process.env.PAYPAL_API_BASE?.trim().replace(/\/+$/, '');
  if (!raw || raw === PRODUCTION) return { url: PRODUCTION, environment: Environment.Production, rewrite: false };
  if (raw === SANDBOX) return { url: SANDBOX, environment: Environment.Sandbox, rewrite: false };
  if (!URL.canParse(raw)) throw new ProviderError('unreachable', 'PAYPAL_API_BASE is not a URL');
  return { url: raw, environment: Environment.Production, rewrite: true };
}

type Controllers = {
  orders: OrdersController;
  payments: PaymentsController;
  auth: ClientCredentialsAuthManager;
  base: string;
  key: string;
};
type RequestBuilderFactory = ReturnType<Client['getRequestBuilderFactory']>;
type SdkClient = ConstructorParameters<typeof OrdersController>[0];

/**
 * OAuth tokens by server and credentials, shared by all calls (PayPal rate-limits token requests). The
 * SDK client itself is made per call: its token promise stays rejected forever after one failed
 * token request, so a cached client would never recover from a network blip.
 */
const tokens = new Map<string, OAuthToken>();

/** Points every request the SDK builds at `base` instead of PayPal's live host. */
function rebased(factory: RequestBuilderFactory, base: string): RequestBuilderFactory {
  return (...args) => {
    const builder = factory(...args);
    builder.interceptRequest((request) => {
      const url = new URL(request.url);
      return { ...request, url: `${base}${url.pathname}${url.search}` };
    });
    return builder;
  };
}

function controllers(config: ProviderConfig): Controllers {
  const clientId = config.settings.clientId;
  const clientSecret = config.secrets.clientSecret;
  if (!clientId || !clientSecret) throw new ProviderError('refused', 'PayPal client id or secret is not set');
  const base = apiBase();
  const key = `${base.url}\n${clientId}\n${createHash('sha256').update(clientSecret).digest('hex')}`;
  const credentials = { oAuthClientId: clientId, oAuthClientSecret: clientSecret };
  const client = new Client({
    environment: base.environment,
    timeout: TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      ...credentials,
      oAuthToken: tokens.get(key),
      oAuthOnTokenUpdate: (token) => tokens.set(key, token),
    },
  });
  let sdk: SdkClient = client;
  if (base.rewrite) {
    sdk = { getRequestBuilderFactory: () => rebased(client.getRequestBuilderFactory(), base.url) };
    // The token request goes through the auth manager's own controller: point it at the same server.
    client.clientCredentialsAuthManager = new ClientCredentialsAuthManager(credentials, sdk);
  }
  return {
    orders: new OrdersController(sdk),
    payments: new PaymentsController(sdk),
    auth: client.clientCredentialsAuthManager,
    base: base.url,
    key,
  };
}

/** What PayPal said went wrong: the error name and first issue of its body, if it has one. */
function issueOf(error: ApiError<unknown>): string {
  if (typeof error.body !== 'string') return error.message;
  try {
    const body = JSON.parse(error.body) as { name?: string; error?: string; details?: { issue?: string }[] };
    return [body.name ?? body.error, body.details?.[0]?.issue].filter(Boolean).join(': ') || error.message;
  } catch {
    return error.message;
  }
}

/** The SDK's errors as ours: PayPal refusing (4xx, bad credentials) or unreachable (5xx, network). */
function translate(error: unknown, key: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof ApiError) {
    if (error.statusCode === 401) tokens.delete(key);
    const reason = error.statusCode >= 500 || error.statusCode === 429 ? 'unreachable' : 'refused';
    return new ProviderError(reason, `PayPal ${error.statusCode} ${issueOf(error)}`);
  }
  return new ProviderError('unreachable', error instanceof Error ? error.message : String(error));
}

/** Integer minor units as PayPal's decimal string (12345 USD → "123.45", 1200 JPY → "1200"), without floats. */
export function paypalValue(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new ProviderError('refused', `not an amount: ${amountMinor}`);
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const text = String(amountMinor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** PayPal's money in minor units; an amount that is not a plain decimal in the currency's digits is refused as `reason`. */
function readMoney(money: Pick<Money, 'currencyCode' | 'value'> | undefined, reason: 'refused' | 'malformed') {
  const currency = money?.currencyCode.toUpperCase() ?? '';
  const amountMinor = money ? toMinor(money.value, currency) : Number.NaN;
  if (!Number.isSafeInteger(amountMinor)) throw new ProviderError(reason, `PayPal gave an unreadable amount: ${money?.value}`);
  return { amountMinor, currency };
}

/**
 * An order as the event it means: its (first) capture decides. A pending capture (eCheck, review) is
 * not final yet; a refunded one was paid. A voided order failed.
 */
function orderEvent(order: Order, billNo: string): VerifiedEvent | null {
  const unit = order.purchaseUnits?.[0];
  const owner = unit?.customId ?? unit?.invoiceId;
  if (owner && owner !== billNo) throw new ProviderError('refused', `PayPal order ${order.id} belongs to bill ${owner}`);
  if (order.status === OrderStatus.Voided && order.id) {
    return { billNo, providerTxnId: order.id, ...readMoney(unit?.amount, 'refused'), outcome: 'failed' };
  }
  const capture = unit?.payments?.captures?.[0];
  if (!capture?.id || !capture.status) return null;
  const paid: string[] = [CaptureStatus.Completed, CaptureStatus.PartiallyRefunded, CaptureStatus.Refunded];
  const failed: string[] = [CaptureStatus.Declined, CaptureStatus.Failed];
  const outcome = paid.includes(capture.status) ? 'paid' : failed.includes(capture.status) ? 'failed' : null;
  return outcome && { billNo, providerTxnId: capture.id, ...readMoney(capture.amount, 'refused'), outcome };
}

/** Captures an approved order, once: PayPal-Request-Id = billNo replays an earlier capture's answer. */
async function capture(paypal: Controllers, orderId: string, billNo: string): Promise<Order> {
  try {
    const { result } = await paypal.orders.captureOrder({ id: orderId, paypalRequestId: billNo, prefer: 'return=representation' });
    return result;
  } catch (error) {
    // Captured under another request id (or after PayPal forgot ours): read the order as it is now.
    if (error instanceof ApiError && error.statusCode === 422 && issueOf(error).includes('ORDER_ALREADY_CAPTURED')) {
      return (await paypal.orders.getOrder({ id: orderId })).result;
    }
    throw error;
  }
}

/** Settles an order we read: captures it if the payer approved it, then reads what it means. */
async function settle(paypal: Controllers, order: Order, billNo: string): Promise<VerifiedEvent | null> {
  if (order.status === OrderStatus.Approved && order.id) return orderEvent(await capture(paypal, order.id, billNo), billNo);
  if (order.status === OrderStatus.Completed || order.status === OrderStatus.Voided) return orderEvent(order, billNo);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------------

const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;
type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

const WireMoney = z.object({ currency_code: z.string(), value: z.string() });
const Event = z.object({ id: z.string(), event_type: z.string(), resource: z.record(z.string(), z.unknown()) });
const CaptureResource = z.object({
  id: z.string(),
  amount: WireMoney,
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
});
const OrderResource = z.object({
  id: z.string(),
  purchase_units: z
    .array(z.object({ custom_id: z.string().optional(), invoice_id: z.string().optional(), reference_id: z.string().optional() }))
    .min(1),
});

function transmission(headers: Headers): Transmission {
  const entries = Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => [field, headers.get(header)?.trim() ?? ''] as const);
  const missing = entries.filter(([, value]) => !value).map(([field]) => field);
  if (missing.length) throw new ProviderError('signature', `PayPal webhook without ${missing.join(', ')}`);
  return Object.fromEntries(entries) as Transmission;
}

async function accessToken(paypal: Controllers): Promise<string> {
  try {
    const token = await paypal.auth.updateToken(tokens.get(paypal.key));
    tokens.set(paypal.key, token);
    return token.accessToken;
  } catch (error) {
    throw translate(error, paypal.key);
  }
}

/**
 * Asks PayPal whether it sent this webhook. The raw event is spliced into the request as it arrived
 * (it parsed as one JSON object, so it cannot break out of its place): re-serialising it could change
 * number formats or escapes and make PayPal answer FAILURE for a genuine event.
 */
async function verifySignature(paypal: Controllers, sent: Transmission, webhookId: string, rawEvent: string): Promise<void> {
  const fields = Object.entries({ ...sent, webhook_id: webhookId }).map(
    ([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`,
  );
  const body = `{${fields.join(',')},"webhook_event":${rawEvent}}`;
  const token = await accessToken(paypal);
  let response: Response;
  try {
    response = await fetch(`${paypal.base}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError('unreachable', `PayPal verify-webhook-signature: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 401) tokens.delete(paypal.key);
  // 400/422: PayPal could not check what we were sent (a forged cert URL, a bad id) — not authentic.
  if (response.status === 400 || response.status === 422)
    throw new ProviderError('signature', `PayPal could not verify the webhook (${response.status})`);
  if (!response.ok)
    throw new ProviderError(response.status >= 500 ? 'unreachable' : 'refused', `PayPal verify-webhook-signature ${response.status}`);
  const answer = (await response.json().catch(() => null)) as { verification_status?: unknown } | null;
  if (answer?.verification_status !== 'SUCCESS') throw new ProviderError('signature', 'PayPal did not confirm the webhook signature');
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderError('malformed', `PayPal ${what} not readable: ${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/** A capture in a webhook: the bill is its custom_id (invoice_id as a fallback), both set at start. */
function captureEvent(resource: unknown, outcome: VerifiedEvent['outcome']): VerifiedEvent {
  const captured = parse(CaptureResource, resource, 'capture');
  const billNo = captured.custom_id ?? captured.invoice_id;
  if (!billNo) throw new ProviderError('malformed', `PayPal capture ${captured.id} names no bill`);
  const money = readMoney({ currencyCode: captured.amount.currency_code, value: captured.amount.value }, 'malformed');
  return { billNo, providerTxnId: captured.id, ...money, outcome };
}

/** What an authentic event means for us; an approval is captured on the spot. */
async function eventOf(paypal: Controllers, event: z.infer<typeof Event>): Promise<VerifiedEvent | null> {
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return captureEvent(event.resource, 'paid');
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return captureEvent(event.resource, 'failed');
    case 'CHECKOUT.ORDER.APPROVED': {
      const order = parse(OrderResource, event.resource, 'order');
      const unit = order.purchase_units[0];
      const billNo = unit.custom_id ?? unit.invoice_id ?? unit.reference_id;
      if (!billNo) throw new ProviderError('malformed', `PayPal order ${order.id} names no bill`);
      try {
        return orderEvent(await capture(paypal, order.id, billNo), billNo);
      } catch (error) {
        throw translate(error, paypal.key);
      }
    }
    default:
      return null;
  }
}

function readEvent(body: Uint8Array): { raw: string; event: z.infer<typeof Event> } {
  const raw = Buffer.from(body).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ProviderError('malformed', 'PayPal webhook body is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ProviderError('malformed', 'PayPal webhook body is not an event');
  return { raw, event: parse(Event, json, 'event') };
}

export const paypalProvider: PaymentProvider = {
  kind: 'payPal',

  async start(config, input) {
    const paypal = controllers(config);
    const value = paypalValue(input.amountMinor, input.currency);
    try {
      const { result: order } = await paypal.orders.createOrder({
        // A second start of the same bill within PayPal's 6 hours gets the same order, not a second one.
        paypalRequestId: `order-${input.billNo}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.billNo,
              invoiceId: input.billNo,
              customId: input.billNo,
              description: input.description.slice(0, DESCRIPTION_MAX),
              amount: { currencyCode: input.currency, value },
            },
          ],
          paymentSource: {
            paypal: {
              emailAddress: input.payerEmail || undefined,
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                locale: input.locale === 'zh' ? 'zh-CN' : 'en-US',
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED and a 'payer-action' link; older flows say 'approve'.
      const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!order.id || !link) throw new ProviderError('refused', 'PayPal gave no approval address');
      return { providerRef: order.id, next: { type: 'redirect', url: link.href } };
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },

  async verifyNotification(config, input) {
    const sent = transmission(input.headers);
    const { raw, event } = readEvent(input.body);
    const webhookId = config.settings.webhookId;
    if (!webhookId) throw new ProviderError('signature', 'PayPal webhook id is not set');
    const paypal = controllers(config);
    await verifySignature(paypal, sent, webhookId, raw);
    return { event: await eventOf(paypal, event), ack: ACK };
  },

  async query(config, bill) {
    if (!bill.providerRef) return null;
    const paypal = controllers(config);
    try {
      const { result: order } = await paypal.orders.getOrder({ id: bill.providerRef });
      return await settle(paypal, order, bill.billNo);
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },

  async refund(config, bill, amountMinor, refundNo) {
    if (!bill.providerTxnId) throw new ProviderError('refused', 'the bill has no PayPal capture');
    const paypal = controllers(config);
    const value = paypalValue(amountMinor, bill.currency);
    try {
      const { result } = await paypal.payments.refundCapturedPayment({
        captureId: bill.providerTxnId,
        paypalRequestId: refundNo,
        prefer: 'return=minimal',
        body: { amount: { currencyCode: bill.currency, value } },
      });
      if (!result.id) throw new ProviderError('refused', 'PayPal gave no refund id');
      return { refundId: result.id };
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },
};

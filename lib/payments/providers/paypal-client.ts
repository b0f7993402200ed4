import { createHash } from 'node:crypto';
import {
  ApiError,
  CaptureStatus,
  Client,
  ClientCredentialsAuthManager,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  type Money,
  type OAuthToken,
  type Order,
} from '@paypal/paypal-server-sdk';
import { minorDigits, toMinor } from '@/lib/fees/money';
import { ProviderError, type Acknowledgement, type ProviderConfig, type VerifiedEvent } from './types';

/** PayPal's SDK client for one configuration, money conversion and capture (used by paypal.ts and paypal-webhook.ts). */
const PRODUCTION = 'https://api-m.paypal.com';
const SANDBOX = 'https://api-m.sandbox.paypal.com';
/** PayPal's limit on purchase_units[].description. */
export const DESCRIPTION_MAX = 127;
export const TIMEOUT_MS = 20_000;
/** PayPal wants 200 and nothing in particular; anything else makes it retry for three days. */
export const ACK: Acknowledgement = { status: 200, contentType: 'application/json', body: '{}' };

/** The server and how the SDK reaches it. */
type Base = { url: string; environment: Environment; rewrite: boolean };

function apiBase(): Base {
  const raw = process.env.PAYPAL_API_BASE?.trim().replace(/\/+$/, '');
  if (!raw || raw === PRODUCTION) return { url: PRODUCTION, environment: Environment.Production, rewrite: false };
  if (raw === SANDBOX) return { url: SANDBOX, environment: Environment.Sandbox, rewrite: false };
  if (!URL.canParse(raw)) throw new ProviderError('unreachable', 'PAYPAL_API_BASE is not a URL');
  return { url: raw, environment: Environment.Production, rewrite: true };
}

export type Controllers = {
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
export const tokens = new Map<string, OAuthToken>();

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

export function controllers(config: ProviderConfig): Controllers {
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
export function translate(error: unknown, key: string): ProviderError {
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
export function readMoney(money: Pick<Money, 'currencyCode' | 'value'> | undefined, reason: 'refused' | 'malformed') {
  const currency = money?.currencyCode.toUpperCase() ?? '';
  const amountMinor = money ? toMinor(money.value, currency) : Number.NaN;
  if (!Number.isSafeInteger(amountMinor)) throw new ProviderError(reason, `PayPal gave an unreadable amount: ${money?.value}`);
  return { amountMinor, currency };
}

/**
 * An order as the event it means: its (first) capture decides. A pending capture (eCheck, review) is
 * not final yet; a refunded one was paid. A voided order failed.
 */
export function orderEvent(order: Order, billNo: string): VerifiedEvent | null {
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
export async function capture(paypal: Controllers, orderId: string, billNo: string): Promise<Order> {
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
export async function settle(paypal: Controllers, order: Order, billNo: string): Promise<VerifiedEvent | null> {
  if (order.status === OrderStatus.Approved && order.id) return orderEvent(await capture(paypal, order.id, billNo), billNo);
  if (order.status === OrderStatus.Completed || order.status === OrderStatus.Voided) return orderEvent(order, billNo);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------------

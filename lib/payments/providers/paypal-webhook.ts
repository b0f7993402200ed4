import { z } from 'zod';
import { capture, orderEvent, readMoney, TIMEOUT_MS, tokens, translate, type Controllers } from './paypal-client';
import { ProviderError, type VerifiedEvent } from './types';

/** PayPal webhooks: the transmission headers, the signature check through PayPal's API, and what an event means. */
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

export function transmission(headers: Headers): Transmission {
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
export async function verifySignature(paypal: Controllers, sent: Transmission, webhookId: string, rawEvent: string): Promise<void> {
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
export async function eventOf(paypal: Controllers, event: z.infer<typeof Event>): Promise<VerifiedEvent | null> {
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

export function readEvent(body: Uint8Array): { raw: string; event: z.infer<typeof Event> } {
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

import Stripe from 'stripe';
import { DEMO_STRIPE_KEYS } from '../demo-keys';
import {
  ProviderError,
  type BillRef,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderConfig,
  type StartInput,
  type VerifiedEvent,
} from './types';

/**
 * Cards through Stripe Checkout: the payer is sent to Stripe's hosted page, Stripe posts a signed
 * webhook (checkout.session.completed …) to /api/conference/pay/notify/stripe on the conference's
 * host. STRIPE_API_BASE points the SDK at another server (the tests' stand-in on loopback).
 */
function client(config: ProviderConfig): Stripe {
  const secretKey = config.secrets.secretKey;
  if (!secretKey) throw new ProviderError('refused', 'Stripe secret key is not set');
  // The demo's keys go to the demo's sandbox; everyone else's to Stripe (or STRIPE_API_BASE, for tests).
  const base = (secretKey === DEMO_STRIPE_KEYS.secretKey && process.env.DEMO_STRIPE_API_BASE) || process.env.STRIPE_API_BASE;
  if (!base) return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
  const url = new URL(base);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

/** The SDK's errors as ours: a refusal (4xx, authentication) or an unreachable provider. */
function translate(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) return new ProviderError('unreachable', error.message);
  if (error instanceof Stripe.errors.StripeError) return new ProviderError('refused', error.message);
  return new ProviderError('unreachable', error instanceof Error ? error.message : String(error));
}

/** A Checkout Session as the event it means, once it is final. */
function sessionEvent(session: Stripe.Checkout.Session, outcome: 'paid' | 'failed'): VerifiedEvent | null {
  const billNo = session.client_reference_id ?? session.metadata?.billNo;
  if (!billNo || session.amount_total === null || !session.currency) return null;
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    billNo,
    // A failed session has no payment to name; its own id keeps the event unique.
    providerTxnId: intent ?? session.id,
    amountMinor: session.amount_total,
    currency: session.currency.toUpperCase(),
    outcome,
  };
}

export const stripeProvider: PaymentProvider = {
  kind: 'stripe',

  async start(config: ProviderConfig, input: StartInput) {
    try {
      const session = await client(config).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.billNo,
          metadata: { billNo: input.billNo },
          customer_email: input.payerEmail || undefined,
          locale: input.locale === 'zh' ? 'zh' : 'en',
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          // Stripe accepts 30 minutes to 24 hours.
          expires_at: Math.floor(
            Math.min(Math.max(input.expiresAt.getTime(), Date.now() + 31 * 60_000), Date.now() + 23 * 3_600_000) / 1000,
          ),
        },
        { idempotencyKey: `bill-${input.billNo}` },
      );
      if (!session.url) throw new ProviderError('refused', 'Stripe gave no checkout address');
      return { providerRef: session.id, next: { type: 'redirect', url: session.url } };
    } catch (error) {
      throw translate(error);
    }
  },

  async verifyNotification(config: ProviderConfig, input: IncomingNotification) {
    const secret = config.secrets.webhookSecret;
    const signature = input.headers.get('stripe-signature');
    if (!secret || !signature) throw new ProviderError('signature', 'missing Stripe signature');
    let event: Stripe.Event;
    try {
      event = await client(config).webhooks.constructEventAsync(Buffer.from(input.body), signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new ProviderError('signature', error.message);
      throw new ProviderError('malformed', error instanceof Error ? error.message : String(error));
    }
    const ack = { status: 200, contentType: 'application/json', body: '{"received":true}' };
    const session = event.data.object as Stripe.Checkout.Session;
    switch (event.type) {
      case 'checkout.session.completed':
        return { event: session.payment_status === 'paid' ? sessionEvent(session, 'paid') : null, ack };
      case 'checkout.session.async_payment_succeeded':
        return { event: sessionEvent(session, 'paid'), ack };
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return { event: sessionEvent(session, 'failed'), ack };
      default:
        return { event: null, ack };
    }
  },

  async query(config: ProviderConfig, bill: BillRef) {
    if (!bill.providerRef) return null;
    try {
      const session = await client(config).checkout.sessions.retrieve(bill.providerRef);
      if (session.payment_status === 'paid') return sessionEvent(session, 'paid');
      if (session.status === 'expired') return sessionEvent(session, 'failed');
      return null;
    } catch (error) {
      throw translate(error);
    }
  },

  async close(config: ProviderConfig, bill: BillRef) {
    if (!bill.providerRef) return;
    try {
      await client(config).checkout.sessions.expire(bill.providerRef);
    } catch (error) {
      throw translate(error);
    }
  },

  async refund(config: ProviderConfig, bill: BillRef, amountMinor: number, refundNo: string) {
    if (!bill.providerTxnId) throw new ProviderError('refused', 'the bill has no Stripe payment');
    try {
      const refund = await client(config).refunds.create(
        { payment_intent: bill.providerTxnId, amount: amountMinor },
        { idempotencyKey: `refund-${refundNo}` },
      );
      return { refundId: refund.id };
    } catch (error) {
      throw translate(error);
    }
  },
};

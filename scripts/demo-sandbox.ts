import { DEMO_STRIPE_KEYS } from '../lib/payments/demo-keys';
import { startStripeStandin, type StripeStandin } from '../testing/standins/stripe';

/**
 * The demo conference's card method: with no network to reach Stripe, `npm start` runs a
 * Stripe-compatible sandbox on loopback (the same stand-in the tests use) and points the Stripe SDK
 * at it (DEMO_STRIPE_API_BASE, for the demo's keys only), so a newcomer can pay a fee by card end to end: the app creates a real
 * Checkout Session through the SDK, the sandbox's checkout page takes any "card", and its signed
 * webhook comes back to the app, which verifies it like Stripe's. These keys are public and only
 * ever paired with the sandbox; a real deployment sets its own keys at /platform/config/pay and runs
 * no sandbox (it starts only with the demo, and never when DEMO_CARD_SANDBOX=0).
 */
export { DEMO_STRIPE_KEYS };

export function startDemoCardSandbox(): Promise<StripeStandin> {
  return startStripeStandin({ secretKey: DEMO_STRIPE_KEYS.secretKey, webhookSecret: DEMO_STRIPE_KEYS.webhookSecret });
}

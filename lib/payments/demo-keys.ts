/**
 * The demo conference's Stripe keys: public, and only ever paired with the demo's card sandbox on
 * loopback (scripts/demo-sandbox.ts). The Stripe provider sends calls made with them to
 * DEMO_STRIPE_API_BASE, so a real conference's keys on the same installation still reach Stripe.
 */
export const DEMO_STRIPE_KEYS = { secretKey: 'sk_test_confhub_demo_sandbox', webhookSecret: 'whsec_confhub_demo_sandbox' } as const;

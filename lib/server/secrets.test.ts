import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecrets, encryptSecrets, forgetSecretsKey } from '@/lib/server/secrets';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

describe('payment secrets at rest', () => {
  afterEach(() => {
    delete process.env.PAYMENT_SECRETS_KEY;
    forgetSecretsKey();
  });

  it('round-trips and never stores the plain text', () => {
    process.env.PAYMENT_SECRETS_KEY = KEY_A;
    const stored = encryptSecrets({ secretKey: 'sk_live_very_secret', webhookSecret: 'whsec_x' });
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('sk_live_very_secret');
    expect(decryptSecrets(stored)).toEqual({ secretKey: 'sk_live_very_secret', webhookSecret: 'whsec_x' });
    // A fresh IV each time: the same secrets never give the same bytes.
    expect(encryptSecrets({ secretKey: 'sk_live_very_secret', webhookSecret: 'whsec_x' })).not.toBe(stored);
  });

  it('refuses another key and tampered bytes', () => {
    process.env.PAYMENT_SECRETS_KEY = KEY_A;
    const stored = encryptSecrets({ password: 'p' });
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptSecrets([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    process.env.PAYMENT_SECRETS_KEY = KEY_B;
    forgetSecretsKey();
    expect(() => decryptSecrets(stored)).toThrow();
  });

  it('stores nothing for no secrets and refuses a short key', () => {
    expect(encryptSecrets({})).toBe('');
    expect(decryptSecrets('')).toEqual({});
    process.env.PAYMENT_SECRETS_KEY = 'abcd';
    expect(() => encryptSecrets({ a: 'b' })).toThrow(/32 bytes/);
  });
});

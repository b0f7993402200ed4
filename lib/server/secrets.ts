import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { authSecret } from '@/lib/auth/auth';
import { parseSecretsKey, secretsKeyProblem } from './secrets-key';

/**
 * Secrets (payment keys and passwords, conferences' SMTP passwords, identity providers' client
 * secrets) are encrypted at rest with AES-256-GCM. The key is PAYMENT_SECRETS_KEY (its name is older
 * than its other uses) (32 bytes, base64 or hex) from the environment. A deployment on PostgreSQL in
 * production must set it, and never to all zeros (secretsKeyProblem, lib/server/secrets-key.ts: the
 * server refuses to start, and this refuses to use it); without it elsewhere (the zero-setup start on
 * the embedded database, development, tests), one is derived from the server's session secret
 * (BETTER_AUTH_SECRET, or the one kept beside the embedded database).
 *
 * Stored form: "v1.<iv>.<tag>.<ciphertext>", each part base64url.
 */
let cachedKey: Buffer | undefined;

function secretsKey(): Buffer {
  if (cachedKey) return cachedKey;
  const problem = secretsKeyProblem();
  if (problem) throw new Error(problem);
  const configured = process.env.PAYMENT_SECRETS_KEY?.trim();
  cachedKey = configured
    ? parseSecretsKey(configured)
    : Buffer.from(hkdfSync('sha256', authSecret(), 'confhub-payment-secrets', 'aes-256-gcm', 32));
  return cachedKey;
}

/**
 * A key for one purpose (e.g. 'confhub-ticket-hmac'), derived by HKDF from the same secret as the at-rest key, so each
 * use has its own key and none of them is the stored secrets' key itself. Stable as long as that secret is.
 */
export function purposeKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey(), 'confhub-purpose-keys', purpose, 32));
}

/** Encrypts a record of secret fields ('' for an empty record). */
export function encryptSecrets(values: Record<string, string>): string {
  if (Object.keys(values).length === 0) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypts what encryptSecrets wrote; a value that does not decrypt (wrong key, tampered) throws. */
export function decryptSecrets(stored: string): Record<string, string> {
  if (!stored) return {};
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable stored secrets');
  const decipher = createDecipheriv('aes-256-gcm', secretsKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as Record<string, string>;
}

/** For tests: forget the key so a changed PAYMENT_SECRETS_KEY is read again. */
export function forgetSecretsKey(): void {
  cachedKey = undefined;
}

/**
 * The at-rest key's setting, PAYMENT_SECRETS_KEY, read and judged without loading anything else, so `npm start`
 * (scripts/start.ts) refuses a bad one before it builds or migrates, and each server process before it serves
 * (lib/server/boot.ts). The key itself is used in lib/server/secrets.ts.
 */

/** The 32 bytes of a PAYMENT_SECRETS_KEY value: 64 hex digits or base64. */
export function parseSecretsKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('PAYMENT_SECRETS_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/**
 * Why the configured key cannot protect the stored secrets in this environment, or null when it can.
 * - A deployment (NODE_ENV=production on PostgreSQL, DATABASE_URL set) must set its own key: unset or empty, the key
 *   would be derived from the session secret, and a value copied from an example (all zeros) protects nothing.
 * - In production an all-zero key is refused on the embedded database too; unset there, the key is derived from the
 *   secret generated beside the data, so `npm start` with no setup (the demo) works as before.
 * - Anywhere, a value that is not 32 bytes is refused.
 */
export function secretsKeyProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.PAYMENT_SECRETS_KEY?.trim() ?? '';
  const production = env.NODE_ENV === 'production';
  if (!value) {
    return production && env.DATABASE_URL
      ? 'PAYMENT_SECRETS_KEY must be set to a key of your own (32 random bytes: `openssl rand -hex 32`) when DATABASE_URL is used'
      : null;
  }
  let key: Buffer;
  try {
    key = parseSecretsKey(value);
  } catch (error) {
    return (error as Error).message;
  }
  if (production && key.every((byte) => byte === 0))
    return 'PAYMENT_SECRETS_KEY is all zeros: set a key of your own (32 random bytes: `openssl rand -hex 32`)';
  return null;
}

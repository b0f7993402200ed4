import { createHash } from 'node:crypto';

/**
 * What the session table keeps of a session token: SHA-256 of its UTF-8 bytes as lowercase hex
 * (64 characters). The browser and API clients hold the raw token; a row read from the database
 * is not a working token. Migration 0020 computes the same value in SQL:
 * `encode(sha256(convert_to(token, 'UTF8')), 'hex')`.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

import { createHash, randomBytes } from 'node:crypto';

/** A fresh invitation key: 32 random bytes in base64url (43 characters). Only its hash is stored. */
export function newInvitationKey(): { key: string; keyHash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: hashInvitationKey(key) };
}

/** SHA-256 hex of a key, as stored in reviewer.key_hash. */
export function hashInvitationKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

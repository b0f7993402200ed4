import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { purposeKey } from '@/lib/server/secrets';

/**
 * A ticket's token, what its QR code holds: `<payload>.<tag>`, both base64url. The payload is 25 bytes — a version
 * byte, the conference id and the ticket row's id (4 bytes each, big-endian) and the row's 16-byte random nonce — and
 * names no person: no name, email or phone, only numbers and randomness. The tag is HMAC-SHA256 of the payload's text
 * under a key derived for this purpose from the server's secret (lib/server/secrets.ts purposeKey), compared in
 * constant time.
 */
const VERSION = 1;
const PAYLOAD_BYTES = 25;
const NONCE_BYTES = 16;
const TAG_BYTES = 32;
const KEY_PURPOSE = 'confhub-ticket-hmac-v1';

export type TicketClaim = { conferenceId: number; ticketId: number; nonce: string };

let cachedKey: Buffer | undefined;
function key(): Buffer {
  cachedKey ??= purposeKey(KEY_PURPOSE);
  return cachedKey;
}

/** A fresh nonce for a ticket row (base64url of 16 random bytes). */
export function newTicketNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64url');
}

function tagOf(payload: string, withKey: Buffer = key()): Buffer {
  return createHmac('sha256', withKey).update(`ticket.${payload}`).digest();
}

/** The signed token of a ticket row. `withKey` is for tests only (a token signed with another key is a forgery). */
export function signTicketToken(claim: TicketClaim, withKey?: Buffer): string {
  const nonce = Buffer.from(claim.nonce, 'base64url');
  if (nonce.length !== NONCE_BYTES) throw new Error('a ticket nonce is 16 bytes');
  const bytes = Buffer.alloc(PAYLOAD_BYTES);
  bytes.writeUInt8(VERSION, 0);
  bytes.writeUInt32BE(claim.conferenceId, 1);
  bytes.writeUInt32BE(claim.ticketId, 5);
  nonce.copy(bytes, 9);
  const payload = bytes.toString('base64url');
  return `${payload}.${tagOf(payload, withKey).toString('base64url')}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Reads a token: `claim` is what the payload says (null when it is not a ticket payload at all), `signed` whether the
 * tag is ours for exactly this payload. Only a signed claim may be believed.
 */
export function readTicketToken(token: string): { claim: TicketClaim | null; signed: boolean } {
  const parts = token.trim().split('.');
  if (parts.length !== 2) return { claim: null, signed: false };
  const [payload, tag] = parts;
  if (!B64URL.test(payload) || !B64URL.test(tag)) return { claim: null, signed: false };
  const bytes = Buffer.from(payload, 'base64url');
  // Base64url has one canonical text per byte string; any other spelling of the payload is not ours.
  const claim =
    bytes.length === PAYLOAD_BYTES && bytes.readUInt8(0) === VERSION && bytes.toString('base64url') === payload
      ? {
          conferenceId: bytes.readUInt32BE(1),
          ticketId: bytes.readUInt32BE(5),
          nonce: bytes.subarray(9).toString('base64url'),
        }
      : null;
  const given = Buffer.from(tag, 'base64url');
  const expected = tagOf(payload);
  const signed = claim !== null && given.length === TAG_BYTES && given.toString('base64url') === tag && timingSafeEqual(given, expected);
  return { claim, signed };
}

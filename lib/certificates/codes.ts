import { randomBytes } from 'node:crypto';

/**
 * A certificate's verification code: 80 random bits (unguessable: 2^80 codes for the few thousand a conference
 * issues), written as 16 characters of Crockford's base32 in four groups (ABCD-EFGH-JKMN-PQRS), stored, and looked up
 * by the public verification page. A code as typed is read leniently: case, spaces and dashes do not matter, and O,
 * I and L are read as 0, 1 and 1 (the alphabet has no O, I, L or U).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;
const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** A fresh code, canonical (16 characters, no dashes). */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = LENGTH - 1; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A typed code in its canonical form, or null when it cannot be one of ours. */
export function canonicalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CANONICAL.test(code) ? code : null;
}

/** The code as printed and shown: four groups of four. */
export function displayCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

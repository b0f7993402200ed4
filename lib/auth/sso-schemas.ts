import { z } from 'zod';

/** The queries and the consent body of the sign-in across sites (lib/auth/sso.ts); messages are keys under `validation`. */
const origin = z.string().trim().min(1, 'fieldRequired').max(300, 'tooLong');
const opaque = (min: number, max: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), 'ssoValueInvalid');

export const ZSsoBegin = z.object({
  /** A pull: the locale-free path to come back to. A push (with `peer`): the address on the peer to go to. */
  return: z.string().max(2000, 'tooLong').optional(),
  /** A push: the site the visitor has just signed in on, asked for a code by the central site. */
  peer: origin.optional(),
  locale: z.enum(['zh', 'en'], { error: 'invalidChoice' }).default('zh'),
});

export const ZSsoAuthorize = z.object({
  client: origin,
  state: opaque(16, 128),
  /** S256 of the client's verifier: 43 base64url characters. */
  challenge: opaque(43, 43),
  /** The visitor's language, for the confirmation page a conference on its own domain needs. */
  locale: z.enum(['zh', 'en'], { error: 'invalidChoice' }).optional(),
});

export const ZSsoConsent = ZSsoAuthorize.extend({
  decision: z.enum(['continue', 'cancel'], { error: 'invalidChoice' }),
});

export const ZSsoCallback = z.object({
  code: opaque(16, 128).optional(),
  state: z.string().max(200, 'tooLong').optional(),
  error: z.string().max(100, 'tooLong').optional(),
});

/** The visitor's answer on /ssoConfirm (app/api/sso/confirm): the sign-in itself is the one this browser's cookie holds. */
export const ZSsoConfirm = z.object({
  decision: z.enum(['continue', 'cancel'], { error: 'invalidChoice' }),
});

import { z } from 'zod';

/**
 * The platform administrator's identity-provider form (kind, names, entityId, federation, issuer,
 * client id and write-only secret, logo, home page, shortcut order, enabled) and the login calls'
 * bodies, shared by the form (zodResolver) and the handlers. Messages are keys under `validation`.
 */
export const PROVIDER_KINDS = ['organisation', 'central'] as const;
export const FEDERATIONS = ['edugain', 'local'] as const;

const text = (max: number, required?: string) => {
  const base = z.string().trim().max(max, 'tooLong');
  return required ? base.min(1, required) : base;
};

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, 'tooLong')
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, message);

const optionalUrl = z.union([z.literal(''), httpUrl('identityUrlInvalid')]).default('');

export const ZIdentityProviderInput = z.object({
  kind: z.enum(PROVIDER_KINDS, { error: 'invalidChoice' }),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, 'identitySlugInvalid'),
  nameZh: text(100, 'identityNameRequired'),
  nameEn: text(100, 'identityNameRequired'),
  entityId: text(300).default(''),
  federation: z.enum(FEDERATIONS, { error: 'invalidChoice' }).default('local'),
  issuer: httpUrl('identityIssuerInvalid'),
  clientId: text(200, 'identityClientIdRequired'),
  /** Write-only: '' keeps the stored secret (on a change) or means a public client (PKCE only). */
  clientSecret: z.string().max(500, 'tooLong').default(''),
  /** Set true to remove the stored secret. */
  clearSecret: z.boolean().default(false),
  scopes: z
    .string()
    .trim()
    .max(200, 'tooLong')
    .regex(/^openid( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'identityScopesInvalid')
    .default('openid email profile'),
  logoUrl: optionalUrl,
  homeUrl: optionalUrl,
  shortcutOrder: z.union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: 'identityShortcutInvalid' }).default(null),
  enabled: z.boolean().default(true),
});
export type IdentityProviderInput = z.input<typeof ZIdentityProviderInput>;
export type IdentityProviderValues = z.output<typeof ZIdentityProviderInput>;

const ZCode = z.string().min(1, 'fieldRequired').max(2000, 'tooLong');
const ZState = z.string().min(1, 'fieldRequired').max(200, 'tooLong');

/** POST /base/oauth/login and /base/oauth/oidcLogin: the callback's code and state (and iss, RFC 9207). */
export const ZLoginCallback = z.object({ code: ZCode, state: ZState, iss: z.string().max(500, 'tooLong').optional() });

/** A return path as sent (checked again by safeReturnPath). */
const ZReturn = z.string().max(2000, 'tooLong').optional();

/** GET /base/oauth/begin: which provider, where to come back, in which language. */
export const ZBeginQuery = z.object({
  provider: z.string().max(40, 'tooLong').optional(),
  kind: z.enum(PROVIDER_KINDS, { error: 'invalidChoice' }).default('organisation'),
  return: ZReturn,
  locale: z.enum(['zh', 'en'], { error: 'invalidChoice' }).default('zh'),
  prompt: z.enum(['none'], { error: 'invalidChoice' }).optional(),
  expired: z.enum(['1'], { error: 'invalidChoice' }).optional(),
});

/**
 * The organisation search of spec §7: query, selectInput ('edugain,local' or 'edugain'), and the
 * client id, redirect uri, state and 16-character nonce the old remote list took. Here the server
 * keeps each provider's client and makes its own state and nonce per attempt (a caller-chosen nonce
 * would protect nothing); `state` is the return path, the others are checked for shape only.
 */
export const ZOrganisationSearch = z.object({
  query: z.string().trim().max(100, 'tooLong').default(''),
  selectInput: z.enum(['edugain,local', 'edugain'], { error: 'invalidChoice' }).default('edugain,local'),
  clientId: z.string().max(200, 'tooLong').optional(),
  redirectUri: z.string().max(2000, 'tooLong').optional(),
  state: ZReturn,
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{16}$/, 'identityNonceInvalid')
    .optional(),
});

import { randomBytes, randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import type { Executor } from '@/db/client';
import { oidcLoginState } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { safeReturnPath } from '@/lib/http/return-path';
import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';
import { openIdClientProvider } from './providers/openid-client';
import { OidcRefusal, type IdentityProviderClient } from './providers/types';
import { settingsOf, type IdentityProviderRow } from './queries';

/** A login attempt must come back within this time. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;
/** Spec §9: the random nonce is 16 alphanumeric characters. */
export const NONCE_LENGTH = 16;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomNonce(length = NONCE_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** The callback page of a provider kind, in the visitor's language: /oidcLogin or /login. */
export function callbackUri(origin: string, kind: string, locale: Locale): string {
  return origin + localePath(locale, kind === 'central' ? '/login' : '/oidcLogin');
}

export type BeginInput = {
  provider: IdentityProviderRow;
  conferenceId: number;
  /** This site's origin (the callback lives here). */
  origin: string;
  locale: Locale;
  /** Locale-free path on this site to come back to; anything else becomes '/'. */
  returnPath: string | null | undefined;
  prompt?: 'none';
  client?: IdentityProviderClient;
  now?: Date;
};

/**
 * Begins a login through a provider: a fresh state, a 16-character nonce and a PKCE (S256) verifier
 * are kept in oidc_login_state for ten minutes with the return path (a relative path of this site
 * only: no open redirect), and the provider's authorization address is returned.
 */
export async function beginLogin(db: Executor, input: BeginInput): Promise<URL> {
  const now = input.now ?? new Date();
  const state = randomBytes(24).toString('base64url');
  const nonce = randomNonce();
  const codeVerifier = randomPKCECodeVerifier();
  const redirectUri = callbackUri(input.origin, input.provider.kind, input.locale);
  const back = safeReturnPath(input.returnPath) ?? '/';
  const client = input.client ?? openIdClientProvider;
  let url: URL;
  try {
    url = await client.authorizationUrl(settingsOf(input.provider), {
      redirectUri,
      state,
      nonce,
      codeChallenge: await calculatePKCECodeChallenge(codeVerifier),
      prompt: input.prompt,
    });
  } catch (error) {
    if (error instanceof OidcRefusal) throw new AppError('OIDC_PROVIDER_UNAVAILABLE');
    throw error;
  }
  // Attempts that were never finished are forgotten a day after they expired.
  await db.delete(oidcLoginState).where(lt(oidcLoginState.expiresAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(oidcLoginState).values({
    state,
    providerId: input.provider.id,
    conferenceId: input.conferenceId,
    nonce,
    codeVerifier,
    redirectUri,
    returnPath: localePath(input.locale, back),
    expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
    createdAt: now,
  });
  return url;
}

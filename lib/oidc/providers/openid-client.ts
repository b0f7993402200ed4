import * as client from 'openid-client';
import { OidcRefusal, type IdentityProviderClient, type ProviderSettings } from './types';

/**
 * Plain http is allowed only for an issuer on this machine (the tests' and the demo's stand-in),
 * or when OIDC_ALLOW_INSECURE=1 says so; everything else must be https.
 */
export function insecureAllowed(issuer: string): boolean {
  if (process.env.OIDC_ALLOW_INSECURE === '1') return true;
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** Discovered configurations, per provider configuration (a change of the row makes a new key). */
const cacheKey = Symbol.for('confhub.oidc.discovery');
type Cache = Map<string, Promise<client.Configuration>>;

function cache(): Cache {
  const g = globalThis as typeof globalThis & { [cacheKey]?: Cache };
  g[cacheKey] ??= new Map();
  return g[cacheKey];
}

export function forgetDiscovery(): void {
  cache().clear();
}

async function configuration(settings: ProviderSettings): Promise<client.Configuration> {
  const entries = cache();
  let found = entries.get(settings.cacheKey);
  if (!found) {
    const auth = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
    found = client.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, {
      execute: insecureAllowed(settings.issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    entries.set(settings.cacheKey, found);
    // A failed discovery is not kept: the next login tries again.
    found.catch(() => entries.delete(settings.cacheKey));
  }
  try {
    return await found;
  } catch (error) {
    throw new OidcRefusal('unavailable', `discovery failed: ${(error as Error).message}`);
  }
}

function causedByNonce(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { claim?: unknown }).claim === 'nonce') return true;
  }
  return false;
}

/** The provider as `openid-client` (v6) drives it: authorization code flow with PKCE S256 and a nonce. */
export const openIdClientProvider: IdentityProviderClient = {
  async authorizationUrl(settings, input) {
    const config = await configuration(settings);
    const parameters: Record<string, string> = {
      redirect_uri: input.redirectUri,
      scope: settings.scopes,
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    };
    if (input.prompt) parameters.prompt = input.prompt;
    return client.buildAuthorizationUrl(config, parameters);
  },

  async exchange(settings, input) {
    const config = await configuration(settings);
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    // The state row already binds this callback to one provider (no mix-up), so a missing iss is that provider's.
    const iss = input.iss ?? (config.serverMetadata().authorization_response_iss_parameter_supported ? settings.issuer : undefined);
    if (iss) callback.searchParams.set('iss', iss);
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.expectedNonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (causedByNonce(error)) throw new OidcRefusal('nonce', 'the ID token carries another nonce');
      throw new OidcRefusal('exchange', `code exchange refused: ${(error as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcRefusal('exchange', 'no ID token');
    let info: Record<string, unknown> = { ...claims };
    if (!claims.email && tokens.access_token) {
      try {
        info = { ...info, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      } catch {
        /* the ID token's claims are enough to refuse or go on */
      }
    }
    const name = [info.name, [info.given_name, info.family_name].filter(Boolean).join(' ')].find((v) => typeof v === 'string' && v);
    return {
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email.trim().toLowerCase() : '',
      emailVerified: info.email_verified === true,
      name: typeof name === 'string' ? name : '',
    };
  },
};

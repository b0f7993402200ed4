/**
 * The one interface of an OpenID Connect identity provider (an organisation's, or the platform's
 * central account system). A provider knows nothing of our database: it builds the authorization
 * address that begins a login, and turns the callback's code into verified claims.
 */

/** What the provider needs to reach the issuer as this client (the secret already decrypted). */
export type ProviderSettings = {
  /** Cache key: changes whenever the configuration does (id and updatedAt). */
  cacheKey: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
};

export type AuthorizationInput = {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  /** 'none' for ?autologon: sign in only if a session at the provider exists. */
  prompt?: 'none' | 'login';
};

export type CallbackInput = {
  redirectUri: string;
  code: string;
  state: string;
  /** RFC 9207 issuer of the authorization response, when the browser passed it on. */
  iss?: string;
  expectedNonce: string;
  codeVerifier: string;
};

/** The verified identity: subject, and what the provider says about email and name. */
export type VerifiedIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
};

export interface IdentityProviderClient {
  authorizationUrl(settings: ProviderSettings, input: AuthorizationInput): Promise<URL>;
  /** Throws OidcRefusal when the provider or the token refuse (bad code, replay, wrong nonce). */
  exchange(settings: ProviderSettings, input: CallbackInput): Promise<VerifiedIdentity>;
}

export type RefusalReason = 'nonce' | 'exchange' | 'unavailable';

/** A refused exchange, with why (the services map it to an AppError code). */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OidcRefusal';
  }
}

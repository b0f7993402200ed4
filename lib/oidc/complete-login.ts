import type { DB } from '@/db/client';
import type { Auth } from '@/lib/auth/auth';
import { isRegistered } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import { consumeState } from './consume-state';
import { linkAccount } from './link-account';
import { openIdClientProvider } from './providers/openid-client';
import { OidcRefusal, type IdentityProviderClient } from './providers/types';
import { findProviderById, settingsOf, type ProviderKind } from './queries';
import { createSessionFor } from './session';

export type CompleteInput = {
  kind: ProviderKind;
  conferenceId: number;
  code: string;
  state: string;
  iss?: string;
  /** The request's headers (the session records address and browser). */
  headers: Headers;
  client?: IdentityProviderClient;
  auth?: Auth;
  now?: Date;
};

export type CompletedLogin = {
  userId: string;
  created: boolean;
  /** The signed session token (Bearer for API clients). */
  token: string;
  setCookies: string[];
  /** Where to go next (a path of this site, with its language prefix). */
  returnPath: string;
  registered: boolean;
};

const REFUSALS = { nonce: 'OIDC_NONCE_MISMATCH', exchange: 'OIDC_EXCHANGE_FAILED', unavailable: 'OIDC_PROVIDER_UNAVAILABLE' } as const;

/**
 * The callback of a login: consumes the state (once), exchanges the code with the PKCE verifier
 * and checks state and nonce, links or creates the account and signs it in.
 */
export async function completeLogin(db: DB, input: CompleteInput): Promise<CompletedLogin> {
  const state = await consumeState(db, { state: input.state, conferenceId: input.conferenceId, kind: input.kind, now: input.now });
  const provider = await findProviderById(db, state.providerId);
  if (!provider || !provider.enabled) throw new AppError('OIDC_STATE_INVALID');
  const client = input.client ?? openIdClientProvider;
  let identity;
  try {
    identity = await client.exchange(settingsOf(provider), {
      redirectUri: state.redirectUri,
      code: input.code,
      state: input.state,
      iss: input.iss,
      expectedNonce: state.nonce,
      codeVerifier: state.codeVerifier,
    });
  } catch (error) {
    if (error instanceof OidcRefusal) throw new AppError(REFUSALS[error.reason]);
    throw error;
  }
  const linked = await linkAccount(db, provider.id, identity, input.now);
  const session = await createSessionFor(linked.userId, { headers: input.headers, auth: input.auth });
  return {
    ...linked,
    ...session,
    returnPath: state.returnPath,
    registered: await isRegistered(db, input.conferenceId, linked.userId),
  };
}

/**
 * A provider answered without a code (the visitor is not signed in there for ?autologon, or said
 * no): the attempt is used up and the visitor goes back where they were. Null for an unknown state.
 */
export async function abandonLogin(db: DB, input: { kind: ProviderKind; conferenceId: number; state: string }): Promise<string | null> {
  try {
    const state = await consumeState(db, input);
    return state.returnPath;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { session, ssoCode } from '@/db/schema';
import { findConferenceByHost } from '@/lib/tenancy/resolve-conference';
import { normaliseHost } from '@/lib/tenancy/hosts';
import { authSecret } from './auth';
import { sessionTokenFrom } from './session-lookup';
import { hashSessionToken } from './session-token-hash';
import { isPlatformControlled } from './sso-hosts';

/**
 * One sign-in across the installation's sites: the authorization code flow with PKCE, between sites of one
 * installation. A site without a session (the client) sends the browser to a site that has one (the authorizer, the
 * central site for a pull, the conference site right after its own sign-in for a push) with a state and a PKCE
 * challenge it keeps in a sealed HttpOnly cookie; the authorizer answers with a one-time code for the signed-in
 * account, bound to the client's origin and the challenge, living a minute; the client redeems it once with the
 * verifier from its cookie and makes its own session, in the family of the one the code came from. No cookie is ever
 * shared between hosts; codes go only to hosts of this installation; logging out ends the family.
 */
export const SSO_COOKIE = 'confhub.sso';
export const SSO_COOKIE_PATH = '/api/sso';
const STATE_TTL_MS = 10 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;

export type SsoState = {
  /** The state sent out and expected back. */
  state: string;
  /** The PKCE verifier, whose S256 challenge went out. */
  verifier: string;
  /** The origin asked for a code. */
  peer: string;
  /** Where to go afterwards: a locale-free path of this site (a pull) or an address on the peer (a push). */
  back: string;
  locale: 'zh' | 'en';
  at: number;
};

const token = (bytes = 32) => randomBytes(bytes).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
/** How a sign-in's state is kept server-side (its codes and its flow row): never the state itself. */
export const stateHash = sha256;
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

function sign(payload: string): string {
  return createHmac('sha256', authSecret()).update(`sso.${payload}`).digest('base64url');
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new state for a sign-in that begins here, and the cookie value that carries it (signed with the auth secret). */
export function newState(input: Omit<SsoState, 'state' | 'verifier' | 'at'>): { state: SsoState; sealed: string } {
  const state: SsoState = { ...input, state: token(24), verifier: token(32), at: Date.now() };
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return { state, sealed: `${payload}.${sign(payload)}` };
}

/** The state a cookie carries, when its signature holds and it is less than ten minutes old; else null. */
export function openState(sealed: string | undefined, now = Date.now()): SsoState | null {
  if (!sealed) return null;
  const dot = sealed.indexOf('.');
  if (dot <= 0 || !equal(sealed.slice(dot + 1), sign(sealed.slice(0, dot)))) return null;
  try {
    const state = JSON.parse(Buffer.from(sealed.slice(0, dot), 'base64url').toString('utf8')) as SsoState;
    if (typeof state.at !== 'number' || now - state.at > STATE_TTL_MS || now < state.at - 60_000) return null;
    return state;
  } catch {
    return null;
  }
}

/** Whether the state a callback brings back is the one this browser's cookie holds. */
export function sameState(expected: SsoState, given: string): boolean {
  return equal(expected.state, given);
}

/**
 * The cookie holding one sign-in's state, named after that state: two sign-ins begun at once (two tabs) keep apart.
 * Null for a state that is no state of ours.
 */
export function stateCookieName(state: string): string | null {
  return /^[\w-]{16,128}$/.test(state) ? `${SSO_COOKIE}.${state.slice(0, 16)}` : null;
}

export function stateCookie(
  name: string,
  value: string,
  secure: boolean,
  maxAgeSeconds = STATE_TTL_MS / 1000,
  path = SSO_COOKIE_PATH,
): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export type SiteOrigin = { origin: string; host: string; platformControlled: boolean };

/**
 * Another site of this installation, or null: http(s) without a path, on a host that selects a conference (the
 * platform's own hosts, `<slug>.` sites under them, approved domains), on this site's port, and not this site itself
 * (a code never goes back where it was asked for). Plain http only where the central site itself is plain http
 * (development) or on `.localhost`.
 */
export async function otherSiteOrigin(db: Executor, value: string, ownOrigin: string): Promise<SiteOrigin | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin !== value.replace(/\/$/, '') || url.username || url.password) return null;
  const host = normaliseHost(url.host);
  const own = new URL(ownOrigin);
  if (url.protocol === 'http:' && own.protocol === 'https:' && !host.endsWith('.localhost')) return null;
  // The installation answers on one port: another port on a host of ours is nobody's site.
  if (url.port !== own.port || url.origin === own.origin) return null;
  if (!(await findConferenceByHost(db, host))) return null;
  return { origin: url.origin, host, platformControlled: isPlatformControlled(host) };
}

/** The session a request signs in with (cookie or bearer): its row id, account and family. */
export async function requestSession(db: Executor, headers: Headers) {
  const raw = sessionTokenFrom(headers, authSecret());
  if (!raw) return null;
  const [row] = await db
    .select({ id: session.id, userId: session.userId, family: session.ssoFamily })
    .from(session)
    .where(and(eq(session.token, hashSessionToken(raw)), gt(session.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/**
 * A one-time code for the account signed in with `sessionId`, for `clientOrigin`, the PKCE challenge and the state of
 * the sign-in it answers; the session gets a family if it had none. Expired codes are cleared on the way.
 */
export async function issueCode(
  db: Executor,
  input: { sessionId: string; clientOrigin: string; challenge: string; state: string },
): Promise<string> {
  const [owner] = await db
    .update(session)
    .set({ ssoFamily: sql`coalesce(${session.ssoFamily}, gen_random_uuid()::text)` })
    .where(eq(session.id, input.sessionId))
    .returning({ userId: session.userId, family: session.ssoFamily });
  if (!owner?.family) throw new Error('the session ended while a code was issued');
  await db.delete(ssoCode).where(lt(ssoCode.expiresAt, new Date()));
  const code = token(32);
  await db.insert(ssoCode).values({
    codeHash: sha256(code),
    userId: owner.userId,
    clientOrigin: input.clientOrigin,
    challenge: input.challenge,
    stateHash: stateHash(input.state),
    family: owner.family,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Redeems a code once: it must exist, be unexpired, have been issued to this origin in the sign-in with this state, and
 * match the verifier's challenge. A code presented with the wrong verifier, state or origin is used up all the same
 * (no second guess).
 */
export async function redeemCode(db: Executor, input: { code: string; clientOrigin: string; verifier: string; state: string }) {
  const [row] = await db
    .delete(ssoCode)
    .where(eq(ssoCode.codeHash, sha256(input.code)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  if (
    !equal(row.clientOrigin, input.clientOrigin) ||
    !equal(row.challenge, challengeOf(input.verifier)) ||
    !equal(row.stateHash, stateHash(input.state))
  )
    return null;
  return { userId: row.userId, family: row.family };
}

/** Puts a session made by a redeemed code into the family of the one the code came from. */
export async function joinFamily(db: Executor, sessionId: string, family: string): Promise<void> {
  await db.update(session).set({ ssoFamily: family }).where(eq(session.id, sessionId));
}

/** Ends every session of a family (logging out on one site ends the sign-in on all of them). */
export async function endFamily(db: Executor, userId: string, family: string): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.ssoFamily, family), eq(session.userId, userId)))
    .returning({ id: session.id });
  return ended.length;
}

import 'server-only';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ssoFlow, user } from '@/db/schema';
import { stateHash } from './sso';
import { isPlatformControlled } from './sso-hosts';

/**
 * The sign-ins across sites that a site of this installation began (lib/auth/sso.ts), kept by the hash of their state.
 * A code is issued only for a sign-in its client began towards the site asked (never for a state someone made up), and
 * only once; a code that must wait for the visitor's confirmation on the client waits here.
 */
const FLOW_TTL_MS = 10 * 60 * 1000;

export type FlowKey = { state: string; clientOrigin: string; peerOrigin: string; challenge: string };

/** One spelling per origin (a default port dropped, the host in lower case), however the request named it. */
const originKey = (origin: string) => new URL(origin).origin;

const matches = (key: FlowKey) =>
  and(
    eq(ssoFlow.stateHash, stateHash(key.state)),
    eq(ssoFlow.clientOrigin, originKey(key.clientOrigin)),
    eq(ssoFlow.peerOrigin, originKey(key.peerOrigin)),
    eq(ssoFlow.challenge, key.challenge),
    gt(ssoFlow.expiresAt, new Date()),
  );

/** Records a sign-in begun here (the client) towards `peerOrigin`; expired ones are cleared on the way. */
export async function recordFlow(db: Executor, key: FlowKey): Promise<void> {
  await db.delete(ssoFlow).where(lt(ssoFlow.expiresAt, new Date()));
  await db.insert(ssoFlow).values({
    stateHash: stateHash(key.state),
    clientOrigin: originKey(key.clientOrigin),
    peerOrigin: originKey(key.peerOrigin),
    challenge: key.challenge,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
}

/** Whether the client began this sign-in towards this peer and no code has been issued for it yet. */
export async function flowOpen(db: Executor, key: FlowKey): Promise<boolean> {
  const [row] = await db
    .select({ at: ssoFlow.expiresAt })
    .from(ssoFlow)
    .where(and(matches(key), isNull(ssoFlow.codeIssuedAt)))
    .limit(1);
  return Boolean(row);
}

/** Takes the sign-in's one code: true once for a sign-in the client began towards this peer, false ever after. */
export async function claimFlow(db: Executor, key: FlowKey): Promise<boolean> {
  const claimed = await db
    .update(ssoFlow)
    .set({ codeIssuedAt: new Date() })
    .where(and(matches(key), isNull(ssoFlow.codeIssuedAt)))
    .returning({ stateHash: ssoFlow.stateHash });
  return claimed.length === 1;
}

/** The sign-in is over (signed in, declined or refused): its row goes. */
export async function endFlow(db: Executor, state: string): Promise<void> {
  await db.delete(ssoFlow).where(eq(ssoFlow.stateHash, stateHash(state)));
}

/**
 * Whether a redeemed code may sign the visitor in on the client without asking: not when another account is signed in
 * there (a callback never swaps one person's session for another's unasked), and not when the code came from a
 * conference's own domain (its organiser controls that name in DNS and could have asked for the code with their own
 * account), just as a code going to such a domain is confirmed first.
 */
export function signsInUnasked(input: { currentUserId: string | null; redeemedUserId: string; peerOrigin: string }): boolean {
  if (input.currentUserId !== null && input.currentUserId !== input.redeemedUserId) return false;
  return isPlatformControlled(new URL(input.peerOrigin).host);
}

/** Keeps a redeemed sign-in until the visitor confirms it on /ssoConfirm. */
export async function holdPending(db: Executor, state: string, pending: { userId: string; family: string }): Promise<void> {
  await db
    .update(ssoFlow)
    .set({ pendingUserId: pending.userId, pendingFamily: pending.family })
    .where(eq(ssoFlow.stateHash, stateHash(state)));
}

export type PendingSignIn = { userId: string; family: string; email: string; peerOrigin: string };

const pendingWhere = (state: string, clientOrigin: string) =>
  and(
    eq(ssoFlow.stateHash, stateHash(state)),
    eq(ssoFlow.clientOrigin, originKey(clientOrigin)),
    isNotNull(ssoFlow.pendingUserId),
    gt(ssoFlow.expiresAt, new Date()),
  );

/** The sign-in waiting for the visitor's answer on this site, to show them whose it is and where it came from. */
export async function findPending(db: Executor, input: { state: string; clientOrigin: string }): Promise<PendingSignIn | null> {
  const [row] = await db
    .select({ userId: user.id, family: ssoFlow.pendingFamily, email: user.email, peerOrigin: ssoFlow.peerOrigin })
    .from(ssoFlow)
    .innerJoin(user, eq(user.id, ssoFlow.pendingUserId))
    .where(pendingWhere(input.state, input.clientOrigin))
    .limit(1);
  return row?.family ? { ...row, family: row.family } : null;
}

/** Takes the waiting sign-in once (the flow ends with it): null when there is none, or it was answered already. */
export async function takePending(db: Executor, input: { state: string; clientOrigin: string }) {
  const [row] = await db
    .delete(ssoFlow)
    .where(pendingWhere(input.state, input.clientOrigin))
    .returning({ userId: ssoFlow.pendingUserId, family: ssoFlow.pendingFamily, peerOrigin: ssoFlow.peerOrigin });
  return row?.userId && row.family ? { userId: row.userId, family: row.family, peerOrigin: row.peerOrigin } : null;
}

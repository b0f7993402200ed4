import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { identityProvider, oidcLoginState } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { ProviderKind } from './queries';

export type LoginState = typeof oidcLoginState.$inferSelect;

/**
 * Takes a login attempt's state, once: `UPDATE … WHERE consumed_at IS NULL AND expires_at > now()
 * RETURNING`, on this conference and for a provider of this kind. A forged, unknown, used or
 * foreign state is refused (OIDC_STATE_INVALID), an old one says it expired (OIDC_STATE_EXPIRED).
 * Of two callbacks racing with one state, exactly one gets it.
 */
export async function consumeState(
  db: Executor,
  input: { state: string; conferenceId: number; kind: ProviderKind; now?: Date },
): Promise<LoginState> {
  const now = input.now ?? new Date();
  const ofKind = db.select({ id: identityProvider.id }).from(identityProvider).where(eq(identityProvider.kind, input.kind));
  const [taken] = await db
    .update(oidcLoginState)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcLoginState.state, input.state),
        eq(oidcLoginState.conferenceId, input.conferenceId),
        isNull(oidcLoginState.consumedAt),
        gt(oidcLoginState.expiresAt, now),
        inArray(oidcLoginState.providerId, ofKind),
      ),
    )
    .returning();
  if (taken) return taken;
  const [left] = await db
    .select({ consumedAt: oidcLoginState.consumedAt, expiresAt: oidcLoginState.expiresAt })
    .from(oidcLoginState)
    .where(and(eq(oidcLoginState.state, input.state), eq(oidcLoginState.conferenceId, input.conferenceId)))
    .limit(1);
  if (left && !left.consumedAt && left.expiresAt <= now) throw new AppError('OIDC_STATE_EXPIRED');
  throw new AppError('OIDC_STATE_INVALID');
}

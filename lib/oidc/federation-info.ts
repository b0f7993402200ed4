import { desc, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { identityProvider, user, userIdentity } from '@/db/schema';

export type FederationInfo = {
  email: string;
  name: string;
  /** Signed in through the central account system at least once (spec's isUmtUser). */
  isUmtUser: boolean;
  identities: { kind: string; zname: string; ename: string; entityId: string; email: string; name: string }[];
};

/**
 * What the providers said about the signed-in account (spec §7, the federation-information call on
 * /conference/conferenceUser): used to prefill the registration form. Only the caller's own rows.
 */
export async function federationInfo(db: DB, userId: string): Promise<FederationInfo> {
  const [account] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  const identities = await db
    .select({
      kind: identityProvider.kind,
      zname: identityProvider.nameZh,
      ename: identityProvider.nameEn,
      entityId: identityProvider.entityId,
      email: userIdentity.email,
      name: userIdentity.name,
    })
    .from(userIdentity)
    .innerJoin(identityProvider, eq(identityProvider.id, userIdentity.providerId))
    .where(eq(userIdentity.userId, userId))
    .orderBy(desc(userIdentity.lastLoginAt));
  const latest = identities[0];
  return {
    email: latest?.email || account?.email || '',
    name: latest?.name || account?.name || '',
    isUmtUser: identities.some((i) => i.kind === 'central'),
    identities,
  };
}

import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { identityProvider } from '@/db/schema';
import { decryptSecrets } from '@/lib/server/secrets';
import type { ProviderSettings } from './providers/types';

export type IdentityProviderRow = typeof identityProvider.$inferSelect;
export type ProviderKind = 'organisation' | 'central';

/** An enabled organisation provider by its slug. */
export async function findOrganisation(db: Executor, slug: string): Promise<IdentityProviderRow | null> {
  const [row] = await db
    .select()
    .from(identityProvider)
    .where(and(eq(identityProvider.slug, slug), eq(identityProvider.kind, 'organisation'), eq(identityProvider.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** The platform's central account system, when one is configured and enabled. */
export async function findCentral(db: Executor): Promise<IdentityProviderRow | null> {
  const [row] = await db
    .select()
    .from(identityProvider)
    .where(and(eq(identityProvider.kind, 'central'), eq(identityProvider.enabled, true)))
    .limit(1);
  return row ?? null;
}

export async function findProviderById(db: Executor, id: number): Promise<IdentityProviderRow | null> {
  const [row] = await db.select().from(identityProvider).where(eq(identityProvider.id, id)).limit(1);
  return row ?? null;
}

/** The enabled organisations: shortcuts first (1..3), then by English name. */
export async function listOrganisations(db: Executor): Promise<IdentityProviderRow[]> {
  return db
    .select()
    .from(identityProvider)
    .where(and(eq(identityProvider.kind, 'organisation'), eq(identityProvider.enabled, true)))
    .orderBy(sql`${identityProvider.shortcutOrder} asc nulls last`, asc(identityProvider.nameEn));
}

/** What the provider client needs, with the client secret decrypted (server only). */
export function settingsOf(row: IdentityProviderRow): ProviderSettings {
  return {
    // The issuer and client are in the key: a discovery is never reused for another provider that
    // shares a row id and a save time (two databases in one process, as the tests run).
    cacheKey: `${row.id}:${row.updatedAt.getTime()}:${row.issuer}:${row.clientId}`,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: decryptSecrets(row.clientSecretEnc).clientSecret ?? '',
    scopes: row.scopes,
  };
}

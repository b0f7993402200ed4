import { and, asc, eq, ne } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { identityProvider } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { encryptSecrets } from '@/lib/server/secrets';
import type { IdentityProviderValues } from './schemas';

/** A provider as the administrator's screen sees it: everything but the secret, which is only "set" or not. */
export type AdminProvider = Omit<typeof identityProvider.$inferSelect, 'clientSecretEnc' | 'createdAt' | 'updatedAt'> & {
  secretSet: boolean;
  updatedAt: string;
};

export async function listProvidersForAdmin(db: DB): Promise<AdminProvider[]> {
  const rows = await db.select().from(identityProvider).orderBy(asc(identityProvider.kind), asc(identityProvider.nameEn));
  return rows.map(({ clientSecretEnc, createdAt: _created, updatedAt, ...rest }) => ({
    ...rest,
    secretSet: clientSecretEnc !== '',
    updatedAt: updatedAt.toISOString(),
  }));
}

/**
 * Adds (id null) or changes a provider. The client secret is write-only: a new one is encrypted
 * at rest, '' keeps the stored one (clearSecret removes it). At most one central system is enabled;
 * a shortcut place (1–3) belongs to one enabled organisation. Changing a row changes updatedAt,
 * which makes the next login discover its issuer again.
 */
export async function saveProvider(db: DB, id: number | null, values: IdentityProviderValues): Promise<{ id: number }> {
  const { clientSecret, clearSecret, ...fields } = values;
  const shortcutOrder = fields.kind === 'organisation' ? fields.shortcutOrder : null;
  const secret = clientSecret ? { clientSecretEnc: encryptSecrets({ clientSecret }) } : clearSecret ? { clientSecretEnc: '' } : {};
  try {
    return await db.transaction(async (tx) => {
      if (shortcutOrder !== null && fields.enabled) {
        const [holder] = await tx
          .select({ id: identityProvider.id })
          .from(identityProvider)
          .where(
            and(
              eq(identityProvider.shortcutOrder, shortcutOrder),
              eq(identityProvider.enabled, true),
              id === null ? undefined : ne(identityProvider.id, id),
            ),
          )
          .for('update');
        if (holder) throw new AppError('IDENTITY_PROVIDER_SHORTCUT_TAKEN');
      }
      const row = { ...fields, shortcutOrder, ...secret, updatedAt: new Date() };
      if (id === null) {
        const [created] = await tx.insert(identityProvider).values(row).returning({ id: identityProvider.id });
        return created;
      }
      const [updated] = await tx
        .update(identityProvider)
        .set(row)
        .where(eq(identityProvider.id, id))
        .returning({ id: identityProvider.id });
      if (!updated) throw new AppError('IDENTITY_PROVIDER_NOT_FOUND');
      return updated;
    });
  } catch (error) {
    const unique = uniqueViolation(error);
    if (!unique) throw error;
    if (
      unique.constraint === 'identity_provider_one_central' ||
      (unique.constraint === null && fields.kind === 'central' && fields.enabled)
    ) {
      throw new AppError('IDENTITY_PROVIDER_CENTRAL_EXISTS');
    }
    throw new AppError('IDENTITY_PROVIDER_SLUG_TAKEN');
  }
}

/** Planting identity providers that point at a stand-in, for the OIDC integration tests. */
import type { Database } from '@/db/client';
import { identityProvider } from '@/db/schema';
import { encryptSecrets } from '@/lib/server/secrets';

export const STANDIN_CLIENT = { clientId: 'confhub', clientSecret: 'standin-client-secret-1234' };

export { callbackUris } from './oidc-standin';

export async function plantProvider(
  database: Database,
  issuer: string,
  values: Partial<typeof identityProvider.$inferInsert> & { slug: string },
): Promise<number> {
  const [row] = await database.db
    .insert(identityProvider)
    .values({
      kind: 'organisation',
      nameZh: `${values.slug} 大学`,
      nameEn: `${values.slug} University`,
      entityId: `https://${values.slug}.example.org/idp`,
      issuer,
      clientId: STANDIN_CLIENT.clientId,
      clientSecretEnc: encryptSecrets({ clientSecret: STANDIN_CLIENT.clientSecret }),
      ...values,
    })
    .returning({ id: identityProvider.id });
  return row.id;
}

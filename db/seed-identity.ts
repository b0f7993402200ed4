import type { DB } from './client';
import { identityProvider } from './schema';
import { DEMO_IDP } from '@/lib/oidc/demo';
import { encryptSecrets } from '@/lib/server/secrets';

/**
 * The demo's organisation list (idempotent, by slug): one organisation whose provider is the demo
 * stand-in (`npm run idp:demo` on http://localhost:3900; its client secret encrypted like any
 * administrator's), and two more without a running server, so the list and its search have content.
 */
export async function seedDemoIdentity(db: DB): Promise<void> {
  const unreachable = encryptSecrets({ clientSecret: 'no-server-behind-this-one' });
  await db
    .insert(identityProvider)
    .values([
      {
        kind: 'organisation',
        slug: DEMO_IDP.slug,
        nameZh: '示范大学',
        nameEn: 'Demo University',
        entityId: 'https://idp.demo-university.example.org/idp/shibboleth',
        federation: 'local',
        issuer: DEMO_IDP.issuer,
        clientId: DEMO_IDP.clientId,
        clientSecretEnc: encryptSecrets({ clientSecret: DEMO_IDP.clientSecret }),
        homeUrl: 'https://demo-university.example.org',
        shortcutOrder: 1,
      },
      {
        kind: 'organisation',
        slug: 'example-academy',
        nameZh: '示例科学院',
        nameEn: 'Example Academy of Sciences',
        entityId: 'https://idp.example-academy.example.org/idp',
        federation: 'edugain',
        issuer: 'https://idp.example-academy.example.org',
        clientId: 'confhub',
        clientSecretEnc: unreachable,
        shortcutOrder: 2,
      },
      {
        kind: 'organisation',
        slug: 'sample-institute',
        nameZh: '样例研究所',
        nameEn: 'Sample Institute of Technology',
        entityId: 'https://login.sample-institute.example.org/idp',
        federation: 'edugain',
        issuer: 'https://login.sample-institute.example.org',
        clientId: 'confhub',
        clientSecretEnc: unreachable,
      },
    ])
    .onConflictDoNothing({ target: identityProvider.slug });
}

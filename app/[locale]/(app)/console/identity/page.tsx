import { Container, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ProviderAdmin } from '@/components/oidc/provider-admin';
import { requirePage } from '@/lib/auth/require-page';
import { originOf } from '@/lib/conferences/seo';
import { listProvidersForAdmin } from '@/lib/oidc/admin';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identityAdmin');
  return { title: t('title') };
}

/** The platform administrator's identity providers: organisations (with shortcut logos) and the central account system. */
export default async function IdentityProvidersPage() {
  const { db } = await requirePage('/console/identity');
  const [t, providers, h] = await Promise.all([getTranslations('identityAdmin'), listProvidersForAdmin(db), headers()]);
  const origin = originOf(h);
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="xs">
        {t('intro')}
      </Text>
      <Text size="sm" c="dimmed" mb="lg" style={{ wordBreak: 'break-all' }}>
        {t('callbackHint', { oidc: `${origin}/oidcLogin`, central: `${origin}/login` })}
      </Text>
      <ProviderAdmin providers={providers} />
    </Container>
  );
}

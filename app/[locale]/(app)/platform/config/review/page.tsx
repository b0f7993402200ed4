import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReviewConfigForm } from '@/components/review/review-config-form';
import { requirePage } from '@/lib/auth/require-page';
import { getReviewConfig } from '@/lib/review/config';
import { managerOnly } from '@/lib/review/page-access';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('configTitle') };
}

/** Review configuration (spec §2 /platform/config/review), for managers. */
export default async function ReviewConfigPage() {
  const ctx = await requirePage('/platform/config/review');
  managerOnly(ctx);
  const [t, config] = await Promise.all([getTranslations('review'), getReviewConfig(ctx.db, ctx.conference.id)]);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={3}>{t('configTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('configIntro')}
        </Text>
        <ReviewConfigForm initial={config} />
      </Stack>
    </Paper>
  );
}

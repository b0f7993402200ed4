import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('platform');
  return { title: t('reviewerHomeTitle') };
}

/** The reviewers' landing page: the review area they are confined to. */
export default async function ReviewerHome() {
  const { user, conference, locale } = await requirePage('/platform/submissionManage/user');
  const t = await getTranslations('platform');
  return (
    <Paper withBorder p="xl">
      <Stack>
        <Title order={3} data-testid="reviewer-home">
          {t('reviewerHomeTitle')}
        </Title>
        <Text>{t('reviewerWelcome', { name: user.name, conference: localized(conference.shortTitle, locale) })}</Text>
        <Alert color="gray">{t('reviewerNoAssignments')}</Alert>
      </Stack>
    </Paper>
  );
}

import { Container, Paper, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CreateConferenceForm } from '@/components/conferences/create-conference-form';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('console');
  return { title: t('createTitle') };
}

/** Any signed-in user may create a conference; it stays private until published. */
export default async function CreateConferencePage() {
  await requirePage('/console/create');
  const t = await getTranslations('console');
  return (
    <Container size="md" py="xl">
      <Title order={2} mb="xs">
        {t('createTitle')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('createHint')}
      </Text>
      <Paper withBorder p="xl">
        <CreateConferenceForm />
      </Paper>
    </Container>
  );
}

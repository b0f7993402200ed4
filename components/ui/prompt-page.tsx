import { Container, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from './button-link';

/** The prompt pages (/404, /403, /401, /unpublished, no conference): a title, a sentence, a way home. */
export async function PromptPage({
  code,
  title,
  text,
  showHome = true,
}: {
  code: string;
  title: string;
  text: string;
  showHome?: boolean;
}) {
  const t = await getTranslations('prompt');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          {code}
        </Text>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {showHome && (
          <ButtonLink href="/" variant="light">
            {t('backHome')}
          </ButtonLink>
        )}
      </Stack>
    </Container>
  );
}

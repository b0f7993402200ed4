import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { siteUrl } from '@/lib/conferences/site-url';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { registeredConferences } from '@/lib/conferences/registered-conferences';

type Row = Awaited<ReturnType<typeof registeredConferences>>[number];

/** "My conferences" as a participant: each conference registered for, its number, and a link to its website. */
export async function RegisteredConferences({ rows, host, locale }: { rows: Row[]; host: string | null; locale: Locale }) {
  const t = await getTranslations('console');
  return (
    <section aria-labelledby="registered-conferences">
      <Title order={3} size="h4" mb="sm" id="registered-conferences">
        {t('registeredTitle')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="registered-empty">
          {t('registeredEmpty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="registered-conferences">
          {rows.map((row) => (
            <Paper key={row.id} withBorder p="sm" data-conference={row.slug}>
              <Group justify="space-between" gap="xs">
                <div>
                  <Text fw={500}>{localized(row.title, locale)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('registeredCode', { code: row.code })}
                  </Text>
                </div>
                <Anchor
                  href={`${siteUrl(row.slug, row.domain ? [row.domain] : [], host)}${localePath(locale, '/')}`}
                  data-testid="open-site"
                >
                  {t('openSite')}
                </Anchor>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}

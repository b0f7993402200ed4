import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { formatSize } from '@/lib/downloads/format-size';
import { listMaterialsFor } from '@/lib/downloads/materials';
import { viewerOf } from '@/lib/downloads/permissions';
import { extensionOf } from '@/lib/storage/file-types';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('downloads');
  return { title: t('title') };
}

/**
 * Download (spec §2 /profile/download): the organisers' materials the visitor's audience allows
 * (everyone signed in, registrants, registrants who paid), each downloaded through the handler
 * that checks the audience again. Materials kept for others are counted, with how to reach them.
 */
export default async function DownloadPage() {
  const { db, conference, user, roles, locale } = await requirePage('/profile/download');
  const t = await getTranslations('downloads');
  const viewer = await viewerOf(db, conference.id, user.id, roles);
  const { materials, hidden } = await listMaterialsFor(db, conference.id, viewer);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        {hidden > 0 && (
          <Alert color="blue" data-testid="downloads-hidden">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{viewer.registered ? t('hiddenUnpaid', { count: hidden }) : t('hiddenUnregistered', { count: hidden })}</Text>
              {viewer.registered ? (
                <ButtonLink href="/profile/order/list" size="xs" variant="light">
                  {t('goOrders')}
                </ButtonLink>
              ) : (
                <ButtonLink href="/conferenceRegister" size="xs" variant="light">
                  {t('goRegister')}
                </ButtonLink>
              )}
            </Stack>
          </Alert>
        )}
        {materials.length === 0 ? (
          <Text c="dimmed" data-testid="downloads-none">
            {t('none')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="download-list">
            {materials.map((m) => {
              const title = localized(m.title, locale);
              const description = localized(m.description, locale);
              return (
                <Paper key={m.id} withBorder p="sm" component="li" data-material={m.id}>
                  <Stack gap={4}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Text>
                    {description && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                        {description}
                      </Text>
                    )}
                    <Group gap="xs" wrap="wrap">
                      <Anchor
                        href={`/api/conference/download/${m.id}`}
                        aria-label={t('downloadOf', { name: title, file: m.file.oriName })}
                        style={{ overflowWrap: 'anywhere' }}
                        data-testid="download-link"
                      >
                        {m.file.oriName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {extensionOf(m.file.oriName).toUpperCase()} · {formatSize(m.file.size)}
                      </Text>
                      {m.audience !== 'all' && (
                        <Badge size="xs" variant="light">
                          {t(`audience_${m.audience}`)}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

import { CONFERENCE_STATUS, conferenceStatus, type ConferenceStatus } from '@/lib/conferences/status';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ConferenceActions } from '@/components/conferences/conference-actions';
import { ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { myConferences } from '@/lib/conferences/lifecycle';
import { registeredConferences } from '@/lib/conferences/registered-conferences';
import { RegisteredConferences } from '@/components/conferences/registered-conferences';
import { PlatformConferences } from '@/components/conferences/platform-conferences';
import { overviewFilter, platformOverview } from '@/lib/conferences/platform-overview';
import { siteUrl } from '@/lib/conferences/site-url';
import { localized } from '@/lib/i18n/localized';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('console');
  return { title: t('title') };
}

const STATUS_COLORS: Record<ConferenceStatus, string> = {
  [CONFERENCE_STATUS.draft]: 'gray',
  [CONFERENCE_STATUS.pending]: 'yellow',
  [CONFERENCE_STATUS.closed]: 'dark',
  [CONFERENCE_STATUS.published]: 'green',
};

/**
 * My conferences: those I registered for (with their websites), then those I organise: create one,
 * request publication, cancel it, close; for the platform administrator, every conference of the installation
 * (PlatformConferences) and the links to the review and the identity providers. Drawn in the platform's own frame
 * (components/site/platform-header.tsx), not inside the conference whose address it was opened on.
 */
export default async function ConsolePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, user, roles, locale } = await requirePage('/console');
  // Every conference of the installation, for the platform administrator only.
  const filter = overviewFilter(await searchParams);
  const overview = roles.platformAdmin ? await platformOverview(db, filter) : null;
  const [t, ti, rows, registered, h] = await Promise.all([
    getTranslations('console'),
    getTranslations('identityAdmin'),
    myConferences(db, user.id),
    registeredConferences(db, user.id),
    headers(),
  ]);
  const host = h.get('host');
  return (
    <Container size="lg" py="xl">
      {/* The administrator's console lists every conference of the installation: not "my" conferences. */}
      <Title order={2} mb="lg" data-testid="console-title">
        {roles.platformAdmin ? t('adminTitle') : t('title')}
      </Title>
      {overview && <PlatformConferences rows={overview.rows} total={overview.total} filter={filter} host={host} locale={locale} />}
      <RegisteredConferences rows={registered} host={host} locale={locale} />
      <Group justify="space-between" mb="xs" mt="xl">
        <Title order={3} size="h4">
          {t('organisedTitle')}
        </Title>
        <Group gap="xs">
          {roles.platformAdmin && (
            <ButtonLink href="/console/review" variant="light" data-testid="open-review">
              {t('reviewTitle')}
            </ButtonLink>
          )}
          {roles.platformAdmin && (
            <ButtonLink href="/console/identity" variant="light" data-testid="open-identity">
              {ti('open')}
            </ButtonLink>
          )}
          <ButtonLink href="/console/create" data-testid="create-conference">
            {t('create')}
          </ButtonLink>
        </Group>
      </Group>
      <Text c="dimmed" mb="lg">
        {t('intro')}
      </Text>
      <ListTable
        testId="my-conferences"
        emptyTestId="console-empty"
        minWidth={760}
        empty={t('empty')}
        head={[t('colTitle'), t('colStatus'), t('colActions')]}
        rows={rows.map((row) => ({
          key: row.id,
          attrs: { 'data-conference': row.slug },
          cells: [
            <div key="title">
              <Text fw={500}>{localized(row.title, locale)}</Text>
              <Text size="xs" c="dimmed">
                {row.slug}
              </Text>
            </div>,
            <Stack key="status" gap={2}>
              <StatusBadge size="md" variant="light" color={STATUS_COLORS[conferenceStatus(row.status)]} data-testid="conference-status">
                {t(`status${conferenceStatus(row.status)}`)}
              </StatusBadge>
              {row.status === '1' && row.lastRejection && (
                <Text size="xs" c="red" data-testid="rejection-reason">
                  {t('rejectedBecause', { reason: row.lastRejection })}
                </Text>
              )}
            </Stack>,
            <ConferenceActions
              key="actions"
              id={row.id}
              status={row.status}
              siteUrl={siteUrl(row.slug, row.domain ? [row.domain] : [], host)}
            />,
          ],
        }))}
      />
    </Container>
  );
}

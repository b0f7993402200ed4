import { Badge, Group, Paper, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PUBLISHED } from '@/lib/conferences/status';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceDashboard } from '@/lib/conferences/dashboard';
import { localized } from '@/lib/i18n/localized';
import { StatusBadge } from '@/components/ui/status-badge';
import { CheckinCounts } from '@/components/onsite/checkin-counts';
import { checkinCounts } from '@/lib/onsite/counts';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('platform');
  return { title: t('dashboardTitle') };
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A div: the value may hold a badge (a div), which a <p> cannot (the browser would split it, error #418). */}
      <Text component="div" fw={700} fz="xl" mt={4} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The conference overview for its administrators. */
export default async function PlatformDashboard() {
  const { db, conference, locale } = await requirePage('/platform');
  const [t, data, counts] = await Promise.all([
    getTranslations('platform'),
    conferenceDashboard(db, conference),
    checkinCounts(db, { conferenceId: conference.id, timeZone: conference.timeZone }),
  ]);
  const statusKey = (['status1', 'status2', 'status3', 'status4'] as const)[Number(conference.status) - 1] ?? 'status1';
  const languageKey = (['language1', 'language2', 'language3'] as const)[conference.languageType - 1] ?? 'language3';
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={3}>{localized(conference.title, locale)}</Title>
        <StatusBadge variant="filled" color={conference.status === PUBLISHED ? 'green' : 'gray'} size="lg" data-testid="conference-status">
          {t(statusKey)}
        </StatusBadge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t('registrants')} value={`${data.registrants} / ${data.cap}`} testId="registrant-count" />
        <Stat
          label={t('registrationWindow')}
          value={
            <>
              {data.window.startDate ?? '—'} – {data.window.endDate ?? '—'}{' '}
              <StatusBadge size="md" color={data.window.open ? 'green' : 'gray'} variant="light">
                {data.window.open ? t('windowOpen') : t('windowClosed')}
              </StatusBadge>
            </>
          }
        />
        <Stat label={t('languageType')} value={t(languageKey)} />
      </SimpleGrid>
      <CheckinCounts initial={counts} locale={locale} />
      <Paper withBorder p="md">
        <Table>
          <TableTbody>
            <TableTr>
              <TableTd w={180}>
                <Text c="dimmed" size="sm">
                  {t('managers')}
                </Text>
              </TableTd>
              <TableTd>{data.managers.map((m) => `${m.name} <${m.email}>`).join(', ') || '—'}</TableTd>
            </TableTr>
            <TableTr>
              <TableTd>
                <Text c="dimmed" size="sm">
                  {t('reviewers')}
                </Text>
              </TableTd>
              <TableTd>{data.reviewers.map((m) => `${m.name} <${m.email}>`).join(', ') || '—'}</TableTd>
            </TableTr>
            <TableTr>
              <TableTd>
                <Text c="dimmed" size="sm">
                  {t('domains')}
                </Text>
              </TableTd>
              <TableTd>{[`${conference.slug}.localhost`, ...data.domains].join(', ')}</TableTd>
            </TableTr>
            <TableTr>
              <TableTd>
                <Text c="dimmed" size="sm">
                  {t('mailOutbox')}
                </Text>
              </TableTd>
              <TableTd>
                <Group gap="xs">
                  <Badge variant="light" color="green">
                    {t('mailSent')}: {data.mail.sent ?? 0}
                  </Badge>
                  <Badge variant="light" color="blue">
                    {t('mailPending')}: {(data.mail.pending ?? 0) + (data.mail.sending ?? 0)}
                  </Badge>
                  <Badge variant="light" color="red">
                    {t('mailFailed')}: {data.mail.failed ?? 0}
                  </Badge>
                  {data.mail.held ? (
                    <Badge variant="light" color="gray">
                      {t('mailHeld')}: {data.mail.held}
                    </Badge>
                  ) : null}
                </Group>
              </TableTd>
            </TableTr>
          </TableTbody>
        </Table>
      </Paper>
    </Stack>
  );
}

import { Paper, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title, VisuallyHidden } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { localized, type Locale } from '@/lib/i18n/localized';
import { STATUS_COLORS, isSubmissionStatus } from '@/lib/submissions/status';
import type { SubmissionStats } from '@/lib/submissions/stats';
import { StatusChart } from './status-chart';

/** The chart of submissions per session and status, with the same numbers as a table for screen readers. */
export async function StatusSummary({ stats, locale }: { stats: SubmissionStats; locale: Locale }) {
  const t = await getTranslations('contributeAdmin');
  const label = (status: string) => (isSubmissionStatus(status) ? t(`status_${status}`) : status);
  const sessionName = (path: SubmissionStats['sessions'][number]['path']) =>
    path.length === 0 ? t('noSession') : path.map((name) => localized(name, locale)).join(' / ');
  const used = stats.statuses.filter((s) => stats.sessions.some((e) => (e.counts[s] ?? 0) > 0));
  const rows = stats.sessions.filter((e) => e.total > 0);
  const data = rows.map((e) => ({ session: sessionName(e.path), ...Object.fromEntries(used.map((s) => [s, e.counts[s] ?? 0])) }));
  const series = used.map((s) => ({ key: s, label: label(s), color: `${isSubmissionStatus(s) ? STATUS_COLORS[s] : 'grape'}.6` }));
  return (
    <Paper withBorder p="md" data-testid="contribute-stats">
      <Title order={4} mb="sm" id="contribute-chart-title">
        {t('chartTitle')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('chartNone')}</Text>
      ) : (
        <>
          <StatusChart data={data} series={series} label={t('chartTitle')} />
          <VisuallyHidden>
            <Table data-testid="contribute-stats-table">
              <caption>{t('chartTable')}</caption>
              <TableThead>
                <TableTr>
                  <TableTh scope="col">{t('session')}</TableTh>
                  {used.map((s) => (
                    <TableTh scope="col" key={s}>
                      {label(s)}
                    </TableTh>
                  ))}
                  <TableTh scope="col">{t('chartTotal')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {rows.map((e) => (
                  <TableTr
                    key={e.sessionId ?? 'none'}
                    data-testid="contribute-stats-row"
                    data-session={e.sessionId ?? ''}
                    data-total={e.total}
                  >
                    <TableTh scope="row">{sessionName(e.path)}</TableTh>
                    {used.map((s) => (
                      <TableTd key={s}>{e.counts[s] ?? 0}</TableTd>
                    ))}
                    <TableTd>{e.total}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

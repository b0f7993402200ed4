import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { FilterForm, FilterSearch, FilterSelect } from '@/components/ui/filter-form';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { OVERVIEW_PAGE_SIZE, type OverviewFilter, type OverviewRow } from '@/lib/conferences/platform-overview';
import { siteUrl } from '@/lib/conferences/site-url';
import { CONFERENCE_STATUS, conferenceStatus } from '@/lib/conferences/status';
import { formatMoney } from '@/lib/fees/money';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';

const STATUS_COLORS: Record<string, string> = {
  [CONFERENCE_STATUS.draft]: 'gray',
  [CONFERENCE_STATUS.pending]: 'yellow',
  [CONFERENCE_STATUS.closed]: 'dark',
  [CONFERENCE_STATUS.published]: 'green',
};

/** The overview's address with these filters (page 1 unless given), for the filter reset and the page links. */
function overviewHref(locale: Locale, filter: OverviewFilter): string {
  const query = new URLSearchParams();
  if (filter.q) query.set('q', filter.q);
  if (filter.status) query.set('status', filter.status);
  if (filter.page > 1) query.set('page', String(filter.page));
  const search = query.toString();
  return `${localePath(locale, '/console')}${search ? `?${search}` : ''}#all-conferences`;
}

/**
 * Every conference of the installation, for the platform administrator (issue 25 point 2): status, dates,
 * registrants, paid money per currency and what waits for them, searched and filtered in the address; each opens
 * its website and its management.
 */
export async function PlatformConferences({
  rows,
  total,
  filter,
  host,
  locale,
}: {
  rows: OverviewRow[];
  total: number;
  filter: OverviewFilter;
  host: string | null;
  locale: Locale;
}) {
  const t = await getTranslations('console');
  const pages = Math.max(1, Math.ceil(total / OVERVIEW_PAGE_SIZE));
  const addressOf = (row: OverviewRow) =>
    siteUrl(
      row.slug,
      row.domains.filter((d) => d.status === 'approved').map((d) => d.domain),
      host,
    );
  const dates = (row: OverviewRow) =>
    row.startDate ? `${row.startDate}${row.endDate && row.endDate !== row.startDate ? ` – ${row.endDate}` : ''}` : '—';
  return (
    <section
      aria-labelledby="all-conferences-title"
      id="all-conferences"
      data-testid="platform-conferences"
      style={{ marginBottom: 'var(--mantine-spacing-xl)' }}
    >
      <Title order={3} size="h4" mb="xs" id="all-conferences-title">
        {t('allTitle', { total })}
      </Title>
      <Stack gap="sm">
        <FilterForm
          testId="platform-conferences"
          label={t('allFilters')}
          applyLabel={t('filterApply')}
          reset={
            filter.q || filter.status ? { href: overviewHref(locale, { q: '', status: '', page: 1 }), label: t('filterReset') } : undefined
          }
        >
          <FilterSearch
            label={t('filterSearch')}
            placeholder={t('filterSearchHint')}
            defaultValue={filter.q}
            testId="platform-conferences-q"
          />
          <FilterSelect
            name="status"
            label={t('colStatus')}
            defaultValue={filter.status}
            anyLabel={t('filterAny')}
            testId="platform-conferences-status"
            choices={[
              { value: 'waiting', label: t('filterWaiting') },
              ...Object.values(CONFERENCE_STATUS).map((value) => ({ value, label: t(`status${value}`) })),
            ]}
          />
        </FilterForm>
        <ListTable
          testId="platform-conference-list"
          emptyTestId="platform-conferences-empty"
          minWidth={900}
          empty={t('allEmpty')}
          head={[t('colTitle'), t('colStatus'), t('colDates'), t('colRegistrants'), t('colRevenue'), t('colActions')]}
          rows={rows.map((row) => ({
            key: row.id,
            attrs: { 'data-conference': row.slug },
            cells: [
              <div key="title">
                <Text fw={500}>{localized(row.title, locale)}</Text>
                <Text size="xs" c="dimmed">
                  {row.slug}
                  {row.domains.length > 0 && ` · ${row.domains.map((d) => d.domain).join(', ')}`}
                </Text>
              </div>,
              <Stack key="status" gap={4} align="flex-start">
                <StatusBadge size="md" variant="light" color={STATUS_COLORS[conferenceStatus(row.status)]}>
                  {t(`status${conferenceStatus(row.status)}`)}
                </StatusBadge>
                {row.pendingPublication && (
                  <Badge color="orange" variant="outline" data-testid="waiting-publication">
                    {t('waitingPublication')}
                  </Badge>
                )}
                {row.pendingDomains > 0 && (
                  <Badge color="orange" variant="outline" data-testid="waiting-domains">
                    {t('waitingDomains', { count: row.pendingDomains })}
                  </Badge>
                )}
              </Stack>,
              <Text key="dates" size="sm">
                {dates(row)}
              </Text>,
              <Text key="registrants" size="sm" data-testid="conference-registrants">
                {row.registrants}
              </Text>,
              <Stack key="revenue" gap={0} data-testid="conference-revenue">
                {row.revenue.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : (
                  row.revenue.map((r) => (
                    <Text key={r.currency} size="sm">
                      {formatMoney(r.amountMinor, r.currency, locale)}
                    </Text>
                  ))
                )}
              </Stack>,
              <Group key="actions" gap="xs">
                <Anchor href={`${addressOf(row)}${localePath(locale, '/platform')}`} data-testid="manage-conference">
                  {t('manage')}
                </Anchor>
                <Anchor href={`${addressOf(row)}${localePath(locale, '/')}`}>{t('openSite')}</Anchor>
              </Group>,
            ],
          }))}
        />
        <ListPages
          page={filter.page}
          pages={pages}
          href={(page) => overviewHref(locale, { ...filter, page })}
          labels={{ prev: t('pagePrev'), next: t('pageNext'), page: t('pageOf', { page: filter.page, pages }) }}
        />
      </Stack>
    </section>
  );
}

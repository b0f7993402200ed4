import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusSummary } from '@/components/submissions/admin/status-summary';
import { SubmissionDetail } from '@/components/submissions/admin/submission-detail';
import { SubmissionFilters } from '@/components/submissions/admin/submission-filters';
import { AnchorLink } from '@/components/ui/button-link';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { adminSubmissionDetail } from '@/lib/submissions/admin-detail';
import { adminSubmissions, flatSessions, reviewerChoices } from '@/lib/submissions/admin-list';
import {
  adminSubmissionHref,
  adminSubmissionQueryFrom,
  adminSubmissionSearch,
  ZAdminSubmissionQuery,
} from '@/lib/submissions/admin-list-params';
import { submissionChoices } from '@/lib/submissions/export-submissions';
import { sessionPathLabel } from '@/lib/submissions/session-tree';
import { submissionCountsBySessionAndStatus } from '@/lib/submissions/stats';
import { STATUS_COLORS, isSubmissionStatus } from '@/lib/submissions/status';
import { parseId } from '@/lib/validation/primitives';
import { StatusBadge } from '@/components/ui/status-badge';

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contributeAdmin');
  return { title: t('title') };
}

const FILTERS = ['q', 'session', 'status', 'reviewer', 'scoreMin', 'scoreMax', 'sort', 'page'] as const;

/** Whether the address carried filters that could not be read (they were replaced by the defaults). */
function filtersInvalid(params: SearchParams): boolean {
  const raw = Object.fromEntries(
    FILTERS.map((name) => [name, Array.isArray(params[name]) ? params[name][0] : params[name]]).filter(([, v]) => v !== undefined),
  );
  return !ZAdminSubmissionQuery.safeParse(raw).success;
}

/**
 * Submission management (spec §2 /platform/manage/contribute): the submissions per session and
 * status, the filtered, paged list with its export, and `?id=` for one submission with its reviews.
 */
export default async function ManageContributePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { db, conference, locale } = await requirePage('/platform/manage/contribute');
  const params = await searchParams;
  if (typeof params.id === 'string') {
    const id = parseId(params.id);
    const [detail, choices] = await Promise.all([
      id === null ? null : adminSubmissionDetail(db, conference.id, id),
      submissionChoices(db, conference.id),
    ]);
    return (
      <SubmissionDetail
        detail={detail}
        locale={locale}
        timeZone={conference.timeZone}
        backHref={adminSubmissionHref(adminSubmissionQueryFrom(params))}
        {...choices}
      />
    );
  }
  const query = adminSubmissionQueryFrom(params);
  const [t, list, stats, sessions, reviewers] = await Promise.all([
    getTranslations('contributeAdmin'),
    adminSubmissions(db, conference.id, query),
    submissionCountsBySessionAndStatus(db, conference.id),
    flatSessions(db, conference.id),
    reviewerChoices(db, conference.id),
  ]);
  const format = conferenceFormatter(locale, conference.timeZone);
  const pages = Math.max(1, Math.ceil(list.total / query.size));
  const exportHref = `/api/conference/manage/contribute/export?${adminSubmissionSearch(query, { lang: locale })}`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{t('title')}</Title>
          <Text size="sm" c="dimmed" data-testid="contribute-total">
            {t('total', { count: list.total })}
          </Text>
        </div>
        <Button component="a" href={exportHref} download data-testid="contribute-export">
          {t('export')}
        </Button>
      </Group>

      <StatusSummary stats={stats} locale={locale} />

      {filtersInvalid(params) ? (
        <Alert color="orange" data-testid="contribute-filters-invalid">
          {t('filtersInvalid')}
        </Alert>
      ) : null}
      <SubmissionFilters
        query={query}
        sessions={sessions.map((s) => ({ value: String(s.id), label: sessionPathLabel(s, locale) }))}
        reviewers={reviewers.map((r) => ({ value: String(r.id), label: r.name }))}
      />

      <ListTable
        minWidth={960}
        testId="contribute-table"
        title={1}
        primary={[3, 7]}
        labels={[undefined, undefined, undefined, undefined, undefined, undefined, undefined, '']}
        emptyTestId="contribute-empty"
        empty={t('empty')}
        head={[
          t('colCode'),
          t('colTitle'),
          t('colSession'),
          t('colStatus'),
          t('colReviews'),
          t('colAverage'),
          t('colCreatedAt'),
          t('details'),
        ]}
        rows={list.rows.map((row) => ({
          key: row.id,
          attrs: { 'data-testid': 'contribute-row', 'data-code': row.code, 'data-status': row.status },
          cells: [
            <Text key="c" ff="monospace" size="sm">
              {row.code}
            </Text>,
            <div key="t" style={{ minWidth: 200 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Text>
              <Text size="xs" c="dimmed">
                {row.authors.join(locale === 'zh' ? '，' : ', ')}
              </Text>
            </div>,
            row.sessionName ? localized(row.sessionName, locale) : t('noSession'),
            <StatusBadge key="s" size="sm" variant="light" color={isSubmissionStatus(row.status) ? STATUS_COLORS[row.status] : 'gray'}>
              {isSubmissionStatus(row.status) ? t(`status_${row.status}`) : row.status}
            </StatusBadge>,
            t('reviewsCount', { submitted: row.reviewsSubmitted, assigned: row.reviewsAssigned }),
            row.averageScore ?? '—',
            format.dateTime(row.createdAt, 'short'),
            <AnchorLink
              key="d"
              href={adminSubmissionHref(query, { id: String(row.id) })}
              aria-label={t('detailsOf', { code: row.code })}
              data-testid="contribute-details"
            >
              {t('details')}
            </AnchorLink>,
          ],
        }))}
      />
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => adminSubmissionHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}

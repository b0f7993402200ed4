import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminFeedbackDetail } from '@/components/feedback/admin-feedback-detail';
import { FeedbackStatusBadge } from '@/components/feedback/status-badge';
import { ButtonLink } from '@/components/ui/button-link';
import { FilterDate, FilterForm, FilterSearch, FilterSelect } from '@/components/ui/filter-form';
import { ListPages } from '@/components/ui/list-pages';
import { requirePage } from '@/lib/auth/require-page';
import { feedbackFilterSearch, feedbackListHref, feedbackQueryFrom } from '@/lib/feedback/list-params';
import { adminFeedbackDetail, adminFeedbackList } from '@/lib/feedback/queries';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@/lib/feedback/schemas';
import { conferenceFormatter } from '@/lib/i18n/format';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('feedback');
  return { title: t('manageTitle') };
}

/**
 * User feedback (spec §2 /platform/manage/userFeedBack): the conference's feedback, paged and
 * filtered (type, status, search, dates), exported as xlsx; `?id=` opens one with its file, its
 * replies and the reply form (the filters are kept for the way back).
 */
export default async function ManageFeedbackPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, locale } = await requirePage('/platform/manage/userFeedBack');
  const params = await searchParams;
  const query = feedbackQueryFrom(params);
  const t = await getTranslations('feedback');
  const format = conferenceFormatter(locale, conference.timeZone);
  const openId = params.id === undefined ? null : parseId(params.id);
  if (openId !== null) {
    const detail = await adminFeedbackDetail(db, conference.id, openId).catch(() => null);
    if (detail) return <AdminFeedbackDetail detail={detail} format={format} backHref={feedbackListHref(query)} />;
  }
  const list = await adminFeedbackList(db, conference.id, query, conference.timeZone);
  const pages = Math.max(1, Math.ceil(list.total / query.size));
  const exportHref = `/api/conference/manage/feedback/export?${feedbackFilterSearch(query, { lang: locale })}`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('manageTitle')}</Title>
          <Text size="sm" c="dimmed" data-testid="feedback-total-count">
            {t('manageTotal', { count: list.total })}
          </Text>
        </div>
        <Button component="a" href={exportHref} download data-testid="export-feedback">
          {t('export')}
        </Button>
      </Group>

      <FilterForm
        testId="feedback"
        label={t('filters')}
        applyLabel={t('apply')}
        reset={{ href: '/platform/manage/userFeedBack', label: t('reset') }}
      >
        <FilterSearch label={t('search')} placeholder={t('searchPlaceholder')} defaultValue={query.q} testId="feedback-search" />
        <FilterSelect
          name="type"
          label={t('type')}
          defaultValue={query.type}
          anyLabel={t('all')}
          choices={FEEDBACK_TYPES.map((value) => ({ value, label: t(`type_${value}`) }))}
          testId="feedback-filter-type"
        />
        <FilterSelect
          name="status"
          label={t('status')}
          defaultValue={query.status}
          anyLabel={t('all')}
          choices={FEEDBACK_STATUSES.map((value) => ({ value, label: t(`status_${value}`) }))}
          testId="feedback-filter-status"
        />
        <FilterDate name="from" label={t('from')} defaultValue={query.from} />
        <FilterDate name="to" label={t('to')} defaultValue={query.to} />
      </FilterForm>

      <Paper withBorder>
        {list.rows.length === 0 ? (
          <Text c="dimmed" p="md" data-testid="feedback-none">
            {t('none')}
          </Text>
        ) : (
          <TableScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-feedback-table">
              <TableThead>
                <TableTr>
                  <TableTh>{t('title')}</TableTh>
                  <TableTh>{t('sender')}</TableTh>
                  <TableTh>{t('status')}</TableTh>
                  <TableTh>{t('actions')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {list.rows.map(({ feedback, replies }) => (
                  <TableTr key={feedback.id} data-testid="admin-feedback-row" data-id={feedback.id} data-status={feedback.status}>
                    <TableTd maw={320}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {feedback.title}
                      </Text>
                      <Group gap={6}>
                        <Badge size="xs" variant="outline">
                          {t(`type_${feedback.type}` as 'type_other')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {format.dateTime(feedback.createdAt, 'short')}
                        </Text>
                      </Group>
                      <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {feedback.content}
                      </Text>
                    </TableTd>
                    <TableTd>
                      <Text size="sm">{feedback.name}</Text>
                      <Text size="xs">{feedback.email}</Text>
                      <Text size="xs">{feedback.phone}</Text>
                    </TableTd>
                    <TableTd>
                      <FeedbackStatusBadge status={feedback.status} />
                      {replies > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('replyCount', { count: replies })}
                        </Text>
                      )}
                    </TableTd>
                    <TableTd>
                      <ButtonLink
                        href={feedbackListHref(query, { id: String(feedback.id) })}
                        size="xs"
                        variant="light"
                        data-testid="admin-feedback-open"
                      >
                        {t('open')}
                      </ButtonLink>
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Paper>
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => feedbackListHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}

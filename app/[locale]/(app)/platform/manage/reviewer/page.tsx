import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReviewerActions } from '@/components/reviewers/reviewer-actions';
import { ReviewerAddForm } from '@/components/reviewers/reviewer-add-form';
import { ReviewerImport } from '@/components/reviewers/reviewer-import';
import { AnchorLink } from '@/components/ui/button-link';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { REVIEWER_LIST_PATH, reviewerInfoHref, reviewerListHref, reviewerQueryFrom } from '@/lib/reviewers/list-params';
import { listReviewers } from '@/lib/reviewers/queries';
import { StatusBadge } from '@/components/ui/status-badge';
import { displayPersonName } from '@/lib/people/person-name';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviewers');
  return { title: t('title') };
}

const STATUS_COLOR = { pending: 'yellow', active: 'green', deactivated: 'gray' } as const;

/**
 * Reviewer management (spec §2 /platform/manage/reviewer): the paged list with role and status,
 * searching and filters, inviting by email, importing a file, and each reviewer's actions.
 */
export default async function ManageReviewerPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, locale } = await requirePage(REVIEWER_LIST_PATH);
  const query = reviewerQueryFrom(await searchParams);
  const [t, list] = await Promise.all([getTranslations('reviewers'), listReviewers(db, conference.id, query)]);
  const format = conferenceFormatter(locale, conference.timeZone);
  const pages = Math.max(1, Math.ceil(list.total / query.size));
  const name = (r: (typeof list.rows)[number]) =>
    displayPersonName({ full: r.fullName, family: r.lastName, given: r.firstName, middle: r.middleName }, t('none'));
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>{t('title')}</Title>
        <Text size="sm" c="dimmed" data-testid="reviewer-total">
          {t('total', { count: list.total })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReviewerAddForm />
        <ReviewerImport />
      </SimpleGrid>
      <Paper withBorder p="md">
        <form method="get" data-testid="reviewer-filters">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="q"
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              defaultValue={query.q}
              style={{ flex: 1, minWidth: 200 }}
            />
            <NativeSelect
              name="role"
              label={t('filterRole')}
              defaultValue={query.role}
              data={[
                { value: '', label: t('all') },
                { value: 'reviewer', label: t('role_reviewer') },
                { value: 'chair', label: t('role_chair') },
              ]}
            />
            <NativeSelect
              name="active"
              label={t('filterActive')}
              defaultValue={query.active}
              data={[
                { value: '', label: t('all') },
                { value: 'yes', label: t('activeYes') },
                { value: 'no', label: t('activeNo') },
              ]}
            />
            <Button type="submit" data-testid="reviewer-apply">
              {t('apply')}
            </Button>
          </Group>
        </form>
      </Paper>
      <ListTable
        minWidth={900}
        testId="reviewer-table"
        title={0}
        primary={[4, 6]}
        labels={[undefined, undefined, undefined, undefined, undefined, undefined, '']}
        emptyTestId="reviewer-empty"
        empty={t('empty')}
        head={[t('name'), t('email'), t('organization'), t('role'), t('status'), t('invitedAt'), t('actions')]}
        rows={list.rows.map((r) => ({
          key: r.id,
          attrs: { 'data-testid': 'reviewer-row', 'data-email': r.email, 'data-status': r.status, 'data-role': r.role },
          cells: [
            // The detail page is the account's (spec §2 …/info/:userId): an invitation not yet taken up has none.
            r.userId ? (
              <AnchorLink key="n" href={reviewerInfoHref(r.userId)} data-testid="reviewer-details">
                {name(r)}
              </AnchorLink>
            ) : (
              name(r)
            ),
            r.email,
            r.organization || t('none'),
            t(r.role === 'chair' ? 'role_chair' : 'role_reviewer'),
            <StatusBadge size="md" key="s" variant="light" color={STATUS_COLOR[r.status]}>
              {t(`status_${r.status}`)}
            </StatusBadge>,
            format.dateTime(r.invitedAt, 'short'),
            <ReviewerActions key="a" id={r.id} email={r.email} role={r.role} active={r.active} />,
          ],
        }))}
      />
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => reviewerListHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}

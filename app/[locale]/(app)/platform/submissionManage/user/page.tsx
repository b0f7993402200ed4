import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AnchorLink, ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { pageActor } from '@/lib/review/page-access';
import { canSeeAllReviews } from '@/lib/review/permissions';
import { myAssignments } from '@/lib/review/views';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('myTitle') };
}

/** The reviewers' landing page (spec §2 /platform/submissionManage/user): the submissions assigned to me. */
export default async function ReviewerHome() {
  const ctx = await requirePage('/platform/submissionManage/user');
  const actor = await pageActor(ctx);
  const { db, conference, locale, user } = ctx;
  const [t, rows] = await Promise.all([
    getTranslations('review'),
    actor.reviewer ? myAssignments(db, conference.id, actor.reviewer.id) : Promise.resolve([]),
  ]);
  const format = conferenceFormatter(locale, conference.timeZone);
  const open = rows.filter((r) => r.status === 'assigned').length;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={3} data-testid="reviewer-home">
          {t('myTitle')}
        </Title>
        <Text>{t('welcome', { name: user.name, conference: localized(conference.shortTitle, locale) })}</Text>
        {canSeeAllReviews(actor) && (
          <Group>
            <ButtonLink href="/platform/submissionManage/index" variant="light" data-testid="review-overview-link">
              {t('overviewTitle')}
            </ButtonLink>
          </Group>
        )}
        {actor.reviewer ? (
          <>
            <Text size="sm" c="dimmed" data-testid="review-open-count">
              {t('openCount', { open, total: rows.length })}
            </Text>
            <ListTable
              minWidth={560}
              testId="my-assignments"
              emptyTestId="my-assignments-empty"
              empty={t('noAssignments')}
              head={[t('code'), t('title'), t('version'), t('session'), t('assignedAt'), t('reviewStatus')]}
              title={1}
              primary={[5]}
              rows={rows.map((r) => ({
                key: r.id,
                attrs: { 'data-assignment': r.id, 'data-version': r.version },
                cells: [
                  r.code,
                  <AnchorLink
                    key="t"
                    href={`/platform/submissionManage/submission/detail?id=${r.id}`}
                    data-testid={`assignment-link-${r.id}`}
                  >
                    {r.title}
                  </AnchorLink>,
                  r.version,
                  r.session ? localized(r.session, locale) : '—',
                  format.dateTime(r.assignedAt, 'short'),
                  <StatusBadge size="md" key="s" variant="light" color={r.status === 'submitted' ? 'green' : 'orange'}>
                    {t(`assignmentStatus.${r.status === 'submitted' ? 'submitted' : 'assigned'}`)}
                  </StatusBadge>,
                ],
              }))}
            />
          </>
        ) : (
          <Alert color="gray">{t('notReviewer')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

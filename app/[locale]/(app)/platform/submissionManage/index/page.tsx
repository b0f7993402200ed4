import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AutoAssignButton } from '@/components/review/chair-actions';
import { AnchorLink, ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { redirect } from '@/lib/i18n/redirect';
import { localized } from '@/lib/i18n/localized';
import { reviewOverview } from '@/lib/review/chair-views';
import { pageActor } from '@/lib/review/page-access';
import { canAssign, canSeeAllReviews } from '@/lib/review/permissions';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('overviewTitle') };
}

/** The review overview (spec §2 /platform/submissionManage/index): every submission, its reviews and averages (chair, managers). */
export default async function ReviewOverviewPage() {
  const ctx = await requirePage('/platform/submissionManage/index');
  const actor = await pageActor(ctx);
  // A reviewer sees only what is assigned to them: their own list.
  if (!canSeeAllReviews(actor)) redirect({ href: '/platform/submissionManage/user', locale: ctx.locale });
  const [t, rows] = await Promise.all([getTranslations('review'), reviewOverview(ctx.db, ctx.conference.id)]);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{t('overviewTitle')}</Title>
          <Group>
            <ButtonLink href="/platform/submissionManage/reviewList" variant="light" data-testid="review-list-link">
              {t('listTitle')}
            </ButtonLink>
            {canAssign(actor) && <AutoAssignButton />}
          </Group>
        </Group>
        {canAssign(actor) && (
          <Text size="sm" c="dimmed">
            {t('autoHint')}
          </Text>
        )}
        <ListTable
          minWidth={760}
          testId="review-overview"
          emptyTestId="review-overview-empty"
          empty={t('noSubmissions')}
          head={[t('code'), t('title'), t('session'), t('submissionStatus'), t('reviewsDone'), t('averageOverall'), t('released')]}
          title={1}
          primary={[3]}
          rows={rows.map((r) => ({
            key: r.id,
            attrs: { 'data-submission': r.id },
            cells: [
              r.code,
              <AnchorLink key="t" href={`/platform/submissionManage/contribute/detail?id=${r.id}`} data-testid={`overview-link-${r.id}`}>
                {r.title}
              </AnchorLink>,
              r.session ? localized(r.session, ctx.locale) : '—',
              <StatusBadge size="md" key="s" variant="light">
                {t(`status.${r.status}`)}
              </StatusBadge>,
              `${r.reviewed} / ${r.assigned}`,
              r.averages ? String(r.averages.overall) : '—',
              r.released ? t('yes') : t('no'),
            ],
          }))}
        />
      </Stack>
    </Paper>
  );
}

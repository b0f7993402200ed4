import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AnchorLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { redirect } from '@/lib/i18n/redirect';
import { allReviews } from '@/lib/review/chair-views';
import { pageActor } from '@/lib/review/page-access';
import { canSeeAllReviews } from '@/lib/review/permissions';
import { SCORE_KEYS } from '@/lib/review/schemas';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('listTitle') };
}

/** Every review written (spec §2 /platform/submissionManage/reviewList), for the chair and managers. */
export default async function ReviewListPage() {
  const ctx = await requirePage('/platform/submissionManage/reviewList');
  const actor = await pageActor(ctx);
  if (!canSeeAllReviews(actor)) redirect({ href: '/platform/submissionManage/user', locale: ctx.locale });
  const [t, rows] = await Promise.all([getTranslations('review'), allReviews(ctx.db, ctx.conference.id)]);
  const format = conferenceFormatter(ctx.locale, ctx.conference.timeZone);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={3}>{t('listTitle')}</Title>
        <ListTable
          minWidth={960}
          testId="review-list"
          emptyTestId="review-list-empty"
          empty={t('noReviews')}
          head={[t('code'), t('title'), t('reviewer'), ...SCORE_KEYS.map((k) => t(`score.${k}`)), t('opinion'), t('submittedAt')]}
          rows={rows.map((r) => ({
            key: r.id,
            attrs: { 'data-review': r.id },
            cells: [
              `${r.code} (${t('versionN', { n: r.version })})`,
              <AnchorLink key="t" href={`/platform/submissionManage/contribute/detail?id=${r.submissionId}`}>
                {r.title}
              </AnchorLink>,
              r.reviewerName || r.reviewerEmail,
              ...SCORE_KEYS.map((k) => (r.scores ? String(r.scores[k]) : '—')),
              <Text key="o" size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {r.opinion}
              </Text>,
              r.submittedAt ? format.dateTime(r.submittedAt, 'short') : '—',
            ],
          }))}
        />
      </Stack>
    </Paper>
  );
}

import { Group, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AssignReviewer, DecisionForm, ReleaseButton, UnassignButton } from '@/components/review/chair-actions';
import { ScoreTable } from '@/components/review/score-table';
import { AnchorLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { AppError } from '@/lib/http/app-error';
import { redirect } from '@/lib/i18n/redirect';
import { localized } from '@/lib/i18n/localized';
import { submissionReviewDetail, type SubmissionReviewDetail } from '@/lib/review/chair-views';
import { decideRefusal, revisionWindowOpen } from '@/lib/review/decide';
import { pageActor } from '@/lib/review/page-access';
import { canAssign, canDecide, canSeeAllReviews } from '@/lib/review/permissions';
import { parseId } from '@/lib/validation/primitives';
import { StatusBadge } from '@/components/ui/status-badge';
import { authorName } from '@/lib/people/person-name';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('detailTitle') };
}

/**
 * One submission for the chair and managers (spec §2 /platform/submissionManage/contribute/detail?id=):
 * the full submission, every review, assignment by hand (managers), the decision and its release.
 */
export default async function SubmissionReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requirePage('/platform/submissionManage/contribute/detail');
  const actor = await pageActor(ctx);
  if (!canSeeAllReviews(actor)) redirect({ href: '/platform/submissionManage/user', locale: ctx.locale });
  const id = parseId((await searchParams).id);
  if (!id) notFound();
  let detail: SubmissionReviewDetail;
  try {
    detail = await submissionReviewDetail(ctx.db, ctx.conference.id, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  const t = await getTranslations('review');
  const s = detail.submission;
  const current = detail.assignments.filter((a) => a.version === s.version && a.status !== 'cancelled');
  const decided = s.status === 'accepted' || s.status === 'rejected' || s.status === 'modify';
  const decideLocked = decideRefusal(s, s.released && (await revisionWindowOpen(ctx.db, ctx.conference))) !== null;
  return (
    <Stack gap="md">
      <AnchorLink href="/platform/submissionManage/index">{t('backToOverview')}</AnchorLink>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} data-testid="detail-title">
              {s.title}
            </Title>
            <StatusBadge size="md" variant="light" data-testid="detail-status">
              {t(`status.${s.status}`)}
            </StatusBadge>
          </Group>
          <Text size="sm" c="dimmed">
            {s.code} · {t('versionN', { n: s.version })}
            {s.session ? ` · ${localized(s.session, ctx.locale)}` : ''}
          </Text>
          <Text size="sm">
            {t('submitter')}: {s.submitter.name} ({s.submitter.email})
          </Text>
          {s.keywords.length > 0 && (
            <Text size="sm">
              {t('keywords')}: {s.keywords.join(', ')}
            </Text>
          )}
          <Title order={4}>{t('abstract')}</Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{s.abstract}</Text>
          {(s.hasAbstractFile || s.hasFullText) && (
            <Group>
              {s.hasAbstractFile && (
                <a href={`/api/conference/review/submission/file?id=${s.id}&kind=abstract`} data-testid="detail-abstract-file">
                  {t('abstractFile')}
                </a>
              )}
              {s.hasFullText && (
                <a href={`/api/conference/review/submission/file?id=${s.id}&kind=fullText`} data-testid="detail-full-text">
                  {t('fullText')}
                </a>
              )}
            </Group>
          )}
          <Title order={4}>{t('authors')}</Title>
          <List data-testid="detail-authors">
            {detail.authors.map((au, i) => (
              <ListItem key={i}>
                {authorName(au)} — {au.company} ({au.email}){au.corresponding ? ` · ${t('corresponding')}` : ''}
              </ListItem>
            ))}
          </List>
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={4}>{t('assignmentsTitle')}</Title>
          <ListTable
            framed={false}
            minWidth={560}
            testId="detail-assignments"
            empty={t('noAssignmentsYet')}
            head={[t('reviewer'), t('version'), t('reviewStatus'), t('scoreOverall'), '']}
            rows={detail.assignments.map((a) => ({
              key: a.id,
              attrs: { 'data-assignment': a.id },
              cells: [
                `${a.reviewerName} (${a.reviewerEmail})`,
                a.version,
                t(`assignmentStatus.${a.status}`),
                a.scores ? a.scores.overall : '—',
                canAssign(actor) && a.status === 'assigned' ? <UnassignButton key="u" assignmentId={a.id} /> : '',
              ],
            }))}
          />
          {canAssign(actor) && s.assignable && <AssignReviewer submissionId={s.id} candidates={detail.candidates} />}
          {detail.declaredConflicts.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('declaredConflicts', { n: detail.declaredConflicts.length })}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Title order={4} mb="sm">
          {t('reviewsOfVersion', { n: s.version })}
        </Title>
        {current.some((a) => a.status === 'submitted') ? (
          <ScoreTable
            testId="detail-reviews"
            rows={current
              .filter((a) => a.status === 'submitted')
              .map((a) => ({ key: a.id, label: a.reviewerName, scores: a.scores, opinion: a.opinion }))}
          />
        ) : (
          <Text c="dimmed">{t('noReviews')}</Text>
        )}
      </Paper>
      {canDecide(actor) && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="sm">
            <Title order={4}>{t('decisionTitle')}</Title>
            <DecisionForm
              submissionId={s.id}
              initial={{ decision: s.decision, chairOpinion: s.chairOpinion, finalOpinion: s.finalOpinion }}
              locked={decideLocked}
            />
            {decided && !s.released && <ReleaseButton submissionId={s.id} />}
            {s.released && (
              <Text size="sm" c="green" data-testid="detail-released">
                {t('releasedNotice', { decision: t(`decision.${s.status}`) })}
              </Text>
            )}
            {s.released && !decideLocked && (
              <Text size="sm" data-testid="detail-redecide">
                {t('redecideHint')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

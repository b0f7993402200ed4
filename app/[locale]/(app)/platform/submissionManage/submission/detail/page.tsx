import { Alert, Group, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DeclareConflict, ScoreForm } from '@/components/review/score-form';
import { ScoreTable } from '@/components/review/score-table';
import { AnchorLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { AppError } from '@/lib/http/app-error';
import { localized } from '@/lib/i18n/localized';
import { pageActor } from '@/lib/review/page-access';
import { callForPapers } from '@/lib/submissions/config';
import { choiceLabel } from '@/lib/submissions/config-schemas';
import { assignmentView, type AssignmentView } from '@/lib/review/views';
import { parseId } from '@/lib/validation/primitives';
import { StatusBadge } from '@/components/ui/status-badge';
import { authorName } from '@/lib/people/person-name';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('review');
  return { title: t('assignmentTitle') };
}

/**
 * One assignment (spec §2 /platform/submissionManage/submission/detail?id=): the submission as the
 * reviewer may see it, the rules, and the score form; once submitted, read-only with the others' reviews.
 */
export default async function AssignmentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requirePage('/platform/submissionManage/submission/detail');
  const actor = await pageActor(ctx);
  const id = parseId((await searchParams).id);
  if (!id || !actor.reviewer) notFound();
  let view: AssignmentView;
  try {
    view = await assignmentView(ctx.db, ctx.conference.id, actor.reviewer, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  const [t, call] = await Promise.all([getTranslations('review'), callForPapers(ctx.db, ctx.conference.id)]);
  const { submission: s, assignment: a, config } = view;
  const done = a.status === 'submitted';
  return (
    <Stack gap="md">
      <AnchorLink href="/platform/submissionManage/user">{t('backToMine')}</AnchorLink>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} data-testid="assignment-title">
              {s.title}
            </Title>
            <StatusBadge size="md" variant="light" color={done ? 'green' : 'orange'} data-testid="assignment-status">
              {t(`assignmentStatus.${done ? 'submitted' : 'assigned'}`)}
            </StatusBadge>
          </Group>
          <Text size="sm" c="dimmed">
            {s.code} · {t('versionN', { n: a.version })}
            {s.session ? ` · ${localized(s.session, ctx.locale)}` : ''}
          </Text>
          {(s.reportType || s.category) && (
            <Text size="sm">
              {s.reportType && `${t('reportType')}: ${choiceLabel(call.reportTypes, s.reportType, ctx.locale)}`}{' '}
              {s.category && `${t('category')}: ${choiceLabel(call.categories, s.category, ctx.locale)}`}
            </Text>
          )}
          {s.keywords.length > 0 && (
            <Text size="sm">
              {t('keywords')}: {s.keywords.join(', ')}
            </Text>
          )}
          <Title order={4}>{t('abstract')}</Title>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="assignment-abstract">
            {s.abstract}
          </Text>
          {s.authors ? (
            <>
              <Title order={4}>{t('authors')}</Title>
              <List data-testid="assignment-authors">
                {s.authors.map((au, i) => (
                  <ListItem key={i}>
                    {authorName(au)} — {au.company} ({au.email}){au.corresponding ? ` · ${t('corresponding')}` : ''}
                  </ListItem>
                ))}
              </List>
            </>
          ) : (
            <Alert color="gray" data-testid="assignment-blind">
              {t('blindNotice')}
            </Alert>
          )}
          {(s.hasAbstractFile || s.hasFullText) && (
            <Group>
              {s.hasAbstractFile && (
                <a href={`/api/conference/review/assignment/file?id=${a.id}&kind=abstract`} data-testid="assignment-abstract-file">
                  {t('abstractFile')}
                </a>
              )}
              {s.hasFullText && (
                <a href={`/api/conference/review/assignment/file?id=${a.id}&kind=fullText`} data-testid="assignment-full-text">
                  {t('fullText')}
                </a>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      {config.rules.length > 0 && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={4} mb="xs">
            {t('rulesTitle')}
          </Title>
          <List type="ordered" data-testid="assignment-rules">
            {config.rules.map((r, i) => (
              <ListItem key={i}>{localized(r, ctx.locale)}</ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Title order={4} mb="sm">
          {t('myReview')}
        </Title>
        {done && a.scores ? (
          <Stack gap="xs" data-testid="my-review">
            <ScoreTable rows={[{ key: 'mine', label: t('myReview'), scores: a.scores, opinion: a.opinion }]} />
          </Stack>
        ) : (
          <Stack gap="md">
            <ScoreForm assignmentId={a.id} scales={config.scales} />
            <DeclareConflict assignmentId={a.id} />
          </Stack>
        )}
      </Paper>
      {done && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={4} mb="sm">
            {t('otherReviews')}
          </Title>
          {view.others.length === 0 ? (
            <Text c="dimmed" data-testid="other-reviews-empty">
              {t('noOtherReviews')}
            </Text>
          ) : (
            <ScoreTable
              rows={view.others.map((o) => ({ key: o.label, label: t('reviewerN', { n: o.label }), scores: o.scores, opinion: o.opinion }))}
            />
          )}
        </Paper>
      )}
    </Stack>
  );
}

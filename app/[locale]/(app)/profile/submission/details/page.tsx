import { Alert, Anchor, Group, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SubmissionStatusBadge } from '@/components/submissions/participant/status-badge';
import { EMPTY_AUTHOR } from '@/components/submissions/participant/author-constants';
import { SubmissionForm } from '@/components/submissions/participant/submission-form';
import { WithdrawButton } from '@/components/submissions/participant/withdraw-button';
import { AnchorLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { ERROR_TABLE } from '@/lib/http/app-error';
import { conferenceFormatter } from '@/lib/i18n/format';
import { authorCall } from '@/lib/submissions/call-view';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { choiceLabel } from '@/lib/submissions/config-schemas';
import { authorActions } from '@/lib/submissions/permissions';
import { feeUnpaid, findMySubmissionRow, mySubmissionView } from '@/lib/submissions/queries';
import type { SubmissionInput } from '@/lib/submissions/schemas';
import { flattenSessions, sessionPathLabel } from '@/lib/submissions/session-tree';
import { parseId } from '@/lib/validation/primitives';
import { authorName } from '@/lib/people/person-name';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('submission');
  return { title: t('detailsTitle') };
}

/**
 * One submission of mine (?id=) or a new one (no id): the form while I may change it (new while
 * the call is open, edit while waiting, resubmit after a released "need to modify"), else the
 * content read-only; the versions handed in; the decision and final opinion once released.
 */
export default async function SubmissionDetailsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, user, locale } = await requirePage('/profile/submission/details');
  const raw = (await searchParams).id;
  const id = raw === undefined ? null : parseId(raw);
  const [t, te, call] = await Promise.all([getTranslations('submission'), getTranslations('errors'), callForPapers(db, conference.id)]);
  const state = callStateNow(call, conference.timeZone);
  const view = authorCall(call, state);
  const formCall = {
    rules: view.rules,
    sessions: view.sessions,
    reportTypes: view.reportTypes,
    categories: view.categories,
    abstractFileTypes: view.abstractFileTypes,
    abstractFileMaxMb: view.abstractFileMaxMb,
    fullTextTypes: view.fullTextTypes,
    fullTextMaxMb: view.fullTextMaxMb,
  };
  const back = (
    <AnchorLink href="/profile/submission" size="sm">
      {t('back')}
    </AnchorLink>
  );

  if (raw === undefined) {
    const refusal = view.createRefusal as keyof typeof ERROR_TABLE | null;
    const initial: SubmissionInput = {
      title: '',
      sessionId: null,
      reportType: '',
      category: '',
      keywords: [],
      abstract: '',
      abstractFileId: null,
      fullTextFileId: null,
      authors: [{ ...EMPTY_AUTHOR, email: user.email, corresponding: true }],
    };
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          {back}
          <Title order={2} size="h3">
            {t('newTitle')}
          </Title>
          {refusal ? (
            <Alert color="gray" data-testid="submission-cannot-create">
              {t('cannotCreate', { reason: te(ERROR_TABLE[refusal].message) })}
            </Alert>
          ) : (
            <SubmissionForm mode="new" call={formCall} initial={initial} files={{}} />
          )}
        </Stack>
      </Paper>
    );
  }

  const [sub, row] =
    id === null
      ? [null, null]
      : await Promise.all([mySubmissionView(db, conference.id, user.id, id), findMySubmissionRow(db, conference.id, user.id, id)]);
  if (!sub || !row) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          {back}
          <Alert color="orange" data-testid="submission-not-found">
            {t('notFound')}
          </Alert>
        </Stack>
      </Paper>
    );
  }
  const can = authorActions(row, state);
  const format = conferenceFormatter(locale, conference.timeZone);
  const sessions = new Map(flattenSessions(call.sessions).map((s) => [s.id, sessionPathLabel(s, locale)]));
  const fileName = (fileId: number | null) => (fileId ? (sub.files[fileId]?.originalName ?? `#${fileId}`) : t('noFile'));
  const fileLink = (fileId: number | null) =>
    fileId ? <Anchor href={`/api/conference/submission/file?id=${fileId}`}>{fileName(fileId)}</Anchor> : <Text span>{t('noFile')}</Text>;
  const mode = can.edit ? 'edit' : can.resubmit ? 'resubmit' : null;
  const initial: SubmissionInput = {
    title: sub.title,
    sessionId: sub.sessionId,
    reportType: sub.reportType,
    category: sub.category,
    keywords: sub.keywords,
    abstract: sub.abstract,
    abstractFileId: sub.abstractFileId,
    fullTextFileId: sub.fullTextFileId,
    authors: sub.authors,
  };
  const files = Object.fromEntries(Object.values(sub.files).map((f) => [f.id, { id: f.id, originalName: f.originalName }]));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {back}
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {mode === 'edit' ? t('editTitle') : mode === 'resubmit' ? t('resubmitTitle') : t('detailsTitle')} · {sub.code}
          </Title>
          <Group gap="xs">
            <SubmissionStatusBadge status={sub.status} label={t(`statusLabel.${sub.status}`)} />
            {can.withdraw && <WithdrawButton id={sub.id} size="sm" />}
          </Group>
        </Group>
        {sub.status !== 'withdrawn' && feeUnpaid(sub.order) && (
          <Alert color="orange" title={t('unpaidFee')} data-testid="submission-unpaid-fee">
            <AnchorLink href="/profile/order/list">{t('goToOrders')}</AnchorLink>
          </Alert>
        )}
        <section aria-labelledby="decision" data-testid="submission-decision">
          <Title order={3} size="h4" id="decision">
            {t('decision')}
          </Title>
          {sub.decision ? (
            <Stack gap={4} mt="xs">
              <Text fw={600}>{t(`statusLabel.${sub.decision.decision as 'accepted' | 'rejected' | 'modify'}`)}</Text>
              {sub.decision.releasedAt && (
                <Text size="sm" c="dimmed">
                  {t('releasedAt', { date: format.dateTime(sub.decision.releasedAt, 'short') })}
                </Text>
              )}
              {sub.decision.finalOpinion && (
                <>
                  <Text fw={600} size="sm">
                    {t('finalOpinion')}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="submission-final-opinion">
                    {sub.decision.finalOpinion}
                  </Text>
                </>
              )}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm" mt="xs">
              {t('noDecision')}
            </Text>
          )}
        </section>
        {mode ? (
          <SubmissionForm mode={mode} id={sub.id} call={formCall} initial={initial} files={files} />
        ) : (
          <Alert color="gray" data-testid="submission-read-only">
            {t('readOnly')}
          </Alert>
        )}
        <section aria-labelledby="versions">
          <Title order={3} size="h4" id="versions">
            {t('versions')}
          </Title>
          <Stack gap="md" mt="xs" data-testid="submission-versions">
            {sub.versions.map((v) => (
              <Paper key={v.version} withBorder p="sm" data-testid={`submission-version-${v.version}`}>
                <Group justify="space-between" wrap="wrap">
                  <Title order={4} size="h5">
                    {t('versionN', { version: v.version })}
                    {v.version === sub.version ? ` · ${t('current')}` : ''}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {t('submittedAt', { date: format.dateTime(v.createdAt, 'short') })}
                  </Text>
                </Group>
                <Text fw={600} mt={4}>
                  {v.snapshot.title}
                </Text>
                <Text size="sm">
                  {t('session')}: {v.snapshot.sessionId ? (sessions.get(v.snapshot.sessionId) ?? '') : ''}
                  {v.snapshot.reportType ? ` · ${choiceLabel(call.reportTypes, v.snapshot.reportType, locale)}` : ''}
                  {v.snapshot.category ? ` · ${choiceLabel(call.categories, v.snapshot.category, locale)}` : ''}
                </Text>
                <Text size="sm">{v.snapshot.keywords.join(locale === 'zh' ? '；' : '; ')}</Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
                  {v.snapshot.abstract}
                </Text>
                <Text size="sm" fw={600} mt={4}>
                  {t('authorsList')}
                </Text>
                <List size="sm">
                  {v.snapshot.authors.map((a, i) => (
                    <ListItem key={i}>
                      {authorName(a)} &lt;{a.email}&gt;{a.company ? `, ${a.company}` : ''}
                      {a.corresponding ? t('correspondingMark') : ''}
                    </ListItem>
                  ))}
                </List>
                <Text size="sm" mt={4}>
                  {t('files')}: {fileLink(v.snapshot.abstractFileId)} · {fileLink(v.snapshot.fullTextFileId)}
                </Text>
              </Paper>
            ))}
          </Stack>
        </section>
      </Stack>
    </Paper>
  );
}

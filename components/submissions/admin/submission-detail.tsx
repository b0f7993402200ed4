import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { AnchorLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import type { SubmissionChoice } from '@/db/schema/submissions';
import { SCORE_KEYS } from '@/db/schema/submissions';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { AdminSubmissionDetail } from '@/lib/submissions/admin-detail';
import { STATUS_COLORS, isSubmissionStatus } from '@/lib/submissions/status';
import { StatusBadge } from '@/components/ui/status-badge';
import { authorName } from '@/lib/people/person-name';

type Props = {
  detail: AdminSubmissionDetail | null;
  locale: Locale;
  timeZone: string;
  reportTypes: SubmissionChoice[];
  categories: SubmissionChoice[];
  backHref: string;
};

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One submission for the managers: its content, authors, files, versions, every review with its scores, the decision and the history. */
export async function SubmissionDetail({ detail, locale, timeZone, reportTypes, categories, backHref }: Props) {
  const t = await getTranslations('contributeAdmin');
  const back = (
    <AnchorLink href={backHref} data-testid="contribute-back">
      {t('back')}
    </AnchorLink>
  );
  if (!detail) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" data-testid="contribute-not-found">
          {t('notFound')}
        </Alert>
      </Stack>
    );
  }
  const format = conferenceFormatter(locale, timeZone);
  const when = (d: Date) => format.dateTime(d, 'short');
  const { submission: s } = detail;
  const statusLabel = (status: string | null) => (status && isSubmissionStatus(status) ? t(`status_${status}`) : (status ?? ''));
  const choice = (list: SubmissionChoice[], value: string) => localized(list.find((c) => c.value === value)?.label, locale) || value;
  const fileLink = (file: { id: number; originalName: string } | null) =>
    file ? (
      <Anchor href={`/api/conference/manage/contribute/${s.id}/file/${file.id}`} download data-testid="contribute-file">
        {file.originalName}
      </Anchor>
    ) : (
      t('noFile')
    );
  const decision = s.decision
    ? ['accepted', 'rejected', 'modify'].includes(s.decision)
      ? t(`decision_${s.decision}`)
      : s.decision
    : t('noDecision');
  return (
    <Stack gap="md" data-testid="contribute-detail" data-code={s.code}>
      {back}
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text ff="monospace" size="sm">
            {s.code}
          </Text>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {s.title}
          </Title>
        </div>
        <StatusBadge
          size="lg"
          variant="light"
          color={isSubmissionStatus(s.status) ? STATUS_COLORS[s.status] : 'gray'}
          data-testid="contribute-detail-status"
        >
          {statusLabel(s.status)}
        </StatusBadge>
      </Group>

      <Paper withBorder p="md">
        <Title order={4} size="h5" mb="sm">
          {t('summary')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Field label={t('session')}>{detail.session ? localized(detail.session.name, locale) : t('noSession')}</Field>
          <Field label={t('reportType')}>{choice(reportTypes, s.reportType)}</Field>
          <Field label={t('category')}>{choice(categories, s.category)}</Field>
          <Field label={t('submitter')}>
            {detail.submitter.name} · {detail.submitter.email}
          </Field>
          <Field label={t('createdAt')}>{when(s.createdAt)}</Field>
          <Field label={t('currentVersion')}>{t('version', { n: s.version })}</Field>
          <Field label={t('keywords')}>{s.keywords.join(locale === 'zh' ? '；' : '; ')}</Field>
          <Field label={t('averageScore')} testId="contribute-detail-average">
            {detail.averageScore ?? t('noScore')}
          </Field>
          <Field label={t('files')}>
            {t('abstractFile')}: {fileLink(detail.abstractFile)}
            {'\n'}
            {t('fullTextFile')}: {fileLink(detail.fullTextFile)}
          </Field>
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Field label={t('abstract')}>{s.abstract}</Field>
        </Stack>
      </Paper>

      <section aria-labelledby="contribute-authors">
        <Title order={4} size="h5" mb="xs" id="contribute-authors">
          {t('authors')}
        </Title>
        <ListTable
          minWidth={640}
          empty={t('noAuthors')}
          head={[t('authorName'), t('authorEmail'), t('authorCompany'), t('authorCountry'), t('corresponding')]}
          rows={detail.authors.map((a) => ({
            key: a.id,
            cells: [authorName(a), a.email, a.company, a.country, a.corresponding ? t('corresponding') : ''],
          }))}
        />
      </section>

      <section aria-labelledby="contribute-reviews">
        <Title order={4} size="h5" mb="xs" id="contribute-reviews">
          {t('reviews')}
        </Title>
        <ListTable
          minWidth={960}
          testId="contribute-review-table"
          empty={t('noReviews')}
          head={[t('versionCol'), t('reviewerCol'), t('reviewStatus'), ...SCORE_KEYS.map((k) => t(`score_${k}`)), t('opinion')]}
          rows={detail.reviews.map((r) => ({
            key: r.id,
            attrs: { 'data-testid': 'contribute-review-row', 'data-status': r.status },
            cells: [
              t('version', { n: r.version }),
              `${r.reviewerName} (${r.reviewerRole === 'chair' ? t('role_chair') : t('role_reviewer')})`,
              ['assigned', 'submitted', 'cancelled'].includes(r.status) ? t(`reviewStatus_${r.status}`) : r.status,
              ...SCORE_KEYS.map((k) => (r.status === 'submitted' && r.scores ? r.scores[k] : '—')),
              <Text key="o" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.opinion}
              </Text>,
            ],
          }))}
        />
      </section>

      <Paper withBorder p="md">
        <Title order={4} size="h5" mb="sm">
          {t('decision')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Field label={t('decision')} testId="contribute-detail-decision">
            {decision}
          </Field>
          <Field label={t('chairOpinion')}>{s.chairOpinion || '—'}</Field>
          <Field label={t('finalOpinion')}>{s.finalOpinion || '—'}</Field>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {s.releasedAt ? t('released', { date: when(s.releasedAt) }) : t('notReleased')}
        </Text>
      </Paper>

      <section aria-labelledby="contribute-versions">
        <Title order={4} size="h5" mb="xs" id="contribute-versions">
          {t('versions')}
        </Title>
        <ListTable
          minWidth={560}
          empty={t('noVersions')}
          head={[t('versionCol'), t('createdAt'), t('colTitle'), t('files')]}
          rows={detail.versions.map((v) => ({
            key: v.version,
            cells: [
              t('version', { n: v.version }),
              when(v.createdAt),
              v.snapshot.title,
              <Group key="f" gap="xs">
                {v.snapshot.abstractFileId ? (
                  <Anchor size="sm" href={`/api/conference/manage/contribute/${s.id}/file/${v.snapshot.abstractFileId}`} download>
                    {t('abstractFile')}
                  </Anchor>
                ) : null}
                {v.snapshot.fullTextFileId ? (
                  <Anchor size="sm" href={`/api/conference/manage/contribute/${s.id}/file/${v.snapshot.fullTextFileId}`} download>
                    {t('fullTextFile')}
                  </Anchor>
                ) : null}
              </Group>,
            ],
          }))}
        />
      </section>

      <section aria-labelledby="contribute-events">
        <Title order={4} size="h5" mb="xs" id="contribute-events">
          {t('events')}
        </Title>
        <ListTable
          minWidth={560}
          empty={t('noEvents')}
          head={[t('eventWhen'), t('eventWho'), t('eventWhat')]}
          rows={detail.events.map((e) => ({
            key: e.id,
            cells: [
              when(e.at),
              e.actorName ?? t('system'),
              [
                e.fromStatus || e.toStatus
                  ? t('eventStatus', { from: statusLabel(e.fromStatus) || '—', to: statusLabel(e.toStatus) || '—' })
                  : e.action,
                e.note,
              ]
                .filter(Boolean)
                .join(' · '),
            ],
          }))}
        />
      </section>
    </Stack>
  );
}

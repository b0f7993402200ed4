import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PresenterSlots } from '@/components/programme/presenter-slots';
import { SubmissionStatusBadge } from '@/components/submissions/participant/status-badge';
import { WithdrawButton } from '@/components/submissions/participant/withdraw-button';
import { AnchorLink, ButtonLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { formatMoney } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { ERROR_TABLE } from '@/lib/http/app-error';
import { authorCall } from '@/lib/submissions/call-view';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { authorActions } from '@/lib/submissions/permissions';
import { feeUnpaid, listMySubmissions } from '@/lib/submissions/queries';
import { sessionPathLabel, flattenSessions } from '@/lib/submissions/session-tree';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('submission');
  return { title: t('listTitle') };
}

/** My submissions with their state, the call's notice and dates, a new submission when the call allows, withdrawal, and an unpaid fee's way to the orders. */
export default async function MySubmissionsPage() {
  const { db, conference, user, locale } = await requirePage('/profile/submission');
  const [t, te, call, items] = await Promise.all([
    getTranslations('submission'),
    getTranslations('errors'),
    callForPapers(db, conference.id),
    listMySubmissions(db, conference.id, user.id),
  ]);
  const state = callStateNow(call, conference.timeZone);
  const view = authorCall(call, state);
  const format = conferenceFormatter(locale, conference.timeZone);
  const sessions = new Map(flattenSessions(call.sessions).map((s) => [s.id, sessionPathLabel(s, locale)]));
  const notice = localized(call.notice, locale);
  const refusal = view.createRefusal as keyof typeof ERROR_TABLE | null;
  const unpaid = items.some((s) => feeUnpaid(s.order) && s.status !== 'withdrawn');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('listTitle')}
        </Title>
        {notice && (
          <section aria-labelledby="call-notice">
            <Title order={3} size="h5" id="call-notice">
              {t('callNotice')}
            </Title>
            <div data-testid="submission-notice" dangerouslySetInnerHTML={{ __html: sanitizeOrganiserHtml(notice) }} />
          </section>
        )}
        <PresenterSlots db={db} conferenceId={conference.id} user={user} locale={locale} />
        {call.openDate && call.firstDeadline && (
          <Stack gap={2}>
            <Text size="sm">{t('window', { open: call.openDate, first: call.firstDeadline })}</Text>
            {call.secondDeadline && <Text size="sm">{t('secondWindow', { second: call.secondDeadline })}</Text>}
            {call.perUserLimit > 0 && <Text size="sm">{t('perUserLimit', { limit: call.perUserLimit })}</Text>}
            {call.feeMinor > 0 && <Text size="sm">{t('fee', { amount: formatMoney(call.feeMinor, call.feeCurrency, locale) })}</Text>}
          </Stack>
        )}
        {unpaid && (
          <Alert color="orange" title={t('unpaidFee')} data-testid="submission-unpaid-fee">
            <AnchorLink href="/profile/order/list">{t('goToOrders')}</AnchorLink>
          </Alert>
        )}
        {refusal ? (
          <Alert color="gray" data-testid="submission-cannot-create">
            {t('cannotCreate', { reason: te(ERROR_TABLE[refusal].message) })}
          </Alert>
        ) : (
          <Group>
            <ButtonLink href="/profile/submission/details" data-testid="submission-new">
              {t('newSubmission')}
            </ButtonLink>
          </Group>
        )}
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="submission-empty">
            {t('empty')}
          </Text>
        ) : (
          <ListTable
            framed={false}
            minWidth={640}
            testId="submission-list"
            empty={null}
            head={[t('code'), t('paperTitle'), t('session'), t('status'), t('version'), t('updatedAt'), t('actions')]}
            labels={[undefined, undefined, undefined, undefined, undefined, undefined, '']}
            title={1}
            primary={[3, 6]}
            rows={items.map((s) => {
              const can = authorActions({ status: s.status, releasedAt: null, decidedAt: null }, state);
              return {
                key: s.id,
                attrs: { 'data-testid': `submission-row-${s.id}` },
                cells: [
                  s.code,
                  s.title,
                  s.sessionId ? (sessions.get(s.sessionId) ?? '') : '',
                  <Stack key="status" gap={4} align="flex-start">
                    <SubmissionStatusBadge status={s.status} label={t(`statusLabel.${s.status}`)} />
                    {s.status !== 'withdrawn' && feeUnpaid(s.order) && (
                      <AnchorLink href="/profile/order/list" size="xs" c="orange.8">
                        {t('unpaidFee')}
                      </AnchorLink>
                    )}
                    {s.order?.paid && (
                      <Text size="xs" c="dimmed">
                        {t('feePaid')}
                      </Text>
                    )}
                  </Stack>,
                  s.version,
                  format.dateTime(s.updatedAt, 'short'),
                  <Group key="actions" gap="xs">
                    <ButtonLink
                      href={`/profile/submission/details?id=${s.id}`}
                      size="xs"
                      variant="light"
                      data-testid={`submission-open-${s.id}`}
                    >
                      {s.status === 'waiting' && can.edit ? t('edit') : s.status === 'modify' ? t('resubmit') : t('view')}
                    </ButtonLink>
                    {can.withdraw && <WithdrawButton id={s.id} />}
                  </Group>,
                ],
              };
            })}
          />
        )}
      </Stack>
    </Paper>
  );
}

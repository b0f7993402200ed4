import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SubmissionStatusBadge } from '@/components/submissions/participant/status-badge';
import { WithdrawButton } from '@/components/submissions/participant/withdraw-button';
import { LinkButton, Notice, Panel, TextLink, ui } from '@/components/layout/page-parts';
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
    <Panel>
      <div className={ui.stack}>
        <h2 className={ui.h3}>{t('listTitle')}</h2>
        {notice && (
          <section aria-labelledby="call-notice">
            <h3 className={ui.h5} id="call-notice">
              {t('callNotice')}
            </h3>
            <div data-testid="submission-notice" dangerouslySetInnerHTML={{ __html: sanitizeOrganiserHtml(notice) }} />
          </section>
        )}
        {call.openDate && call.firstDeadline && (
          <div className={`${ui.stack} ${ui.sm}`} data-gap="tight">
            <p className={ui.text}>{t('window', { open: call.openDate, first: call.firstDeadline })}</p>
            {call.secondDeadline && <p className={ui.text}>{t('secondWindow', { second: call.secondDeadline })}</p>}
            {call.perUserLimit > 0 && <p className={ui.text}>{t('perUserLimit', { limit: call.perUserLimit })}</p>}
            {call.feeMinor > 0 && <p className={ui.text}>{t('fee', { amount: formatMoney(call.feeMinor, call.feeCurrency, locale) })}</p>}
          </div>
        )}
        {unpaid && (
          <Notice color="orange" title={t('unpaidFee')} data-testid="submission-unpaid-fee">
            <TextLink href="/profile/order/list">{t('goToOrders')}</TextLink>
          </Notice>
        )}
        {refusal ? (
          <Notice color="gray" data-testid="submission-cannot-create">
            {t('cannotCreate', { reason: te(ERROR_TABLE[refusal].message) })}
          </Notice>
        ) : (
          <div className={ui.group}>
            <LinkButton href="/profile/submission/details" data-testid="submission-new">
              {t('newSubmission')}
            </LinkButton>
          </div>
        )}
        {items.length === 0 ? (
          <p className={`${ui.text} ${ui.dimmed}`} data-testid="submission-empty">
            {t('empty')}
          </p>
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
                  <div key="status" className={ui.stack} data-gap="tight" data-align="start">
                    <SubmissionStatusBadge status={s.status} label={t(`statusLabel.${s.status}`)} />
                    {s.status !== 'withdrawn' && feeUnpaid(s.order) && (
                      <TextLink href="/profile/order/list" size="xs" color="orange">
                        {t('unpaidFee')}
                      </TextLink>
                    )}
                    {s.order?.paid && <span className={`${ui.xs} ${ui.dimmed}`}>{t('feePaid')}</span>}
                  </div>,
                  s.version,
                  format.dateTime(s.updatedAt, 'short'),
                  <div key="actions" className={ui.group} data-gap="xs">
                    <LinkButton
                      href={`/profile/submission/details?id=${s.id}`}
                      size="xs"
                      variant="light"
                      data-testid={`submission-open-${s.id}`}
                    >
                      {s.status === 'waiting' && can.edit ? t('edit') : s.status === 'modify' ? t('resubmit') : t('view')}
                    </LinkButton>
                    {can.withdraw && <WithdrawButton id={s.id} />}
                  </div>,
                ],
              };
            })}
          />
        )}
      </div>
    </Panel>
  );
}

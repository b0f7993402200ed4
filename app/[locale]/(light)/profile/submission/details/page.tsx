import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Notice, Panel, TextLink, ui } from '@/components/layout/page-parts';
import { SubmissionStatusBadge } from '@/components/submissions/participant/status-badge';
import { EMPTY_AUTHOR } from '@/components/submissions/participant/author-constants';
import { SubmissionForm } from '@/components/submissions/participant/submission-form';
import { WithdrawButton } from '@/components/submissions/participant/withdraw-button';
import d from '@/components/submissions/participant/submission-details.module.css';
import { requirePage } from '@/lib/auth/require-page';
import { ERROR_TABLE } from '@/lib/http/app-error';
import { conferenceFormatter } from '@/lib/i18n/format';
import { lightClientMessages } from '@/lib/i18n/light-messages';
import { authorCall } from '@/lib/submissions/call-view';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { choiceLabel } from '@/lib/submissions/config-schemas';
import { authorActions } from '@/lib/submissions/permissions';
import { feeUnpaid, findMySubmissionRow, mySubmissionView } from '@/lib/submissions/queries';
import type { SubmissionInput } from '@/lib/submissions/schemas';
import { flattenSessions, sessionPathLabel } from '@/lib/submissions/session-tree';
import { parseId } from '@/lib/validation/primitives';
import { authorName } from '@/lib/people/person-name';

/** The submission form's words (its fields, uploads, keywords, authors and the schema's messages), beside what every light screen's islands use. */
const SCREEN_MESSAGES = [
  'submission.form',
  'upload',
  'forms.removeWord',
  'validation.submission*',
  'validation.invalidChoice',
  'validation.email*',
  'validation.phoneInvalid',
  'validation.hiddenCharacters',
  'validation.tooLong',
  'validation.numberInvalid',
] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('submission');
  return { title: t('detailsTitle') };
}

/**
 * One submission of mine (?id=) or a new one (no id): the form while I may change it (new while
 * the call is open, edit while waiting, resubmit after a released "need to modify"), else the
 * content read-only; the versions handed in; the decision and final opinion once released. A light screen
 * (app/[locale]/(light)): server HTML, the form built of the plain form kit with its words in a nested provider.
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
    <div>
      <TextLink href="/profile/submission" size="sm">
        {t('back')}
      </TextLink>
    </div>
  );
  const withWords = async (form: React.ReactNode) => (
    <NextIntlClientProvider messages={await lightClientMessages(SCREEN_MESSAGES)}>{form}</NextIntlClientProvider>
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
      <Panel>
        <div className={ui.stack}>
          {back}
          <h2 className={ui.h3}>{t('newTitle')}</h2>
          {refusal ? (
            <Notice color="gray" data-testid="submission-cannot-create">
              {t('cannotCreate', { reason: te(ERROR_TABLE[refusal].message) })}
            </Notice>
          ) : (
            await withWords(<SubmissionForm mode="new" call={formCall} initial={initial} files={{}} />)
          )}
        </div>
      </Panel>
    );
  }

  const [sub, row] =
    id === null
      ? [null, null]
      : await Promise.all([mySubmissionView(db, conference.id, user.id, id), findMySubmissionRow(db, conference.id, user.id, id)]);
  if (!sub || !row) {
    return (
      <Panel>
        <div className={ui.stack}>
          {back}
          <Notice color="orange" data-testid="submission-not-found">
            {t('notFound')}
          </Notice>
        </div>
      </Panel>
    );
  }
  const can = authorActions(row, state);
  const format = conferenceFormatter(locale, conference.timeZone);
  const sessions = new Map(flattenSessions(call.sessions).map((s) => [s.id, sessionPathLabel(s, locale)]));
  const fileName = (fileId: number | null) => (fileId ? (sub.files[fileId]?.originalName ?? `#${fileId}`) : t('noFile'));
  const fileLink = (fileId: number | null) =>
    fileId ? (
      <a href={`/api/conference/submission/file?id=${fileId}`} className={ui.anchor}>
        {fileName(fileId)}
      </a>
    ) : (
      <span>{t('noFile')}</span>
    );
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
    <Panel>
      <div className={ui.stack} data-gap="lg">
        {back}
        <div className={`${ui.group} ${d.head}`}>
          <h2 className={ui.h3}>
            {mode === 'edit' ? t('editTitle') : mode === 'resubmit' ? t('resubmitTitle') : t('detailsTitle')} · {sub.code}
          </h2>
          <div className={ui.group} data-gap="xs">
            <SubmissionStatusBadge status={sub.status} label={t(`statusLabel.${sub.status}`)} />
            {can.withdraw && <WithdrawButton id={sub.id} size="sm" />}
          </div>
        </div>
        {sub.status !== 'withdrawn' && feeUnpaid(sub.order) && (
          <Notice color="orange" title={t('unpaidFee')} data-testid="submission-unpaid-fee">
            <TextLink href="/profile/order/list">{t('goToOrders')}</TextLink>
          </Notice>
        )}
        <section aria-labelledby="decision" data-testid="submission-decision" className={ui.stack} data-gap="xs">
          <h3 className={ui.h4} id="decision">
            {t('decision')}
          </h3>
          {sub.decision ? (
            <div className={ui.stack} data-gap="tight">
              <p className={`${ui.text} ${ui.strong}`}>{t(`statusLabel.${sub.decision.decision as 'accepted' | 'rejected' | 'modify'}`)}</p>
              {sub.decision.releasedAt && (
                <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
                  {t('releasedAt', { date: format.dateTime(sub.decision.releasedAt, 'short') })}
                </p>
              )}
              {sub.decision.finalOpinion && (
                <>
                  <p className={`${ui.text} ${ui.sm} ${ui.strong}`}>{t('finalOpinion')}</p>
                  <p className={`${ui.text} ${d.preWrap}`} data-testid="submission-final-opinion">
                    {sub.decision.finalOpinion}
                  </p>
                </>
              )}
            </div>
          ) : (
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{t('noDecision')}</p>
          )}
        </section>
        {mode ? (
          await withWords(<SubmissionForm mode={mode} id={sub.id} call={formCall} initial={initial} files={files} />)
        ) : (
          <Notice color="gray" data-testid="submission-read-only">
            {t('readOnly')}
          </Notice>
        )}
        <section aria-labelledby="versions" className={ui.stack} data-gap="xs">
          <h3 className={ui.h4} id="versions">
            {t('versions')}
          </h3>
          <div className={ui.stack} data-testid="submission-versions">
            {sub.versions.map((v) => (
              <div key={v.version} className={`${d.version} ${ui.stack}`} data-gap="tight" data-testid={`submission-version-${v.version}`}>
                <div className={`${ui.group} ${d.head}`}>
                  <h4 className={ui.h5}>
                    {t('versionN', { version: v.version })}
                    {v.version === sub.version ? ` · ${t('current')}` : ''}
                  </h4>
                  <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>{t('submittedAt', { date: format.dateTime(v.createdAt, 'short') })}</p>
                </div>
                <p className={`${ui.text} ${ui.strong}`}>{v.snapshot.title}</p>
                <p className={`${ui.text} ${ui.sm}`}>
                  {t('session')}: {v.snapshot.sessionId ? (sessions.get(v.snapshot.sessionId) ?? '') : ''}
                  {v.snapshot.reportType ? ` · ${choiceLabel(call.reportTypes, v.snapshot.reportType, locale)}` : ''}
                  {v.snapshot.category ? ` · ${choiceLabel(call.categories, v.snapshot.category, locale)}` : ''}
                </p>
                <p className={`${ui.text} ${ui.sm}`}>{v.snapshot.keywords.join(locale === 'zh' ? '；' : '; ')}</p>
                <p className={`${ui.text} ${ui.sm} ${d.preWrap} ${d.clamp}`}>{v.snapshot.abstract}</p>
                <p className={`${ui.text} ${ui.sm} ${ui.strong}`}>{t('authorsList')}</p>
                <ul className={d.authors}>
                  {v.snapshot.authors.map((a, i) => (
                    <li key={i}>
                      {authorName(a)} &lt;{a.email}&gt;{a.company ? `, ${a.company}` : ''}
                      {a.corresponding ? t('correspondingMark') : ''}
                    </li>
                  ))}
                </ul>
                <p className={`${ui.text} ${ui.sm}`}>
                  {t('files')}: {fileLink(v.snapshot.abstractFileId)} · {fileLink(v.snapshot.fullTextFileId)}
                </p>
              </div>
            ))}
          </div>
        </section>
      </div>
    </Panel>
  );
}

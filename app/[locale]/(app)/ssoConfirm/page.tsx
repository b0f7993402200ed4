import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { SsoContinue } from '@/components/accounts/sso-continue';
import { AuthCard } from '@/components/layout/auth-card';
import { Notice, ui } from '@/components/layout/page-parts';
import { requirePage } from '@/lib/auth/require-page';
import { openState } from '@/lib/auth/sso';
import { findPending } from '@/lib/auth/sso-flow';
import { CONFIRM_COOKIE } from '@/lib/auth/sso-finish';
import { originOf } from '@/lib/conferences/seo';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ssoConfirm');
  return { title: t('title') };
}

/**
 * /ssoConfirm: a sign-in across sites reached this site with a code, but this site does not sign the visitor in unasked
 * (app/api/sso/callback): another account is signed in here, or the sign-in came from a conference's own domain. The
 * visitor sees which account and which site, and says yes or no; only their browser (the sealed state in its cookie)
 * can answer.
 */
export default async function SsoConfirmPage() {
  const { db, user, locale, conference } = await requirePage('/ssoConfirm');
  const t = await getTranslations('ssoConfirm');
  const saved = openState((await cookies()).get(CONFIRM_COOKIE)?.value);
  const pending = saved ? await findPending(db, { state: saved.state, clientOrigin: originOf(await headers()) }) : null;
  if (!pending) {
    return (
      <AuthCard title={t('title')}>
        <Notice color="orange" data-testid="sso-confirm-gone">
          <p className={`${ui.text} ${ui.sm}`}>{t('gone')}</p>
        </Notice>
      </AuthCard>
    );
  }
  const from = new URL(pending.peerOrigin).host;
  const switching = user !== null && user.id !== pending.userId;
  return (
    <AuthCard title={t('title')}>
      <div className={ui.stack}>
        <p className={ui.text} data-testid="sso-question">
          {t('question', {
            conference: localized(conference.shortTitle, locale) || localized(conference.title, locale),
            email: pending.email,
          })}
        </p>
        <p className={`${ui.text} ${ui.sm}`}>
          <strong>{t('from', { host: from })}</strong>
        </p>
        {switching && (
          <Notice color="orange" data-testid="sso-switching">
            <p className={`${ui.text} ${ui.sm}`}>{t('switching', { current: user.email, email: pending.email })}</p>
          </Notice>
        )}
        <SsoContinue
          locale={locale}
          action="/api/sso/confirm"
          payload={{}}
          labels={{ continue: t('continue'), cancel: switching ? t('stay') : t('cancel'), failed: t('failed') }}
        />
        <p className={`${ui.text} ${ui.sm}`}>{t('explain', { host: from })}</p>
      </div>
    </AuthCard>
  );
}

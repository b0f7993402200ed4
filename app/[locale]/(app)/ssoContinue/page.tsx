import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { SsoContinue } from '@/components/accounts/sso-continue';
import { AuthCard } from '@/components/layout/auth-card';
import { Notice, ui } from '@/components/layout/page-parts';
import { requirePage } from '@/lib/auth/require-page';
import { otherSiteOrigin } from '@/lib/auth/sso';
import { flowOpen } from '@/lib/auth/sso-flow';
import { ZSsoAuthorize } from '@/lib/auth/sso-schemas';
import { originOf } from '@/lib/conferences/seo';
import { localized } from '@/lib/i18n/localized';
import { findConferenceByHost } from '@/lib/tenancy/resolve-conference';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ssoContinue');
  return { title: t('title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /ssoContinue: a conference on its own domain asks the central site for the visitor's sign-in (app/api/sso/authorize).
 * Its organiser controls that name in DNS, so the visitor confirms which site and which account before a code leaves.
 */
export default async function SsoContinuePage({ searchParams }: Props) {
  const { db, user, locale } = await requirePage('/ssoContinue');
  const t = await getTranslations('ssoContinue');
  const parsed = ZSsoAuthorize.safeParse(await searchParams);
  const own = originOf(await headers());
  const site = parsed.success ? await otherSiteOrigin(db, parsed.data.client, own) : null;
  const target = site ? await findConferenceByHost(db, site.host) : null;
  // Only a sign-in that site began towards this one, with no code issued yet (lib/auth/sso-flow.ts).
  const open =
    parsed.success && site
      ? await flowOpen(db, { state: parsed.data.state, clientOrigin: site.origin, peerOrigin: own, challenge: parsed.data.challenge })
      : false;
  if (!parsed.success || !site || !target || !user || !open) {
    return (
      <AuthCard title={t('title')}>
        <Notice color="orange" data-testid="sso-refused">
          <p className={`${ui.text} ${ui.sm}`}>{t('refused')}</p>
        </Notice>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('title')}>
      <div className={ui.stack}>
        <p className={ui.text} data-testid="sso-question">
          {t('question', { conference: localized(target.shortTitle, locale) || localized(target.title, locale), email: user.email })}
        </p>
        <p className={`${ui.text} ${ui.sm}`}>
          <strong>{t('site', { host: site.host })}</strong>
        </p>
        <p className={`${ui.text} ${ui.sm}`}>{t('explain')}</p>
        <SsoContinue
          locale={locale}
          action="/api/sso/authorize"
          payload={{ client: site.origin, state: parsed.data.state, challenge: parsed.data.challenge }}
          labels={{ continue: t('continue'), cancel: t('cancel'), failed: t('failed') }}
        />
      </div>
    </AuthCard>
  );
}

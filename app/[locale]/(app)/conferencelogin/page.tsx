import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { loginAsksCentrally, signsInCentrally, ssoBeginPath } from '@/lib/auth/sso-hosts';
import { originOf } from '@/lib/conferences/seo';
import { AlreadySignedIn } from '@/components/accounts/already-signed-in';
import { LoginForm } from '@/components/accounts/login-form';
import { OrganisationLogin } from '@/components/accounts/organisation-login';
import { AuthCard } from '@/components/layout/auth-card';
import { Notice, ui } from '@/components/layout/page-parts';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';
import { safeReturnPath } from '@/lib/http/return-path';
import { loginSide } from '@/lib/oidc/login-side';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('loginTitle') };
}

type Props = { searchParams: Promise<{ redirect?: string; expired?: string; reset?: string; sso?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { db, conference, user, locale } = await requirePage('/conferencelogin');
  const query = await searchParams;
  const t = await getTranslations('auth');
  const subtitle = t('loginSubtitle', { conference: localized(conference.shortTitle, locale) });
  if (user) {
    return (
      <AuthCard title={t('loginTitle')} subtitle={subtitle}>
        <AlreadySignedIn email={user.email} />
      </AuthCard>
    );
  }
  const side = await loginSide(db, safeReturnPath(query.redirect), locale);
  // Reached by the router on a conference site, the central sign-in has not been asked yet (lib/auth/sso.ts).
  const ssoBegin =
    loginAsksCentrally(query) && signsInCentrally(originOf(await headers())) ? ssoBeginPath(query.redirect ?? '', locale) : undefined;
  return (
    <AuthCard title={t('loginTitle')} subtitle={subtitle}>
      {query.sso === 'invalid' && (
        // The sign-in across the platform's sites refused what came back (a forged, used or stale code): sign in here.
        <Notice color="orange" data-testid="sso-invalid">
          <p className={`${ui.text} ${ui.sm}`}>{t('ssoInvalid')}</p>
        </Notice>
      )}
      <LoginForm redirect={query.redirect} expired={query.expired === '1'} resetDone={query.reset === '1'} ssoBegin={ssoBegin} />
      <OrganisationLogin {...side} />
    </AuthCard>
  );
}

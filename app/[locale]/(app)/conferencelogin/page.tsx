import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AlreadySignedIn } from '@/components/accounts/already-signed-in';
import { LoginForm } from '@/components/accounts/login-form';
import { OrganisationLogin } from '@/components/accounts/organisation-login';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';
import { safeReturnPath } from '@/lib/http/return-path';
import { loginSide } from '@/lib/oidc/login-side';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('loginTitle') };
}

type Props = { searchParams: Promise<{ redirect?: string; expired?: string; reset?: string }> };

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
  return (
    <AuthCard title={t('loginTitle')} subtitle={subtitle}>
      <LoginForm redirect={query.redirect} expired={query.expired === '1'} resetDone={query.reset === '1'} />
      <OrganisationLogin {...side} />
    </AuthCard>
  );
}

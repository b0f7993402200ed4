import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AlreadySignedIn } from '@/components/accounts/already-signed-in';
import { LoginForm } from '@/components/accounts/login-form';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('loginTitle') };
}

type Props = { searchParams: Promise<{ redirect?: string; expired?: string; reset?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { conference, user, locale } = await requirePage('/conferencelogin');
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
  return (
    <AuthCard title={t('loginTitle')} subtitle={subtitle}>
      <LoginForm redirect={query.redirect} expired={query.expired === '1'} resetDone={query.reset === '1'} />
    </AuthCard>
  );
}

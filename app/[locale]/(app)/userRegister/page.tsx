import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignUpForm } from '@/components/accounts/sign-up-form';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('signUpTitle') };
}

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ redirect?: string }> }) {
  const { conference, locale } = await requirePage('/userRegister');
  const { redirect } = await searchParams;
  const t = await getTranslations('auth');
  return (
    <AuthCard title={t('signUpTitle')} subtitle={t('signUpSubtitle', { conference: localized(conference.shortTitle, locale) })}>
      <SignUpForm redirect={redirect} />
    </AuthCard>
  );
}

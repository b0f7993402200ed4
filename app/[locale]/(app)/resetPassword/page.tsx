import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/accounts/reset-password-form';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('resetTitle') };
}

export default async function ResetPasswordPage() {
  await requirePage('/resetPassword');
  const t = await getTranslations('auth');
  return (
    <AuthCard title={t('resetTitle')} subtitle={t('resetSubtitle')}>
      <ResetPasswordForm />
    </AuthCard>
  );
}

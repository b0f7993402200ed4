import { Alert, Stack, Text } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AlreadySignedIn } from '@/components/accounts/already-signed-in';
import { LoginForm } from '@/components/accounts/login-form';
import { OrganisationLogin } from '@/components/accounts/organisation-login';
import { AuthCard } from '@/components/layout/auth-card';
import { requirePage } from '@/lib/auth/require-page';
import { registrationWindow } from '@/lib/conferences/website-config';
import { localized } from '@/lib/i18n/localized';
import { loginSide } from '@/lib/oidc/login-side';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('loginVariantTitle') };
}

/**
 * /register: the conference's login variant for registration. While the registration window is open
 * and the module on, the login box leads to /conferenceRegister; otherwise it says registration is
 * not open.
 */
export default async function RegisterLoginPage() {
  const { db, conference, user, locale } = await requirePage('/register');
  const [t, window] = await Promise.all([getTranslations('register'), registrationWindow(db, conference)]);
  const subtitle = localized(conference.title, locale);
  if (!window.open) {
    return (
      <AuthCard title={t('loginVariantTitle')} subtitle={subtitle}>
        <Alert color="gray" data-testid="register-not-open">
          {window.moduleEnabled ? t('windowClosed') : t('moduleOff')}
          {window.moduleEnabled && window.startDate && window.endDate && (
            <Text size="sm">{t('windowDates', { start: window.startDate, end: window.endDate })}</Text>
          )}
        </Alert>
      </AuthCard>
    );
  }
  if (user) {
    return (
      <AuthCard title={t('loginVariantTitle')} subtitle={subtitle}>
        <AlreadySignedIn email={user.email} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('loginVariantTitle')} subtitle={subtitle}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="register-login-hint">
          {t('loginVariantHint', { start: window.startDate ?? '', end: window.endDate ?? '' })}
        </Text>
        <LoginForm redirect="/conferenceRegister" />
        <OrganisationLogin {...await loginSide(db, '/conferenceRegister', locale)} />
      </Stack>
    </AuthCard>
  );
}

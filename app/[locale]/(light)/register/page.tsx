import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AlreadySignedIn } from '@/components/accounts/already-signed-in';
import { LoginForm } from '@/components/accounts/login-form';
import { OrganisationLogin } from '@/components/accounts/organisation-login';
import { AuthCard } from '@/components/layout/auth-card';
import { Notice, ui } from '@/components/layout/page-parts';
import { requirePage } from '@/lib/auth/require-page';
import { registrationWindow } from '@/lib/conferences/website-config';
import { localized } from '@/lib/i18n/localized';
import { lightClientMessages } from '@/lib/i18n/light-messages';
import { loginSide } from '@/lib/oidc/login-side';

/** The login form's and the organisation search's words, beside what every light screen's islands use (lightClientMessages adds those). */
const SCREEN_MESSAGES = [
  'auth',
  'orgLogin',
  'validation.email*',
  'validation.password*',
  'validation.code*',
  'validation.hiddenCharacters',
] as const;

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
        <Notice color="gray" data-testid="register-not-open">
          {window.moduleEnabled ? t('windowClosed') : t('moduleOff')}
          {window.moduleEnabled && window.startDate && window.endDate && (
            <p className={`${ui.text} ${ui.sm}`}>{t('windowDates', { start: window.startDate, end: window.endDate })}</p>
          )}
        </Notice>
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
  const messages = await lightClientMessages(SCREEN_MESSAGES);
  return (
    <AuthCard title={t('loginVariantTitle')} subtitle={subtitle}>
      <NextIntlClientProvider messages={messages}>
        <div className={ui.stack} data-gap="sm">
          <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`} data-testid="register-login-hint">
            {t('loginVariantHint', { start: window.startDate ?? '', end: window.endDate ?? '' })}
          </p>
          <LoginForm redirect="/conferenceRegister" />
          <OrganisationLogin {...await loginSide(db, '/conferenceRegister', locale)} />
        </div>
      </NextIntlClientProvider>
    </AuthCard>
  );
}

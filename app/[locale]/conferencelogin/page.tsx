import { Alert, Group, Stack, Text } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/accounts/login-form';
import { AuthCard } from '@/components/layout/auth-card';
import { ButtonLink } from '@/components/ui/button-link';
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
        <Stack>
          <Alert color="blue" data-testid="already-logged-in">
            <Text size="sm">{t('alreadyLoggedIn', { email: user.email })}</Text>
          </Alert>
          <Group grow>
            <ButtonLink href="/conferenceRegister">{t('goConferenceRegister')}</ButtonLink>
            <ButtonLink href="/profile/userInfo" variant="light">{t('goProfile')}</ButtonLink>
          </Group>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('loginTitle')} subtitle={subtitle}>
      <LoginForm redirect={query.redirect} expired={query.expired === '1'} resetDone={query.reset === '1'} />
    </AuthCard>
  );
}

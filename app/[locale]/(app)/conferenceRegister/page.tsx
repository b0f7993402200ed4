import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RegisterForm } from '@/components/registration/register-form';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { registrationInstructions, registrationWindow } from '@/lib/conferences/website-config';
import { feeOffer } from '@/lib/fees/fee-offer';
import { localized } from '@/lib/i18n/localized';
import { findRegistration, registrationCounts } from '@/lib/registration/register-participant';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { findProfile } from '@/lib/accounts/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('title') };
}

function Message({ color, testId, children }: { color: string; testId: string; children: React.ReactNode }) {
  return (
    <Alert color={color} data-testid={testId}>
      {children}
    </Alert>
  );
}

export default async function ConferenceRegisterPage() {
  const { conference, db, user, locale } = await requirePage('/conferenceRegister');
  const t = await getTranslations('register');
  const tn = await getTranslations('nav');
  const window = await registrationWindow(db, conference);

  let body: React.ReactNode;
  if (!user) {
    body = (
      <Stack>
        <Message color="blue" testId="register-please-login">
          {t('pleaseLogin')}
        </Message>
        <ButtonLink href={`/conferencelogin?${new URLSearchParams({ redirect: '/conferenceRegister' })}`}>{tn('login')}</ButtonLink>
      </Stack>
    );
  } else if (!window.moduleEnabled) {
    body = (
      <Message color="gray" testId="register-module-off">
        {t('moduleOff')}
      </Message>
    );
  } else if (!window.open) {
    body = (
      <Message color="gray" testId="register-closed">
        {t('windowClosed')}
        {window.startDate && window.endDate && <Text size="sm">{t('windowDates', { start: window.startDate, end: window.endDate })}</Text>}
      </Message>
    );
  } else {
    const mine = await findRegistration(db, conference.id, user.id);
    if (mine) {
      body = (
        <Stack>
          <Message color="green" testId="register-already">
            {t('alreadyRegistered')}
            <Text size="sm">{t('alreadyRegisteredCode', { code: mine.code })}</Text>
          </Message>
          <ButtonLink href="/profile/userInfo" variant="light">
            {tn('userInfo')}
          </ButtonLink>
        </Stack>
      );
    } else if ((await registrationCounts(db, conference.id)).full) {
      body = (
        <Message color="orange" testId="register-full">
          {t('full')}
        </Message>
      );
    } else {
      const [instructions, fields, countryOptions, profile, offer] = await Promise.all([
        registrationInstructions(db, conference.id),
        loadFields(db, conference.id),
        loadCountryOptions(db, conference.id),
        findProfile(db, user.id),
        feeOffer(db, conference, { locale }),
      ]);
      const prefill = {
        name: user.name,
        email: user.email,
        telephone: profile?.profile?.phone ?? '',
        unit: profile?.profile?.unit ?? '',
        post: profile?.profile?.post ?? '',
        address: profile?.profile?.address ?? '',
      };
      body = (
        <RegisterForm
          noticeHtml={sanitizeOrganiserHtml(localized(instructions, locale))}
          fields={fields}
          countryOptions={countryOptions}
          prefill={prefill}
          offer={offer}
        />
      );
    }
  }
  return (
    <Container size="md" py="xl">
      <Title order={1} fz={28} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {localized(conference.title, locale)}
      </Text>
      <Paper withBorder p="xl">
        {body}
      </Paper>
    </Container>
  );
}

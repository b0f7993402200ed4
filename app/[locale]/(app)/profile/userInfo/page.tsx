import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import { personalInformation } from '@/lib/accounts/personal-information';
import { findProfile } from '@/lib/accounts/queries';
import { requirePage } from '@/lib/auth/require-page';
import { findRegistration } from '@/lib/registration/register-participant';
import { loadFields } from '@/lib/registration/field-config';
import { describeAnswers } from '@/lib/registration/describe-answers';
import { originalFileNames } from '@/lib/registration/uploads';
import { AnswerList } from '@/components/registration/answer-list';
import { TicketCard } from '@/components/tickets/ticket-card';
import { issueTicketForAccount } from '@/lib/tickets/issue-ticket';
import { CertificateCard } from '@/components/certificates/certificate-card';
import { myCertificateReady } from '@/lib/certificates/certificates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile');
  return { title: t('title') };
}

/** The personal information preview, with this conference's registration and roles. */
export default async function UserInfoPage() {
  const { db, user, conference, roles, locale } = await requirePage('/profile/userInfo');
  const [t, tc, tt, found, registration] = await Promise.all([
    getTranslations('profile'),
    getTranslations('common'),
    getTranslations('ticket'),
    findProfile(db, user.id),
    findRegistration(db, conference.id, user.id),
  ]);
  // The ticket first (issued now if the registration is complete and has none yet): held up at the door on a phone.
  const issued = registration ? await issueTicketForAccount(db, { conferenceId: conference.id, userId: user.id }) : null;
  // After the conference, the certificate of attendance (for those checked in at the door) comes first, then the ticket.
  const certificate = registration ? await myCertificateReady(db, { conferenceId: conference.id, userId: user.id }) : false;
  const fields = registration ? await loadFields(db, conference.id, registration.version) : [];
  const fileNames = registration ? await originalFileNames(db, conference.id, fields, [registration.answers]) : {};
  const answers = registration ? describeAnswers(fields, registration.answers, locale, fileNames) : [];
  const rows = personalInformation(found?.profile, registration?.answers, locale);
  const roleLabels = [
    roles.platformAdmin && t('rolePlatformAdmin'),
    roles.manager && t('roleManager'),
    roles.reviewer && t('roleReviewer'),
    registration && t('roleParticipant'),
  ].filter(Boolean) as string[];
  return (
    <>
      {certificate && <CertificateCard />}
      {issued && <TicketCard issued={issued} locale={locale} />}
      {registration && !issued && (
        <Text size="sm" c="dimmed" mb="md" data-testid="ticket-pending">
          {tt('notComplete')}
        </Text>
      )}
      <Paper withBorder p="xl">
        <Group justify="space-between" mb="md">
          <Title order={3}>{t('title')}</Title>
          <ButtonLink href="/profile/userInfo/Edit" variant="light" size="sm" data-testid="edit-profile">
            {tc('edit')}
          </ButtonLink>
        </Group>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <div>
              <Text size="sm" c="dimmed">
                {t('name')}
              </Text>
              <Text data-testid="profile-name">{found?.user.name}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('email')}
              </Text>
              <Text data-testid="profile-email">{user.email}</Text>
            </div>
            {rows.map(({ field, value }) => (
              <div key={field}>
                <Text size="sm" c="dimmed">
                  {t(field)}
                </Text>
                <Text data-testid={`profile-${field}`} c={value ? undefined : 'dimmed'}>
                  {value || tc('notSet')}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed">
              {t('registrationStatus')}
            </Text>
            <Text data-testid="registration-status">
              {registration ? t('registeredWithCode', { code: registration.code }) : t('notRegistered')}
            </Text>
          </div>
          {answers.length > 0 && (
            <div data-testid="registration-answers">
              <Text size="sm" c="dimmed" mb={4}>
                {t('registrationAnswers')}
              </Text>
              <AnswerList answers={answers} />
            </div>
          )}
          {roleLabels.length > 0 && (
            <div>
              <Text size="sm" c="dimmed">
                {t('roles')}
              </Text>
              <Group gap="xs" mt={4}>
                {roleLabels.map((label) => (
                  <Badge key={label} variant="light">
                    {label}
                  </Badge>
                ))}
              </Group>
            </div>
          )}
        </Stack>
      </Paper>
    </>
  );
}

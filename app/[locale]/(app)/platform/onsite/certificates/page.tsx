import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CertificateImages } from '@/components/certificates/certificate-images';
import { CertificateMailButton } from '@/components/certificates/certificate-mail-button';
import { CertificateSettingsForm } from '@/components/certificates/certificate-settings-form';
import { requirePage } from '@/lib/auth/require-page';
import { certificateCounts, certificateSettingsOf } from '@/lib/certificates/certificates';
import { conferenceEnded, conferenceEndsAt } from '@/lib/certificates/eligibility';
import { conferenceFormatter } from '@/lib/i18n/format';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onsiteDocs');
  return { title: t('certificatesTitle') };
}

/**
 * The organiser's certificates of attendance (issue 24 point 5): the bilingual text with its placeholders, the
 * signature and seal images, a sample PDF, and the bulk issue by mail once the conference is over.
 */
export default async function CertificatesPage() {
  const { db, conference, locale } = await requirePage('/platform/onsite/certificates');
  const [t, settings, counts] = await Promise.all([
    getTranslations('onsiteDocs'),
    certificateSettingsOf(db, conference.id),
    certificateCounts(db, conference.id),
  ]);
  const ends = conferenceEndsAt(conference.endDate, conference.timeZone);
  const ended = conferenceEnded(conference);
  const format = conferenceFormatter(locale, conference.timeZone);
  const empty = { zh: '', en: '' };
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>{t('certificatesTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('certificatesIntro')}
        </Text>
      </div>
      <Paper withBorder p="md">
        <CertificateSettingsForm
          settings={{ title: settings?.title ?? empty, body: settings?.body ?? empty, signatory: settings?.signatory ?? empty }}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          {t('imagesTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('imagesHint')}
        </Text>
        <CertificateImages signature={settings?.signatureFile ?? ''} seal={settings?.sealFile ?? ''} />
        {settings && (
          <Button
            component="a"
            href="/api/conference/platform/onsite/certificates/preview"
            variant="light"
            mt="md"
            data-testid="certificate-preview"
          >
            {t('certPreview')}
          </Button>
        )}
      </Paper>
      <Paper withBorder p="md" data-testid="certificate-bulk">
        <Title order={4} mb="xs">
          {t('bulkTitle')}
        </Title>
        <Text size="sm" mb="xs" data-testid="certificate-counts">
          {t('bulkCounts', counts)}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {t('bulkHint')}
        </Text>
        {!settings && (
          <Alert color="orange" mb="sm">
            {t('bulkNoText')}
          </Alert>
        )}
        {settings && !ends && (
          <Alert color="orange" mb="sm">
            {t('bulkNoEnd')}
          </Alert>
        )}
        {settings && ends && !ended && (
          <Alert color="blue" mb="sm" data-testid="certificate-not-ended">
            {t('bulkNotEnded', { end: format.dateTime(ends, 'short') })}
          </Alert>
        )}
        <Group>
          <CertificateMailButton disabled={!settings || !ended} />
        </Group>
      </Paper>
    </Stack>
  );
}

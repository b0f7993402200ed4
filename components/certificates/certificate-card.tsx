import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';

/** Where the participant downloads their own certificate (the handler checks the rule again). */
export const CERTIFICATE_PDF_PATH = '/api/conference/certificate/pdf';

/**
 * The participant's certificate of attendance at the top of their profile, beside the ticket: once the conference is
 * over and they were checked in at its door, the bilingual PDF to download.
 */
export async function CertificateCard() {
  const t = await getTranslations('onsiteDocs');
  return (
    <Paper withBorder p="sm" mb="md" data-testid="certificate-card">
      <Stack gap={4} align="center">
        <Title order={3} size="h5">
          {t('certificateCardTitle')}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {t('certificateCardText')}
        </Text>
        <Button component="a" href={CERTIFICATE_PDF_PATH} download mt={4} data-testid="certificate-download">
          {t('certificateDownload')}
        </Button>
      </Stack>
    </Paper>
  );
}

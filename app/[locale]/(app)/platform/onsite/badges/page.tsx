import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { count, eq, and, ne } from 'drizzle-orm';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BadgePreview } from '@/components/badges/badge-preview';
import { BadgeSettingsForm } from '@/components/badges/badge-settings-form';
import { ButtonLink } from '@/components/ui/button-link';
import { conferenceRegistration } from '@/db/schema';
import { requirePage } from '@/lib/auth/require-page';
import { badgePreview, badgeSettingsOf } from '@/lib/badges/badge-pdf';
import { listFees } from '@/lib/fees/fee-config';
import { localized } from '@/lib/i18n/localized';
import { REGISTRANT_LIST } from '@/lib/registration/list-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onsiteDocs');
  return { title: t('badgesTitle') };
}

/**
 * The organiser's badges (issue 24 point 2): the settings form, a preview drawn from the very plan of the printed PDF
 * (made in the badge worker, off the event loop), and the print buttons — everyone here, a filter of the registrant
 * list there, one person on their registrant page.
 */
export default async function BadgesPage() {
  const { db, conference, locale, user } = await requirePage('/platform/onsite/badges');
  const [t, settings, fees, [{ total }]] = await Promise.all([
    getTranslations('onsiteDocs'),
    badgeSettingsOf(db, conference.id),
    listFees(db, conference.id),
    db
      .select({ total: count() })
      .from(conferenceRegistration)
      .where(and(eq(conferenceRegistration.conferenceId, conference.id), ne(conferenceRegistration.status, 'cancelled'))),
  ]);
  const preview = await badgePreview(db, { conferenceId: conference.id, settings, locale, account: user.id }).catch(() => null);
  const registrationFees = fees.filter((f) => f.kind === 'register').map((f) => ({ id: f.id, title: localized(f.title, locale) }));
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>{t('badgesTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('badgesIntro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <BadgeSettingsForm settings={settings} fees={registrationFees} />
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Title order={4} mb="xs">
              {t('previewTitle')}
            </Title>
            {preview ? (
              <BadgePreview plan={preview.plan} label={t('previewAlt', { name: '欧阳明远', role: t('role_speaker') })} />
            ) : (
              <Alert color="orange">{t('badgesNone')}</Alert>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              {t('previewHint')}
            </Text>
            <Button
              component="a"
              href="/api/conference/platform/onsite/badges/preview"
              variant="light"
              size="xs"
              mt="xs"
              data-testid="badge-preview-pdf"
            >
              {t('previewPdf')}
            </Button>
          </Paper>
          <Paper withBorder p="md" data-testid="badge-print">
            <Title order={4} mb="xs">
              {t('printTitle')}
            </Title>
            <Text size="sm" mb="xs" data-testid="badge-count">
              {t('printAllHint', { count: total })}
            </Text>
            <Button
              component="a"
              href={`/api/conference/platform/onsite/badges/pdf?lang=${locale}`}
              download
              disabled={total === 0}
              data-testid="badge-print-all"
            >
              {t('printAll')}
            </Button>
            <Text fw={600} size="sm" mt="md">
              {t('printFiltered')}
            </Text>
            <Text size="sm" c="dimmed" mb="xs">
              {t('printFilteredHint')}
            </Text>
            <Group>
              <ButtonLink href={REGISTRANT_LIST} variant="light" data-testid="badge-to-registrants">
                {t('toRegistrants')}
              </ButtonLink>
            </Group>
          </Paper>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

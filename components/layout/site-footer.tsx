import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { registrationDaysLeft, registrationWindow } from '@/lib/conferences/website-config';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { RequestContext } from '@/lib/tenancy/context';

/** The public footer: conference name and address, days left to register, record number. */
export async function SiteFooter({ ctx, locale }: { ctx: RequestContext; locale: Locale }) {
  const t = await getTranslations('footer');
  const conference = ctx.conference;
  if (!conference) return null;
  const window = await registrationWindow(ctx.db, conference);
  const daysLeft = registrationDaysLeft(window, conference.timeZone);
  return (
    <Box component="footer" mt="xl" py="lg" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Stack gap={4}>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {localized(conference.title, locale)}
            </Text>
            {daysLeft !== null && (
              <Text size="sm" c="indigo" data-testid="registration-countdown">
                {daysLeft === 0 ? t('registrationClosesToday') : t('registrationCloses', { days: daysLeft })}
              </Text>
            )}
          </Group>
          {conference.contacts.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="footer-contacts">
              {t('contacts')}:{' '}
              {conference.contacts
                .map((c) => [localized(c.name, locale), c.phone, c.email].filter(Boolean).join(' '))
                .join(locale === 'zh' ? '；' : '; ')}
            </Text>
          )}
          {localized(conference.address, locale) && (
            <Text size="xs" c="dimmed">
              {localized(conference.address, locale)}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('poweredBy')}
            </Text>
            {conference.recordNumber && (
              <Text size="xs" c="dimmed" data-testid="record-number">
                {conference.recordNumber}
              </Text>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

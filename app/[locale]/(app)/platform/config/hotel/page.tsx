import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HotelConfigForm } from '@/components/hotel/config/hotel-config-form';
import { HotelManager } from '@/components/hotel/config/hotel-manager';
import { requirePage } from '@/lib/auth/require-page';
import { findHotelConfig, hotelBookingStateNow } from '@/lib/hotel/config';
import { listHotelsForOrganiser } from '@/lib/hotel/queries';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hotelConfig');
  return { title: t('title') };
}

const STATE_COLOR = { open: 'green', notStarted: 'yellow', ended: 'gray', closed: 'gray' } as const;

/** Hotel settings (spec §2 /platform/config/hotel): booking window, currencies, texts, and the hotels with their room types. */
export default async function HotelConfigPage() {
  const { db, conference, roles } = await requirePage('/platform/config/hotel');
  if (!roles.manager && !roles.platformAdmin) return null;
  const [t, config, hotels] = await Promise.all([
    getTranslations('hotelConfig'),
    findHotelConfig(db, conference.id),
    listHotelsForOrganiser(db, conference.id),
  ]);
  const state = hotelBookingStateNow(config, conference.timeZone);
  return (
    <Stack gap="lg" data-testid="hotel-config">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Title order={3}>{t('title')}</Title>
          <StatusBadge size="md" variant="light" color={STATE_COLOR[state]} data-testid="hotel-booking-state">
            {t(`state_${state}`)}
          </StatusBadge>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {t('intro')}
        </Text>
        <HotelConfigForm initial={config} />
      </Paper>
      <HotelManager hotels={hotels} currency={config.currency} displayCurrency={config.displayCurrency} />
    </Stack>
  );
}

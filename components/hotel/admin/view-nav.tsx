import { Group } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';

export const HOTEL_ADMIN_VIEWS = ['bookings', 'occupancy', 'mail'] as const;
export type HotelAdminView = (typeof HOTEL_ADMIN_VIEWS)[number];

/** The view of the management screen named in the address (`?view=`), bookings unless another is named. */
export function hotelAdminView(raw: string | string[] | undefined): HotelAdminView {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (HOTEL_ADMIN_VIEWS as readonly string[]).includes(value ?? '') ? (value as HotelAdminView) : 'bookings';
}

/** The screen's three parts as links (each its own address, so a view can be bookmarked and reloaded). */
export async function ViewNav({ view }: { view: HotelAdminView }) {
  const t = await getTranslations('hotelAdmin');
  return (
    <nav aria-label={t('views')}>
      <Group gap="xs">
        {HOTEL_ADMIN_VIEWS.map((v) => (
          <ButtonLink
            key={v}
            href={v === 'bookings' ? '/platform/manage/hotel' : `/platform/manage/hotel?view=${v}`}
            variant={v === view ? 'filled' : 'light'}
            aria-current={v === view ? 'page' : undefined}
            data-testid={`hotel-view-${v}`}
          >
            {t(`view_${v}`)}
          </ButtonLink>
        ))}
      </Group>
    </nav>
  );
}

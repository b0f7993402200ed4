import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import { HOTEL_BOOKING_STATUSES, HOTEL_PAY_GROUP_NAMES, type AdminHotelBookingQuery } from '@/lib/hotel/admin-list-params';

type Choice = { value: string; label: string };

/** The filter bar of the hotel booking list: a plain GET form, so the filters live in the address. */
export async function BookingFilters({
  query,
  hotels,
  roomTypes,
}: {
  query: AdminHotelBookingQuery;
  hotels: Choice[];
  roomTypes: Choice[];
}) {
  const t = await getTranslations('hotelAdmin');
  return (
    <Paper withBorder p="md">
      <form method="get" data-testid="hotel-filters" aria-label={t('filters')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            name="q"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            defaultValue={query.q}
            maxLength={100}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="hotel-search"
          />
          <NativeSelect
            name="hotel"
            label={t('hotel')}
            defaultValue={String(query.hotel)}
            data={[{ value: '', label: t('allHotels') }, ...hotels]}
            data-testid="hotel-filter-hotel"
          />
          <NativeSelect
            name="roomType"
            label={t('roomType')}
            defaultValue={String(query.roomType)}
            data={[{ value: '', label: t('allRoomTypes') }, ...roomTypes]}
            data-testid="hotel-filter-room-type"
          />
          <NativeSelect
            name="status"
            label={t('bookingStatus')}
            defaultValue={query.status}
            data={[{ value: '', label: t('allStatuses') }, ...HOTEL_BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))]}
            data-testid="hotel-filter-status"
          />
          <NativeSelect
            name="pay"
            label={t('payStatus')}
            defaultValue={query.pay}
            data={[{ value: '', label: t('allPay') }, ...HOTEL_PAY_GROUP_NAMES.map((p) => ({ value: p, label: t(`pay_${p}`) }))]}
            data-testid="hotel-filter-pay"
          />
          <TextInput type="date" name="from" label={t('checkInFrom')} defaultValue={query.from} w={170} data-testid="hotel-filter-from" />
          <TextInput type="date" name="to" label={t('checkInTo')} defaultValue={query.to} w={170} data-testid="hotel-filter-to" />
          <Button type="submit" data-testid="hotel-apply">
            {t('apply')}
          </Button>
          <ButtonLink variant="subtle" href="/platform/manage/hotel" data-testid="hotel-reset">
            {t('reset')}
          </ButtonLink>
        </Group>
      </form>
    </Paper>
  );
}

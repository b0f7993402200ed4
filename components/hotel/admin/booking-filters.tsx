import { getTranslations } from 'next-intl/server';
import { FilterDate, FilterForm, FilterSearch, FilterSelect, type FilterChoice } from '@/components/ui/filter-form';
import { HOTEL_BOOKING_STATUSES, HOTEL_PAY_GROUP_NAMES, type AdminHotelBookingQuery } from '@/lib/hotel/admin-list-params';

/** The filter bar of the hotel booking list. */
export async function BookingFilters({
  query,
  hotels,
  roomTypes,
}: {
  query: AdminHotelBookingQuery;
  hotels: FilterChoice[];
  roomTypes: FilterChoice[];
}) {
  const t = await getTranslations('hotelAdmin');
  return (
    <FilterForm testId="hotel" label={t('filters')} applyLabel={t('apply')} reset={{ href: '/platform/manage/hotel', label: t('reset') }}>
      <FilterSearch label={t('search')} placeholder={t('searchPlaceholder')} defaultValue={query.q} testId="hotel-search" />
      <FilterSelect
        name="hotel"
        label={t('hotel')}
        defaultValue={String(query.hotel)}
        anyLabel={t('allHotels')}
        choices={hotels}
        testId="hotel-filter-hotel"
      />
      <FilterSelect
        name="roomType"
        label={t('roomType')}
        defaultValue={String(query.roomType)}
        anyLabel={t('allRoomTypes')}
        choices={roomTypes}
        testId="hotel-filter-room-type"
      />
      <FilterSelect
        name="status"
        label={t('bookingStatus')}
        defaultValue={query.status}
        anyLabel={t('allStatuses')}
        choices={HOTEL_BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
        testId="hotel-filter-status"
      />
      <FilterSelect
        name="pay"
        label={t('payStatus')}
        defaultValue={query.pay}
        anyLabel={t('allPay')}
        choices={HOTEL_PAY_GROUP_NAMES.map((p) => ({ value: p, label: t(`pay_${p}`) }))}
        testId="hotel-filter-pay"
      />
      <FilterDate name="from" label={t('checkInFrom')} defaultValue={query.from} testId="hotel-filter-from" />
      <FilterDate name="to" label={t('checkInTo')} defaultValue={query.to} testId="hotel-filter-to" />
    </FilterForm>
  );
}

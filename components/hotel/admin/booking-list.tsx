import { Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatMoney } from '@/lib/fees/money';
import { guestNames } from '@/lib/hotel/export-rooming-list';
import type { AdminHotelBookingRow } from '@/lib/hotel/admin-list';
import { adminHotelHref, isHotelBookingStatus, type AdminHotelBookingQuery, type HotelBookingStatus } from '@/lib/hotel/admin-list-params';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { payStatusLabel } from '@/lib/orders/pay-status';

const STATUS_COLORS: Record<HotelBookingStatus, string> = {
  active: 'green',
  cancelled: 'gray',
  changed: 'blue',
  expired: 'orange',
  invalid: 'red',
};

/** The hotel bookings of one page, with the guest, the stay, the order and both states in words. */
export async function BookingList({
  rows,
  total,
  query,
  locale,
  timeZone,
}: {
  rows: AdminHotelBookingRow[];
  total: number;
  query: AdminHotelBookingQuery;
  locale: Locale;
  timeZone: string;
}) {
  const [t, to] = await Promise.all([getTranslations('hotelAdmin'), getTranslations('orders')]);
  const format = conferenceFormatter(locale, timeZone);
  const pages = Math.max(1, Math.ceil(total / query.size));
  const payLabel = (pay: string) => payStatusLabel(to, pay);
  return (
    <Stack gap="md">
      <ListTable
        minWidth={1200}
        testId="hotel-table"
        emptyTestId="hotel-empty"
        empty={t('empty')}
        head={[
          t('colGuest'),
          t('colHotelRoom'),
          t('colStay'),
          t('colRooms'),
          t('colRequirements'),
          t('colOrderNo'),
          t('colTotal'),
          t('payStatus'),
          t('bookingStatus'),
          t('colCreatedAt'),
        ]}
        rows={rows.map((row) => ({
          key: row.id,
          attrs: { 'data-testid': 'hotel-row', 'data-booking': row.id, 'data-status': row.status, 'data-order': row.orderNo ?? '' },
          cells: [
            <div key="g" style={{ minWidth: 160 }}>
              <Text size="sm" fw={500}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              {row.guests.trim() ? (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {t('guestsLine', { names: guestNames(row).join(locale === 'zh' ? '、' : ', ') })}
                </Text>
              ) : null}
              {row.organisation ? (
                <Text size="xs" c="dimmed">
                  {row.organisation}
                </Text>
              ) : null}
            </div>,
            <div key="h" style={{ minWidth: 140 }}>
              <Text size="sm">{localized(row.hotelName, locale)}</Text>
              <Text size="xs" c="dimmed">
                {localized(row.roomTypeName, locale)}
              </Text>
            </div>,
            <div key="s" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{t('stay', { checkIn: row.checkIn, checkOut: row.checkOut })}</Text>
              <Text size="xs" c="dimmed">
                {t('nights', { count: row.nights })}
              </Text>
            </div>,
            row.rooms,
            <Text key="r" size="sm" style={{ minWidth: 120, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {row.requirements || '—'}
            </Text>,
            <Text key="o" ff="monospace" size="sm">
              {row.orderNo ?? '—'}
            </Text>,
            <Text key="t" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {row.totalMinor !== null && row.currency ? formatMoney(row.totalMinor, row.currency, locale) : '—'}
            </Text>,
            row.payStatus ? payLabel(row.payStatus) : '—',
            <StatusBadge key="b" size="sm" variant="light" color={isHotelBookingStatus(row.status) ? STATUS_COLORS[row.status] : 'gray'}>
              {isHotelBookingStatus(row.status) ? t(`status_${row.status}`) : row.status}
            </StatusBadge>,
            format.dateTime(row.createdAt, 'short'),
          ],
        }))}
      />
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => adminHotelHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}

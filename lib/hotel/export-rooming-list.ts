import type { Executor } from '@/db/client';
import { sheet, type Column, type WorkbookSpec } from '@/lib/exports/workbook';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { isPaid } from '@/lib/orders/rules';
import { activeBookingsForRoomingList, hotelChoices } from './admin-list';
import { HOTEL_PAY_GROUPS } from './admin-list-params';

type Booking = Awaited<ReturnType<typeof activeBookingsForRoomingList>>[number];

/** The guests of a booking as the front desk reads them: the names given, else the booker. */
export function guestNames(booking: Pick<Booking, 'guests' | 'name'>): string[] {
  const named = booking.guests
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return named.length > 0 ? named : [booking.name];
}

/**
 * The rooming list as an xlsx workbook, one sheet per hotel (hotels without bookings too, so the
 * front desk sees "none"), headers in `locale`: guests, arrival, departure, nights, rooms, room
 * type, special requirements, whether it is paid, the order number and the booker's contacts.
 * Only active bookings are listed: the rooms the hotel is to hold.
 */
export function roomingListWorkbook(
  hotels: { id: number; name: LocalizedText }[],
  bookings: Booking[],
  locale: Locale,
  timeZone: string,
): WorkbookSpec {
  const t = serverTranslator(locale, 'hotelAdmin');
  const separator = locale === 'zh' ? '；' : '; ';
  const paid = (pay: string) =>
    isPaid(pay) ? 'paidYes' : (HOTEL_PAY_GROUPS.awaiting as readonly string[]).includes(pay) ? 'pay_awaiting' : 'paidNo';
  const columns: Column<Booking>[] = [
    { header: t('colGuests'), width: 28, type: 'text', value: (b) => guestNames(b).join(separator) },
    { header: t('colArrival'), width: 12, type: 'date', value: (b) => b.checkIn },
    { header: t('colDeparture'), width: 12, type: 'date', value: (b) => b.checkOut },
    { header: t('colNights'), width: 8, type: 'number', value: (b) => b.nights },
    { header: t('colRooms'), width: 8, type: 'number', value: (b) => b.rooms },
    { header: t('colRoomType'), width: 18, type: 'text', value: (b) => localized(b.roomTypeName, locale) },
    { header: t('colRequirements'), width: 36, wrap: true, type: 'text', value: (b) => b.requirements },
    { header: t('colPaid'), width: 16, type: 'label', value: (b) => paid(b.payStatus ?? ''), label: (v) => t(v) },
    { header: t('colOrderNo'), width: 20, type: 'text', value: (b) => b.orderNo ?? '' },
    { header: t('colBookedBy'), width: 18, type: 'text', value: (b) => b.name },
    { header: t('colPhone'), width: 16, type: 'text', value: (b) => b.phone ?? '' },
    { header: t('colEmail'), width: 28, type: 'text', value: (b) => b.email },
    { header: t('colOrganisation'), width: 28, type: 'text', value: (b) => b.organisation ?? '' },
  ];
  const sheets = hotels.length > 0 ? hotels : [{ id: 0, name: { zh: t('roomingSheet'), en: t('roomingSheet') } }];
  return {
    timeZone,
    sheets: sheets.map((h) =>
      sheet<Booking>({
        name: localized(h.name, locale),
        fallbackName: t('roomingSheet'),
        columns,
        rows: bookings.filter((row) => row.hotelId === h.id),
      }),
    ),
  };
}

/** The rooming list of the management screen: the conference's active bookings (of one hotel, or of every hotel), as a workbook. */
export async function exportRoomingList(
  db: Executor,
  { conferenceId, timeZone, hotelId, locale }: { conferenceId: number; timeZone: string; hotelId: number | ''; locale: Locale },
): Promise<WorkbookSpec> {
  const [{ hotels }, bookings] = await Promise.all([
    hotelChoices(db, conferenceId),
    activeBookingsForRoomingList(db, conferenceId, hotelId),
  ]);
  const chosen = hotelId === '' ? hotels : hotels.filter((h) => h.id === hotelId);
  return roomingListWorkbook(chosen, bookings, locale, timeZone);
}

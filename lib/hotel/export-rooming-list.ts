import ExcelJS from 'exceljs';
import type { Executor } from '@/db/client';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { isPaid } from '@/lib/orders/rules';
import { activeBookingsForRoomingList, hotelChoices } from './admin-list';
import { HOTEL_PAY_GROUPS } from './admin-list-params';
import { hotelAdminTranslator } from './admin-messages';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Booking = Awaited<ReturnType<typeof activeBookingsForRoomingList>>[number];

/** The guests of a booking as the front desk reads them: the names given, else the booker. */
export function guestNames(booking: Pick<Booking, 'guests' | 'name'>): string[] {
  const named = booking.guests
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return named.length > 0 ? named : [booking.name];
}

/** A worksheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook, never empty. */
export function sheetName(wanted: string, taken: Set<string>, fallback: string): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || fallback;
  let name = clean.slice(0, 31);
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The rooming list as an xlsx workbook, one sheet per hotel (hotels without bookings too, so the
 * front desk sees "none"), headers in `locale`: guests, arrival, departure, nights, rooms, room
 * type, special requirements, whether it is paid, the order number and the booker's contacts.
 * Only active bookings are listed: the rooms the hotel is to hold.
 */
export async function roomingListWorkbook(
  hotels: { id: number; name: LocalizedText }[],
  bookings: Booking[],
  locale: Locale,
): Promise<Buffer> {
  const t = hotelAdminTranslator(locale);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const taken = new Set<string>();
  const separator = locale === 'zh' ? '；' : '; ';
  const sheets = hotels.length > 0 ? hotels : [{ id: 0, name: { zh: t('roomingSheet'), en: t('roomingSheet') } }];
  for (const h of sheets) {
    const sheet = workbook.addWorksheet(sheetName(localized(h.name, locale), taken, t('roomingSheet')));
    sheet.columns = [
      { header: t('colGuests'), key: 'guests', width: 28 },
      { header: t('colArrival'), key: 'arrival', width: 12 },
      { header: t('colDeparture'), key: 'departure', width: 12 },
      { header: t('colNights'), key: 'nights', width: 8 },
      { header: t('colRooms'), key: 'rooms', width: 8 },
      { header: t('colRoomType'), key: 'roomType', width: 18 },
      { header: t('colRequirements'), key: 'requirements', width: 36 },
      { header: t('colPaid'), key: 'paid', width: 16 },
      { header: t('colOrderNo'), key: 'orderNo', width: 20 },
      { header: t('colBookedBy'), key: 'bookedBy', width: 18 },
      { header: t('colPhone'), key: 'phone', width: 16 },
      { header: t('colEmail'), key: 'email', width: 28 },
      { header: t('colOrganisation'), key: 'organisation', width: 28 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const b of bookings.filter((row) => row.hotelId === h.id)) {
      const pay = b.payStatus ?? '';
      sheet.addRow({
        guests: guestNames(b).join(separator),
        arrival: b.checkIn,
        departure: b.checkOut,
        nights: b.nights,
        rooms: b.rooms,
        roomType: localized(b.roomTypeName, locale),
        requirements: b.requirements,
        paid: isPaid(pay) ? t('paidYes') : (HOTEL_PAY_GROUPS.awaiting as readonly string[]).includes(pay) ? t('pay_awaiting') : t('paidNo'),
        orderNo: b.orderNo ?? '',
        bookedBy: b.name,
        phone: b.phone ?? '',
        email: b.email,
        organisation: b.organisation ?? '',
      });
    }
    sheet.getColumn('requirements').alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rooming list of the management screen: the conference's active bookings (of one hotel, or of every hotel), as xlsx bytes. */
export async function exportRoomingList(db: Executor, conferenceId: number, hotelId: number | '', locale: Locale): Promise<Buffer> {
  const [{ hotels }, bookings] = await Promise.all([
    hotelChoices(db, conferenceId),
    activeBookingsForRoomingList(db, conferenceId, hotelId),
  ]);
  const chosen = hotelId === '' ? hotels : hotels.filter((h) => h.id === hotelId);
  return roomingListWorkbook(chosen, bookings, locale);
}

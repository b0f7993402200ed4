import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder, hotel, hotelBooking, hotelConfig, hotelRoomNight, hotelRoomType } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { bookingWindowNow, type BookingWindowState } from './booking-window';
import { nightList } from './dates';
import { canChangeBooking } from './own-booking';

/** The most nights one room type lists its free rooms for (a longer check-in window shows its first nights). */
export const NIGHTS_SHOWN = 120;

export type NightAvailability = { night: string; free: number };

export type RoomTypeOption = {
  id: number;
  hotelId: number;
  name: LocalizedText;
  priceMinor: number;
  currency: string;
  displayPriceMinor: number;
  displayCurrency: string;
  /** The price waits for the organiser after a currency change: not bookable now. */
  priceStale: boolean;
  totalRooms: number;
  minPerPerson: number;
  maxPerPerson: number;
  checkInStart: string;
  checkInEnd: string;
  /** Free rooms on each night from check-in start to the night before the deadline. */
  nights: NightAvailability[];
  /** Rooms free on every night of the window (what can be booked for the whole stay). */
  freeRooms: number;
};

export type HotelOption = {
  id: number;
  name: LocalizedText;
  stars: number;
  link: string;
  address: LocalizedText;
  /** Stored name of the photo (served at /api/conference/asset/<name>), '' for none. */
  photo: string;
  roomTypes: RoomTypeOption[];
};

export type BookingOptions = {
  state: BookingWindowState;
  bookingStart: string | null;
  bookingEnd: string | null;
  description: LocalizedText;
  conditions: LocalizedText;
  requireAcceptedAbstract: boolean;
  maxBookingsPerUser: number;
  hotels: HotelOption[];
};

/**
 * What a participant chooses from: the settings and window state, the hotels that are not archived
 * with their bookable room types (a stale price is shown as such), each room type's free rooms per
 * night (total minus taken) over its check-in window.
 */
export async function bookingOptions(
  db: Executor,
  conference: { id: number; timeZone: string },
  now = new Date(),
): Promise<BookingOptions> {
  const conferenceId = conference.id;
  const [[config], hotels, roomTypes] = await Promise.all([
    db.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)),
    db
      .select({ id: hotel.id, name: hotel.name, stars: hotel.stars, link: hotel.link, address: hotel.address, photo: hotel.photo })
      .from(hotel)
      .where(and(eq(hotel.conferenceId, conferenceId), eq(hotel.archived, false)))
      .orderBy(asc(hotel.sortOrder), asc(hotel.id)),
    db
      .select()
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.archived, false)))
      .orderBy(asc(hotelRoomType.sortOrder), asc(hotelRoomType.id)),
  ]);
  const first = roomTypes.reduce<string | null>((a, r) => (a === null || r.checkInStart < a ? r.checkInStart : a), null);
  const last = roomTypes.reduce<string | null>((a, r) => (a === null || r.checkInEnd > a ? r.checkInEnd : a), null);
  const taken =
    first && last
      ? await db
          .select({ roomTypeId: hotelRoomNight.roomTypeId, night: hotelRoomNight.night, booked: hotelRoomNight.booked })
          .from(hotelRoomNight)
          .where(and(eq(hotelRoomNight.conferenceId, conferenceId), gte(hotelRoomNight.night, first), lt(hotelRoomNight.night, last)))
      : [];
  const booked = new Map(taken.map((t) => [`${t.roomTypeId}:${t.night}`, t.booked]));
  const options: RoomTypeOption[] = roomTypes.map((r) => {
    const all = nightList(r.checkInStart, r.checkInEnd);
    const free = (night: string) => Math.max(0, r.totalRooms - (booked.get(`${r.id}:${night}`) ?? 0));
    return {
      id: r.id,
      hotelId: r.hotelId,
      name: r.name,
      priceMinor: r.priceMinor,
      currency: r.currency,
      displayPriceMinor: r.displayPriceMinor,
      displayCurrency: r.displayCurrency,
      priceStale: r.priceStale,
      totalRooms: r.totalRooms,
      minPerPerson: r.minPerPerson,
      maxPerPerson: r.maxPerPerson,
      checkInStart: r.checkInStart,
      checkInEnd: r.checkInEnd,
      nights: all.slice(0, NIGHTS_SHOWN).map((night) => ({ night, free: free(night) })),
      freeRooms: all.length ? Math.min(...all.map(free)) : 0,
    };
  });
  return {
    state: bookingWindowNow(config ?? null, conference.timeZone, now),
    bookingStart: config?.bookingStart ?? null,
    bookingEnd: config?.bookingEnd ?? null,
    description: config?.description ?? { zh: '', en: '' },
    conditions: config?.conditions ?? { zh: '', en: '' },
    requireAcceptedAbstract: config?.requireAcceptedAbstract ?? false,
    maxBookingsPerUser: config?.maxBookingsPerUser ?? 1,
    hotels: hotels.map((h) => ({ ...h, roomTypes: options.filter((o) => o.hotelId === h.id) })),
  };
}

export type MyBooking = {
  id: number;
  hotelId: number;
  roomTypeId: number;
  hotelName: LocalizedText;
  roomTypeName: LocalizedText;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  requirements: string;
  guests: string;
  /** active | cancelled | changed | expired | invalid */
  status: string;
  createdAt: string;
  order: {
    id: number;
    orderNo: string;
    payStatus: string;
    orderStatus: string;
    invalidReason: string | null;
    totalMinor: number;
    currency: string;
    unitPriceMinor: number;
  } | null;
  /** Unpaid and holding its rooms: the owner may change or cancel it, and pay it. */
  changeable: boolean;
};

/** My bookings in this conference, newest first, each with its order's number and payment state. */
export async function listMyBookings(db: Executor, conferenceId: number, userId: string): Promise<MyBooking[]> {
  const rows = await db
    .select({
      booking: hotelBooking,
      hotelName: hotel.name,
      roomTypeName: hotelRoomType.name,
      order: {
        id: conferenceOrder.id,
        orderNo: conferenceOrder.orderNo,
        payStatus: conferenceOrder.payStatus,
        orderStatus: conferenceOrder.orderStatus,
        invalidReason: conferenceOrder.invalidReason,
        totalMinor: conferenceOrder.totalMinor,
        currency: conferenceOrder.currency,
        unitPriceMinor: conferenceOrder.unitPriceMinor,
      },
    })
    .from(hotelBooking)
    .innerJoin(hotel, and(eq(hotel.id, hotelBooking.hotelId), eq(hotel.conferenceId, conferenceId)))
    .innerJoin(hotelRoomType, and(eq(hotelRoomType.id, hotelBooking.roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)))
    .leftJoin(conferenceOrder, and(eq(conferenceOrder.id, hotelBooking.orderId), eq(conferenceOrder.conferenceId, conferenceId)))
    .where(and(eq(hotelBooking.conferenceId, conferenceId), eq(hotelBooking.userId, userId)))
    .orderBy(desc(hotelBooking.id));
  return rows.map(({ booking: b, hotelName, roomTypeName, order }) => ({
    id: b.id,
    hotelId: b.hotelId,
    roomTypeId: b.roomTypeId,
    hotelName,
    roomTypeName,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    nights: b.nights,
    rooms: b.rooms,
    requirements: b.requirements,
    guests: b.guests,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
    order: order?.id ? order : null,
    changeable: canChangeBooking(b, order?.id ? order : null),
  }));
}

import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { hotel, hotelBooking, hotelRoomNight, hotelRoomType } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';

/** A room type as the organiser's screen shows it, with the rooms booked on its busiest night. */
export type RoomTypeView = {
  id: number;
  hotelId: number;
  name: LocalizedText;
  priceMinor: number;
  currency: string;
  /** The settlement currency changed since the price was saved: it cannot be booked until saved again. */
  priceStale: boolean;
  displayPriceMinor: number;
  displayCurrency: string;
  totalRooms: number;
  minPerPerson: number;
  maxPerPerson: number;
  checkInStart: string;
  checkInEnd: string;
  /** The most rooms taken on any one night (total bookable may not go below it). */
  bookedPeak: number;
};

export type HotelView = {
  id: number;
  name: LocalizedText;
  stars: number;
  link: string;
  address: LocalizedText;
  photo: string;
  roomTypes: RoomTypeView[];
};

/** The most rooms taken on one night, per room type of the conference (room types with none are absent). */
export async function bookedPeaks(db: Executor, conferenceId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ roomTypeId: hotelRoomNight.roomTypeId, peak: max(hotelRoomNight.booked) })
    .from(hotelRoomNight)
    .where(and(eq(hotelRoomNight.conferenceId, conferenceId), gt(hotelRoomNight.booked, 0)))
    .groupBy(hotelRoomNight.roomTypeId);
  return new Map(rows.map((r) => [r.roomTypeId, Number(r.peak ?? 0)]));
}

/**
 * The conference's hotels (archived ones left out) in their order, each with its room types (the
 * archived ones left out) and the rooms booked on each room type's busiest night.
 */
export async function listHotelsForOrganiser(db: Executor, conferenceId: number): Promise<HotelView[]> {
  const [hotels, rooms, peaks] = await Promise.all([
    db
      .select({
        id: hotel.id,
        name: hotel.name,
        stars: hotel.stars,
        link: hotel.link,
        address: hotel.address,
        photo: hotel.photo,
      })
      .from(hotel)
      .where(and(eq(hotel.conferenceId, conferenceId), eq(hotel.archived, false)))
      .orderBy(asc(hotel.sortOrder), asc(hotel.id)),
    db
      .select({
        id: hotelRoomType.id,
        hotelId: hotelRoomType.hotelId,
        name: hotelRoomType.name,
        priceMinor: hotelRoomType.priceMinor,
        currency: hotelRoomType.currency,
        priceStale: hotelRoomType.priceStale,
        displayPriceMinor: hotelRoomType.displayPriceMinor,
        displayCurrency: hotelRoomType.displayCurrency,
        totalRooms: hotelRoomType.totalRooms,
        minPerPerson: hotelRoomType.minPerPerson,
        maxPerPerson: hotelRoomType.maxPerPerson,
        checkInStart: hotelRoomType.checkInStart,
        checkInEnd: hotelRoomType.checkInEnd,
      })
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.archived, false)))
      .orderBy(asc(hotelRoomType.sortOrder), asc(hotelRoomType.id)),
    bookedPeaks(db, conferenceId),
  ]);
  const byHotel = new Map<number, RoomTypeView[]>();
  for (const room of rooms) {
    const list = byHotel.get(room.hotelId) ?? [];
    list.push({ ...room, bookedPeak: peaks.get(room.id) ?? 0 });
    byHotel.set(room.hotelId, list);
  }
  return hotels.map((h) => ({ ...h, roomTypes: byHotel.get(h.id) ?? [] }));
}

/**
 * Whether a hotel or a room type was ever booked: a booking in any state refers to it, or a night
 * of it has rooms taken. Such a one is archived rather than deleted.
 */
export async function everBooked(
  db: Executor,
  conferenceId: number,
  target: { hotelId: number } | { roomTypeId: number },
): Promise<boolean> {
  const bookingOf = 'hotelId' in target ? eq(hotelBooking.hotelId, target.hotelId) : eq(hotelBooking.roomTypeId, target.roomTypeId);
  const [booking] = await db
    .select({ id: hotelBooking.id })
    .from(hotelBooking)
    .where(and(eq(hotelBooking.conferenceId, conferenceId), bookingOf))
    .limit(1);
  if (booking) return true;
  const nightOf =
    'hotelId' in target
      ? sql`${hotelRoomNight.roomTypeId} in (select ${hotelRoomType.id} from ${hotelRoomType} where ${hotelRoomType.hotelId} = ${target.hotelId} and ${hotelRoomType.conferenceId} = ${conferenceId})`
      : eq(hotelRoomNight.roomTypeId, target.roomTypeId);
  const [night] = await db
    .select({ night: hotelRoomNight.night })
    .from(hotelRoomNight)
    .where(and(eq(hotelRoomNight.conferenceId, conferenceId), gt(hotelRoomNight.booked, 0), nightOf))
    .limit(1);
  return Boolean(night);
}

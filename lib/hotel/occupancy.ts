import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { hotel, hotelRoomNight, hotelRoomType } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { addDays, nightList } from './dates';

/** The widest grid drawn: a year of nights (a mistyped date range must not draw thousands of columns). */
export const MAX_GRID_NIGHTS = 366;

export type OccupancyCell = {
  night: string;
  booked: number;
  total: number;
  /** The night lies in the room type's stay window [check-in start, check-in end). */
  open: boolean;
  /** No room of the type is left that night. */
  full: boolean;
};

export type OccupancyRoomType = {
  id: number;
  name: LocalizedText;
  totalRooms: number;
  archived: boolean;
  checkInStart: string;
  checkInEnd: string;
  cells: OccupancyCell[];
};

export type OccupancyGrid = {
  /** The nights of the columns, each the date the night begins on. */
  nights: string[];
  /** More nights than MAX_GRID_NIGHTS: the grid shows the first ones only. */
  truncated: boolean;
  hotels: { id: number; name: LocalizedText; archived: boolean; roomTypes: OccupancyRoomType[] }[];
};

/**
 * The occupancy grid of the management screen (spec §2 /platform/manage/hotel): for each hotel (or
 * the one asked for) and each of its room types, the rooms taken on every night against the total
 * bookable. The columns run from the earliest check-in start to the night before the latest
 * check-in end (the check-out deadline) of the room types shown, widened to any night still
 * holding rooms. The numbers come from hotel_room_night, where only active bookings hold nights.
 * Archived hotels and room types are shown only while they hold rooms.
 */
export async function occupancyGrid(db: Executor, conferenceId: number, hotelId: number | '' = ''): Promise<OccupancyGrid> {
  const hotelWhere =
    hotelId === '' ? eq(hotel.conferenceId, conferenceId) : and(eq(hotel.conferenceId, conferenceId), eq(hotel.id, hotelId));
  const [hotels, types, taken] = await Promise.all([
    db
      .select({ id: hotel.id, name: hotel.name, archived: hotel.archived })
      .from(hotel)
      .where(hotelWhere)
      .orderBy(asc(hotel.sortOrder), asc(hotel.id)),
    db
      .select({
        id: hotelRoomType.id,
        hotelId: hotelRoomType.hotelId,
        name: hotelRoomType.name,
        totalRooms: hotelRoomType.totalRooms,
        archived: hotelRoomType.archived,
        checkInStart: hotelRoomType.checkInStart,
        checkInEnd: hotelRoomType.checkInEnd,
      })
      .from(hotelRoomType)
      .where(
        hotelId === ''
          ? eq(hotelRoomType.conferenceId, conferenceId)
          : and(eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.hotelId, hotelId)),
      )
      .orderBy(asc(hotelRoomType.sortOrder), asc(hotelRoomType.id)),
    db
      .select({ roomTypeId: hotelRoomNight.roomTypeId, night: hotelRoomNight.night, booked: hotelRoomNight.booked })
      .from(hotelRoomNight)
      .where(and(eq(hotelRoomNight.conferenceId, conferenceId), gt(hotelRoomNight.booked, 0))),
  ]);

  const bookedOf = new Map<number, Map<string, number>>();
  for (const row of taken) {
    let nights = bookedOf.get(row.roomTypeId);
    if (!nights) bookedOf.set(row.roomTypeId, (nights = new Map()));
    nights.set(row.night, row.booked);
  }
  const hotelIds = new Set(hotels.map((h) => h.id));
  const shownTypes = types.filter((t) => hotelIds.has(t.hotelId) && (!t.archived || bookedOf.has(t.id)));
  const shownHotels = hotels.filter((h) => shownTypes.some((t) => t.hotelId === h.id) || !h.archived);

  // The span of the columns: every stay window, and every night that still holds rooms.
  let first: string | null = null;
  let last: string | null = null; // exclusive
  const widen = (from: string, to: string) => {
    if (from >= to) return;
    if (first === null || from < first) first = from;
    if (last === null || to > last) last = to;
  };
  for (const t of shownTypes) {
    widen(t.checkInStart, t.checkInEnd);
    for (const night of bookedOf.get(t.id)?.keys() ?? []) widen(night, addDays(night, 1));
  }
  const all = first !== null && last !== null ? nightList(first, last) : [];
  const nights = all.slice(0, MAX_GRID_NIGHTS);

  return {
    nights,
    truncated: all.length > nights.length,
    hotels: shownHotels.map((h) => ({
      ...h,
      roomTypes: shownTypes
        .filter((t) => t.hotelId === h.id)
        .map(({ hotelId: _, ...t }) => ({
          ...t,
          cells: nights.map((night) => {
            const booked = bookedOf.get(t.id)?.get(night) ?? 0;
            return {
              night,
              booked,
              total: t.totalRooms,
              open: t.checkInStart <= night && night < t.checkInEnd,
              full: booked >= t.totalRooms,
            };
          }),
        })),
    })),
  };
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { hotel, hotelBooking, hotelRoomNight, hotelRoomType } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { nightsBetween } from './dates';

export type RoomType = typeof hotelRoomType.$inferSelect;
export type HotelBooking = typeof hotelBooking.$inferSelect;
/** Why a booking stops holding its rooms (hotel_booking.status after 'active'). */
export type ReleaseStatus = 'cancelled' | 'changed' | 'expired' | 'invalid';

/**
 * Locks room type rows of a conference FOR UPDATE, in id order (the one order every writer of
 * several room types takes them in), and returns them by id. Call it before touching their nights.
 */
export async function lockRoomTypes(tx: Executor, conferenceId: number, roomTypeIds: number[]): Promise<Map<number, RoomType>> {
  const ids = [...new Set(roomTypeIds)].sort((a, b) => a - b);
  const rows = new Map<number, RoomType>();
  for (const id of ids) {
    const [row] = await tx
      .select()
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.id, id), eq(hotelRoomType.conferenceId, conferenceId)))
      .for('update');
    if (row) rows.set(id, row);
  }
  return rows;
}

/**
 * Takes `rooms` rooms of a room type on every night in [checkIn, checkOut) in the caller's
 * transaction and returns the room type as read under its lock (its price is the one to charge).
 * The room type row is locked FOR UPDATE first (conference in the WHERE): that lock is where
 * "never more than total_rooms on any night" is decided, so concurrent bookings queue on it. A
 * missing, archived or stale-priced room type (or one of an archived hotel), dates outside its
 * check-in window, or a night that would pass total_rooms is refused before anything is written;
 * the caller's transaction rolls back as a whole on any refusal.
 */
export async function takeNights(
  tx: Executor,
  input: { conferenceId: number; roomTypeId: number; checkIn: string; checkOut: string; rooms: number },
): Promise<RoomType> {
  const [row] = await tx
    .select({ roomType: hotelRoomType, hotelArchived: hotel.archived })
    .from(hotelRoomType)
    .innerJoin(hotel, and(eq(hotel.id, hotelRoomType.hotelId), eq(hotel.conferenceId, hotelRoomType.conferenceId)))
    .where(and(eq(hotelRoomType.id, input.roomTypeId), eq(hotelRoomType.conferenceId, input.conferenceId)))
    .for('update', { of: hotelRoomType });
  if (!row || row.roomType.archived || row.hotelArchived) throw new AppError('HOTEL_BOOKING_ROOM_TYPE_NOT_FOUND');
  const roomType = row.roomType;
  if (roomType.priceStale) throw new AppError('HOTEL_BOOKING_PRICE_STALE');
  if (!Number.isInteger(input.rooms) || input.rooms < 1) throw new AppError('INVALID_INPUT');
  if (nightsBetween(input.checkIn, input.checkOut) < 1 || input.checkIn < roomType.checkInStart || input.checkOut > roomType.checkInEnd)
    throw new AppError('HOTEL_BOOKING_DATES_INVALID');
  const [{ peak }] = await tx
    .select({ peak: sql<number>`coalesce(max(${hotelRoomNight.booked}), 0)::int` })
    .from(hotelRoomNight)
    .where(
      and(
        eq(hotelRoomNight.conferenceId, input.conferenceId),
        eq(hotelRoomNight.roomTypeId, roomType.id),
        gte(hotelRoomNight.night, input.checkIn),
        lt(hotelRoomNight.night, input.checkOut),
      ),
    );
  if (peak + input.rooms > roomType.totalRooms) throw new AppError('HOTEL_BOOKING_ROOMS_FULL');
  await tx.execute(sql`
    insert into hotel_room_night (conference_id, room_type_id, night, booked)
    select ${input.conferenceId}::int, ${roomType.id}::int, d::date, ${input.rooms}::int
    from generate_series(${input.checkIn}::date, ${input.checkOut}::date - 1, interval '1 day') as d
    on conflict (room_type_id, night) do update set booked = hotel_room_night.booked + excluded.booked`);
  return roomType;
}

/**
 * Marks bookings that still hold rooms `status` and gives their nights back, in the caller's
 * transaction. The room type rows are locked first, in id order; then each booking is moved by a
 * conditional update from 'active' (so a booking already released, here or concurrently, is
 * skipped and released once). Returns the bookings that were released.
 */
export async function releaseBookings(
  tx: Executor,
  bookings: Pick<HotelBooking, 'id' | 'conferenceId' | 'roomTypeId'>[],
  status: ReleaseStatus,
): Promise<HotelBooking[]> {
  if (bookings.length === 0) return [];
  const byConference = new Map<number, number[]>();
  for (const b of bookings) byConference.set(b.conferenceId, [...(byConference.get(b.conferenceId) ?? []), b.roomTypeId]);
  for (const [conferenceId, roomTypeIds] of [...byConference].sort((x, y) => x[0] - y[0])) {
    await lockRoomTypes(tx, conferenceId, roomTypeIds);
  }
  const released: HotelBooking[] = [];
  for (const conferenceId of byConference.keys()) {
    const ids = bookings.filter((b) => b.conferenceId === conferenceId).map((b) => b.id);
    const rows = await tx
      .update(hotelBooking)
      .set({ status, updatedAt: new Date() })
      .where(and(inArray(hotelBooking.id, ids), eq(hotelBooking.conferenceId, conferenceId), eq(hotelBooking.status, 'active')))
      .returning();
    released.push(...rows);
  }
  for (const b of released.sort((x, y) => x.id - y.id)) {
    await tx
      .update(hotelRoomNight)
      .set({ booked: sql`${hotelRoomNight.booked} - ${b.rooms}` })
      .where(
        and(
          eq(hotelRoomNight.conferenceId, b.conferenceId),
          eq(hotelRoomNight.roomTypeId, b.roomTypeId),
          gte(hotelRoomNight.night, b.checkIn),
          lt(hotelRoomNight.night, b.checkOut),
        ),
      );
  }
  return released;
}

/**
 * Releases the active bookings of the given orders (an order that became invalid, expired or
 * cancelled takes its booking with it), in the caller's transaction, after the orders were locked.
 */
export async function releaseBookingsOfOrders(tx: Executor, orderIds: number[], status: ReleaseStatus): Promise<HotelBooking[]> {
  if (orderIds.length === 0) return [];
  const bookings = await tx
    .select({ id: hotelBooking.id, conferenceId: hotelBooking.conferenceId, roomTypeId: hotelBooking.roomTypeId })
    .from(hotelBooking)
    .where(and(inArray(hotelBooking.orderId, orderIds), eq(hotelBooking.status, 'active')));
  return releaseBookings(tx, bookings, status);
}

/** The most rooms of a room type taken on any night (0 when none): total bookable may not go below it. */
export async function maxBookedNight(tx: Executor, roomTypeId: number, conferenceId?: number): Promise<number> {
  const [{ peak }] = await tx
    .select({ peak: sql<number>`coalesce(max(${hotelRoomNight.booked}), 0)::int` })
    .from(hotelRoomNight)
    .where(
      and(
        eq(hotelRoomNight.roomTypeId, roomTypeId),
        ...(conferenceId === undefined ? [] : [eq(hotelRoomNight.conferenceId, conferenceId)]),
      ),
    );
  return peak;
}

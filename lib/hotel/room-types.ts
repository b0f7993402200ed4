import { and, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { hotel, hotelRoomNight, hotelRoomType } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockHotelConfig } from './config';
import { invalidateUnpaidHotelBookings } from './invalidate-bookings';
import type { Removal } from './hotels';
import { maxBookedNight } from './nights';
import { everBooked } from './queries';
import { ZRoomTypeInput, type RoomTypeInput, type RoomTypeValues } from './schemas';

function columns(input: RoomTypeValues, currency: string) {
  return {
    name: input.name,
    priceMinor: input.priceMinor,
    // A price is always saved in the settlement currency of the moment, which makes it current again.
    currency,
    priceStale: false,
    displayPriceMinor: input.displayPriceMinor,
    displayCurrency: input.displayCurrency,
    totalRooms: input.totalRooms,
    minPerPerson: input.minPerPerson,
    maxPerPerson: input.maxPerPerson,
    checkInStart: input.checkInStart,
    checkInEnd: input.checkInEnd,
  };
}

/** The hotel a room type is added to, held against removal until the caller commits. */
async function lockHotel(tx: Executor, conferenceId: number, hotelId: number): Promise<void> {
  const [row] = await tx
    .select({ id: hotel.id })
    .from(hotel)
    .where(and(eq(hotel.id, hotelId), eq(hotel.conferenceId, conferenceId), eq(hotel.archived, false)))
    .for('share');
  if (!row) throw new AppError('HOTEL_NOT_FOUND');
}

/**
 * Adds a room type to a hotel of this conference, last in its list, priced in the settlement
 * currency (the settings row is held FOR SHARE, so a currency change waits for this to commit and
 * then marks it stale like the others).
 */
export async function createRoomType(db: DB, conferenceId: number, raw: RoomTypeInput): Promise<{ id: number }> {
  const input = ZRoomTypeInput.parse(raw);
  return db.transaction(async (tx) => {
    const config = await lockHotelConfig(tx, conferenceId, 'share');
    await lockHotel(tx, conferenceId, input.hotelId);
    const [row] = await tx
      .insert(hotelRoomType)
      .values({
        conferenceId,
        hotelId: input.hotelId,
        ...columns(input, config.currency),
        sortOrder: sql`(select coalesce(max(${hotelRoomType.sortOrder}), 0) + 10 from ${hotelRoomType}
          where ${hotelRoomType.conferenceId} = ${conferenceId} and ${hotelRoomType.hotelId} = ${input.hotelId})`,
      })
      .returning({ id: hotelRoomType.id });
    return { id: row.id };
  });
}

/**
 * Changes a room type of this conference (`hotelId` must be the hotel it belongs to; it never
 * moves). Its row is locked FOR UPDATE — the lock bookings take their nights under — and total
 * bookable may not go below the rooms taken on its busiest night (HOTEL_ROOMS_BELOW_BOOKED, with
 * that number). Saving puts the price in the settlement currency and clears a stale price.
 * A new price (spec §4 "price change invalidates the corresponding orders") makes the unpaid
 * orders of this room type invalid, their bookings give their nights back and the bookers are told;
 * that runs first, under the settings row held FOR UPDATE (so no booking is in flight), taking the
 * orders before the room types as every path does.
 */
export async function updateRoomType(
  db: DB,
  conferenceId: number,
  roomTypeId: number,
  raw: RoomTypeInput,
  actorUserId: string | null = null,
): Promise<{ id: number; invalidatedOrders: number }> {
  const input = ZRoomTypeInput.parse(raw);
  return db.transaction(async (tx) => {
    // Every room type save takes the settings row FOR UPDATE before reading the price it replaces,
    // so two saves cannot both read the old price and let a repricing pass uninvalidated.
    const config = await lockHotelConfig(tx, conferenceId, 'update');
    const [before] = await tx
      .select({ priceMinor: hotelRoomType.priceMinor })
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.id, roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)));
    const repriced = before !== undefined && before.priceMinor !== input.priceMinor;
    const invalidated = repriced
      ? await invalidateUnpaidHotelBookings(tx, { conferenceId, actorUserId, roomTypeId, reason: 'priceChanged' })
      : [];
    const [current] = await tx
      .select({ id: hotelRoomType.id })
      .from(hotelRoomType)
      .innerJoin(hotel, and(eq(hotel.id, hotelRoomType.hotelId), eq(hotel.conferenceId, hotelRoomType.conferenceId)))
      .where(
        and(
          eq(hotelRoomType.id, roomTypeId),
          eq(hotelRoomType.conferenceId, conferenceId),
          eq(hotelRoomType.hotelId, input.hotelId),
          eq(hotelRoomType.archived, false),
          eq(hotel.archived, false),
        ),
      )
      .for('update', { of: hotelRoomType });
    if (!current) throw new AppError('HOTEL_ROOM_TYPE_NOT_FOUND');
    const booked = await maxBookedNight(tx, roomTypeId, conferenceId);
    if (input.totalRooms < booked) throw new AppError('HOTEL_ROOMS_BELOW_BOOKED', { booked });
    await tx
      .update(hotelRoomType)
      .set({ ...columns(input, config.currency), updatedAt: new Date() })
      .where(and(eq(hotelRoomType.id, roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)));
    return { id: roomTypeId, invalidatedOrders: invalidated.length };
  });
}

/**
 * Removes a room type. Never booked, it is deleted (with its empty night rows); once booked it is
 * archived instead (no longer offered; its bookings keep it). Decided under the room type's row
 * lock, so a booking at the same moment is either seen here or refused.
 */
export async function removeRoomType(db: DB, conferenceId: number, roomTypeId: number): Promise<Removal> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: hotelRoomType.id })
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.id, roomTypeId), eq(hotelRoomType.conferenceId, conferenceId), eq(hotelRoomType.archived, false)))
      .for('update');
    if (!current) throw new AppError('HOTEL_ROOM_TYPE_NOT_FOUND');
    if (await everBooked(tx, conferenceId, { roomTypeId })) {
      await tx
        .update(hotelRoomType)
        .set({ archived: true, updatedAt: new Date() })
        .where(and(eq(hotelRoomType.id, roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)));
      return { id: roomTypeId, removed: 'archived' };
    }
    await tx.delete(hotelRoomNight).where(and(eq(hotelRoomNight.roomTypeId, roomTypeId), eq(hotelRoomNight.conferenceId, conferenceId)));
    await tx.delete(hotelRoomType).where(and(eq(hotelRoomType.id, roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)));
    return { id: roomTypeId, removed: 'deleted' };
  });
}

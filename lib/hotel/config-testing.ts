/**
 * Planting hotels for the organiser's hotel-settings integration tests: a hotel with room types on
 * a planted conference, and bookings that hold their nights (taken the way a booking takes them,
 * with takeNights under the room type's lock) with their order, paid or not. A test may hold such a
 * booking open after its nights are taken, to race it against an organiser's change.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { conferenceOrder, hotel, hotelBooking, hotelRoomType, user } from '@/db/schema';
import { nightsBetween } from './dates';
import { takeNights } from './nights';

export type PlantedHotel = { hotelId: number; roomTypeIds: number[] };

export const ROOM_BASE = {
  priceMinor: 50000,
  currency: 'CNY',
  displayPriceMinor: 7000,
  displayCurrency: 'USD' as const,
  totalRooms: 20,
  minPerPerson: 1,
  maxPerPerson: 3,
  checkInStart: '2030-10-10',
  checkInEnd: '2030-10-15',
};

/** A hotel of `conferenceId` with `rooms` room types (priced in CNY, 20 rooms each). */
export async function plantHotelWithRooms(database: Database, conferenceId: number, rooms = 2, tag = 'H'): Promise<PlantedHotel> {
  const [h] = await database.db
    .insert(hotel)
    .values({ conferenceId, name: { zh: `${tag} 酒店`, en: `${tag} Hotel` }, stars: 3 })
    .returning({ id: hotel.id });
  const rows = await database.db
    .insert(hotelRoomType)
    .values(
      Array.from({ length: rooms }, (_, i) => ({
        ...ROOM_BASE,
        conferenceId,
        hotelId: h.id,
        name: { zh: `${tag} 房型 ${i}`, en: `${tag} room ${i}` },
        sortOrder: i,
      })),
    )
    .returning({ id: hotelRoomType.id });
  return { hotelId: h.id, roomTypeIds: rows.map((r) => r.id) };
}

/** An account without a session (a booker), with its language. */
export async function plantGuest(database: Database, tag: string): Promise<{ id: string; email: string }> {
  const row = { id: randomUUID(), name: `${tag} guest`, email: `${tag}-${randomUUID().slice(0, 8)}@example.org` };
  await database.db.insert(user).values(row);
  return row;
}

/**
 * A booking holding `rooms` rooms on each night of [checkIn, checkOut) with its hotel order
 * (payStatus as given: 'unpaid' or 'success'), as a participant's booking leaves them.
 */
export async function plantHotelBooking(
  database: Database,
  input: {
    conferenceId: number;
    hotelId: number;
    roomTypeId: number;
    userId: string;
    checkIn?: string;
    checkOut?: string;
    rooms?: number;
    payStatus?: 'unpaid' | 'success';
    locale?: 'zh' | 'en';
    /** Runs inside the transaction once the nights are taken (the room type still locked), before the order is written. */
    afterNights?: () => Promise<void>;
  },
) {
  const checkIn = input.checkIn ?? '2030-10-10';
  const checkOut = input.checkOut ?? '2030-10-12';
  const rooms = input.rooms ?? 1;
  const nights = nightsBetween(checkIn, checkOut);
  return database.db.transaction(async (tx) => {
    const roomType = await takeNights(tx, { conferenceId: input.conferenceId, roomTypeId: input.roomTypeId, checkIn, checkOut, rooms });
    await input.afterNights?.();
    const total = roomType.priceMinor * nights * rooms;
    const paid = input.payStatus === 'success';
    const [order] = await tx
      .insert(conferenceOrder)
      .values({
        conferenceId: input.conferenceId,
        orderNo: sql`'H' || nextval('order_number_seq')::text`,
        userId: input.userId,
        type: 'hotel',
        itemName: { zh: '酒店', en: 'Hotel' },
        unitPriceMinor: roomType.priceMinor,
        quantity: nights,
        roomQuantity: rooms,
        totalMinor: total,
        currency: roomType.currency,
        displayCurrency: roomType.displayCurrency,
        displayTotalMinor: roomType.displayPriceMinor * nights * rooms,
        payStatus: paid ? 'success' : 'unpaid',
        paidAt: paid ? new Date() : null,
      })
      .returning();
    const [booking] = await tx
      .insert(hotelBooking)
      .values({
        conferenceId: input.conferenceId,
        userId: input.userId,
        hotelId: input.hotelId,
        roomTypeId: input.roomTypeId,
        checkIn,
        checkOut,
        nights,
        rooms,
        orderId: order.id,
        locale: input.locale ?? 'zh',
      })
      .returning();
    return { order, booking };
  });
}

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { hotelRoomNight, hotelRoomType } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { plantGuest, plantHotelBooking, plantHotelWithRooms, ROOM_BASE, type PlantedHotel } from '@/testing/fixtures/hotel-config';
import { maxBookedNight, takeNights } from './nights';
import { updateRoomType } from './room-types';
import type { RoomTypeInput } from './schemas';

/**
 * "Total bookable not below the rooms currently booked" decided under the room type's row lock:
 * an organiser lowering the total while bookings take rooms never leaves a night with more rooms
 * booked than the room type has. A control shows that the same check made without the lock lets
 * it happen (PostgreSQL only: PGlite runs one transaction at a time).
 */

const input = (hotelId: number, totalRooms: number): RoomTypeInput => ({
  ...ROOM_BASE,
  hotelId,
  name: { zh: '大床房', en: 'King room' },
  totalRooms,
  maxPerPerson: 1,
});

describe.each(testBackends('both'))('room type totals against bookings on %s', (backend) => {
  let database: Database;
  let conferenceId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    conferenceId = await insertTestConference(database.db, 'hcap');
  });
  afterAll(() => database?.close());

  const total = async (id: number) => (await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, id)))[0].totalRooms;
  const overbooked = async (id: number) => {
    const nights = await database.db.select().from(hotelRoomNight).where(eq(hotelRoomNight.roomTypeId, id));
    const cap = await total(id);
    return nights.filter((n) => n.booked > cap).length;
  };

  /**
   * A booking of 5 rooms holds its room type's lock (its nights taken, not yet committed) while
   * `lower` sets the total to 4, then commits.
   */
  async function raceLowering(lower: (planted: PlantedHotel) => Promise<unknown>) {
    const planted = await plantHotelWithRooms(database, conferenceId, 1, 'L');
    const guest = await plantGuest(database, 'hold');
    let locked!: () => void;
    let go!: () => void;
    const taken = new Promise<void>((r) => (locked = r));
    const released = new Promise<void>((r) => (go = r));
    const booking = plantHotelBooking(database, {
      conferenceId,
      hotelId: planted.hotelId,
      roomTypeId: planted.roomTypeIds[0],
      userId: guest.id,
      rooms: 5,
      afterNights: async () => {
        locked();
        await released;
      },
    });
    await taken;
    const lowering = lower(planted).then(
      () => 'saved',
      (error: { code?: string; values?: unknown }) => ({ code: error.code, values: error.values }),
    );
    await new Promise((r) => setTimeout(r, 300));
    go();
    await booking;
    return { planted, outcome: await lowering };
  }

  it('lowering the total while a booking holds the lock waits for it, then refuses with its rooms counted', async () => {
    const { planted, outcome } = await raceLowering((p) =>
      updateRoomType(database.db, conferenceId, p.roomTypeIds[0], input(p.hotelId, 4)),
    );
    expect(outcome).toEqual({ code: 'HOTEL_ROOMS_BELOW_BOOKED', values: { booked: 5 } });
    expect(await total(planted.roomTypeIds[0])).toBe(ROOM_BASE.totalRooms);
    expect(await overbooked(planted.roomTypeIds[0])).toBe(0);
  });

  it.runIf(backend === 'postgres')('control: the same check without the row lock leaves nights over the total', async () => {
    const { planted, outcome } = await raceLowering((p) =>
      database.db.transaction(async (tx) => {
        const booked = await maxBookedNight(tx, p.roomTypeIds[0], conferenceId);
        if (4 < booked) throw Object.assign(new Error('below'), { code: 'HOTEL_ROOMS_BELOW_BOOKED' });
        await tx
          .update(hotelRoomType)
          .set({ totalRooms: 4 })
          .where(and(eq(hotelRoomType.id, p.roomTypeIds[0]), eq(hotelRoomType.conferenceId, conferenceId)));
      }),
    );
    expect(outcome).toBe('saved');
    expect(await overbooked(planted.roomTypeIds[0])).toBeGreaterThan(0);
  });

  it('40 concurrent one-room bookings of one night while the total is lowered: no night over the total', async () => {
    const planted = await plantHotelWithRooms(database, conferenceId, 1, 'M');
    const roomTypeId = planted.roomTypeIds[0];
    const guests = await Promise.all(Array.from({ length: 40 }, (_, i) => plantGuest(database, `load${i}`)));
    const bookings = guests.map((g) =>
      plantHotelBooking(database, { conferenceId, hotelId: planted.hotelId, roomTypeId, userId: g.id, checkOut: '2030-10-11' }).then(
        () => 'booked',
        (e: { code?: string }) => e.code,
      ),
    );
    const lowerings = [16, 12, 8].map((n) =>
      updateRoomType(database.db, conferenceId, roomTypeId, input(planted.hotelId, n)).then(
        () => n,
        (e: { code?: string }) => e.code,
      ),
    );
    const outcomes = await Promise.all(bookings);
    await Promise.all(lowerings);
    const booked = outcomes.filter((o) => o === 'booked').length;
    expect(outcomes.every((o) => o === 'booked' || o === 'HOTEL_BOOKING_ROOMS_FULL')).toBe(true);
    const [night] = await database.db.select().from(hotelRoomNight).where(eq(hotelRoomNight.roomTypeId, roomTypeId));
    expect(night.booked).toBe(booked);
    expect(booked).toBeLessThanOrEqual(await total(roomTypeId));
    expect(booked).toBeGreaterThanOrEqual(8);
    expect(await overbooked(roomTypeId)).toBe(0);
    // And with nothing racing: a booking over the total is refused.
    const left = (await total(roomTypeId)) - booked;
    await expect(
      database.db.transaction((tx) =>
        takeNights(tx, { conferenceId, roomTypeId, checkIn: '2030-10-10', checkOut: '2030-10-11', rooms: left + 1 }),
      ),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ROOMS_FULL' });
  });
});

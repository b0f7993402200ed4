import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as optionsGet } from '@/app/api/conference/hotel/options/route';
import { GET as listGet, POST as bookPost } from '@/app/api/conference/hotel/bookings/route';
import { PUT as changePut } from '@/app/api/conference/hotel/bookings/[id]/route';
import { POST as cancelPost } from '@/app/api/conference/hotel/bookings/[id]/cancel/route';
import type { Database } from '@/db/client';
import { conferenceRegistration, hotelRoomNight } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount } from '@/testing/harness/conference';
import type { BookingOptions, MyBooking } from './booking-queries';
import { plantHotel, validBooking, type HotelFixture } from '@/testing/fixtures/hotel-booking';

type Fx = HotelFixture & { host: string; feeId: number };

describe.each(testBackends())('hotel booking API on %s', (backend) => {
  let database: Database;
  let fx: Fx;
  let me: { token: string; userId: string };
  let other: { token: string; userId: string };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    const planted = await plantHotel(database, `hotelapi${backend}`);
    fx = { ...planted, host: `hotelapi${backend}.localhost`, feeId: 0 };
    me = await plantAccount(database, fx.conferenceId);
    other = await plantAccount(database, fx.conferenceId);
    await database.db.insert(conferenceRegistration).values([
      { conferenceId: fx.conferenceId, userId: me.userId, code: 'H0001' },
      { conferenceId: fx.conferenceId, userId: other.userId, code: 'H0002' },
    ]);
  });
  afterAll(() => database?.close());

  const json = (v: unknown) => JSON.stringify(v);

  it('answers the options with free rooms per night, and refuses anonymous callers', async () => {
    const anonymous = await callHandler(optionsGet, fx, { method: 'GET' });
    expect(anonymous.status).toBe(401);
    const res = await callHandler(optionsGet, fx, { method: 'GET', token: me.token });
    expect(res.status, res.text).toBe(200);
    const data = res.json!.data as BookingOptions;
    expect(data.state).toBe('open');
    expect(data.hotels).toHaveLength(1);
    const [king] = data.hotels[0].roomTypes;
    expect(king).toMatchObject({ id: fx.roomTypeId, freeRooms: 20, priceMinor: 50000 });
    expect(king.nights.map((n) => n.night)).toEqual(['2030-10-10', '2030-10-11', '2030-10-12', '2030-10-13', '2030-10-14']);
  });

  it('books, lists, changes and cancels through the REST calls; a refused rule names its field in the caller’s language', async () => {
    const bad = await callHandler(bookPost, fx, {
      token: me.token,
      headers: { 'accept-language': 'en' },
      body: json(validBooking(fx, { checkIn: '2030-10-12', checkOut: '2030-10-12' })),
    });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields?: Record<string, string> }).fields).toEqual({
      checkIn: expect.any(String),
      checkOut: expect.any(String),
    });
    const booked = await callHandler(bookPost, fx, { token: me.token, body: json(validBooking(fx, { rooms: 2 })) });
    expect(booked.status, booked.text).toBe(200);
    const placed = booked.json!.data as { id: number; orderNo: string; totalMinor: number };
    expect(placed.totalMinor).toBe(200000);
    const again = await callHandler(bookPost, fx, { token: me.token, body: json(validBooking(fx)) });
    expect([again.status, again.json!.error]).toEqual([409, 'HOTEL_BOOKING_EXISTS']);
    const list = await callHandler(listGet, fx, { method: 'GET', token: me.token });
    expect((list.json!.data as MyBooking[]).map((b) => [b.id, b.status, b.changeable])).toEqual([[placed.id, 'active', true]]);
    // Someone else cannot change or cancel it; a 33-bit id is simply not found.
    const foreign = await callHandler(cancelPost, fx, { token: other.token, params: { id: String(placed.id) } });
    expect([foreign.status, foreign.json!.error]).toEqual([404, 'HOTEL_BOOKING_NOT_FOUND']);
    const huge = await callHandler(cancelPost, fx, { token: me.token, params: { id: '4294967296' } });
    expect([huge.status, huge.json!.error]).toEqual([404, 'HOTEL_BOOKING_NOT_FOUND']);
    const changed = await callHandler(changePut, fx, {
      method: 'PUT',
      token: me.token,
      params: { id: String(placed.id) },
      body: json(validBooking(fx, { roomTypeId: fx.otherRoomTypeId, checkIn: '2030-10-13', checkOut: '2030-10-15' })),
    });
    expect(changed.status, changed.text).toBe(200);
    const next = changed.json!.data as { id: number };
    const cancelled = await callHandler(cancelPost, fx, { token: me.token, params: { id: String(next.id) } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const nights = await database.db.select().from(hotelRoomNight).where(eq(hotelRoomNight.conferenceId, fx.conferenceId));
    expect(nights.every((n) => n.booked === 0)).toBe(true);
    const after = await callHandler(listGet, fx, { method: 'GET', token: me.token });
    expect((after.json!.data as MyBooking[]).map((b) => b.status)).toEqual(['cancelled', 'changed']);
  });
});

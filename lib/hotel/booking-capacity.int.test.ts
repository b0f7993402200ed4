import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceOrder, hotelBooking, hotelConfig, hotelRoomNight, hotelRoomType, mailOutbox } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import type { AppError } from '@/lib/http/app-error';
import { expireUnpaidOrders } from '@/lib/payments/expire';
import { ZBookingInput, type BookingInput } from './booking-schemas';
import { plantBookers, plantHotel, validBooking, type Account, type HotelFixture } from '@/testing/fixtures/hotel-booking';
import { cancelBooking } from './cancel-booking';
import { nightList } from './dates';
import { saveHotelConfig } from './config';
import { bookInTransaction, placeBooking } from './place-booking';

const ROOMS = 20;
const CONTENDERS = 300;
/** The room type's window: check-in from 10 October, deadline 15 October (nights 10–14). */
const DAYS = ['2030-10-10', '2030-10-11', '2030-10-12', '2030-10-13', '2030-10-14', '2030-10-15'];

/** A fixed spread of overlapping stays (1–4 nights, 1–3 rooms), the same on every run. */
function stays(fx: HotelFixture): BookingInput[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: CONTENDERS }, () => {
    const start = next(4);
    const end = Math.min(DAYS.length - 1, start + 1 + next(4));
    return validBooking(fx, { checkIn: DAYS[start], checkOut: DAYS[end], rooms: 1 + next(3) });
  });
}

async function nightTable(database: Database, roomTypeId: number): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ night: hotelRoomNight.night, booked: hotelRoomNight.booked })
    .from(hotelRoomNight)
    .where(eq(hotelRoomNight.roomTypeId, roomTypeId));
  return new Map(rows.map((r) => [r.night, r.booked]));
}

/** Rooms the succeeded bookings hold on each night (what the night table must say). */
function expectedNights(values: BookingInput[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) for (const night of nightList(v.checkIn, v.checkOut)) out.set(night, (out.get(night) ?? 0) + Number(v.rooms));
  return out;
}

describe.each(testBackends('both'))('hotel room capacity on %s', (backend) => {
  let database: Database;
  let crowd: Account[];
  let crowdFx: HotelFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    crowdFx = await plantHotel(database, 'crowd', { roomType: { totalRooms: ROOMS } });
    crowd = await plantBookers(database, crowdFx.conferenceId, CONTENDERS, 'crowd');
  });
  afterAll(() => database?.close());

  it(`${CONTENDERS} concurrent bookings for overlapping nights against ${ROOMS} rooms: no night over ${ROOMS}, every night = the rooms of the bookings that succeeded`, async () => {
    const values = stays(crowdFx);
    const results = await Promise.allSettled(
      crowd.map((a, i) => placeBooking(database.db, { conferenceId: crowdFx.conferenceId, userId: a.id, locale: 'zh', values: values[i] })),
    );
    const ok = values.filter((_, i) => results[i].status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((r) => (r.reason as AppError).code).filter((c) => c !== 'HOTEL_BOOKING_ROOMS_FULL')).toEqual([]);
    const table = await nightTable(database, crowdFx.roomTypeId);
    for (const booked of table.values()) expect(booked).toBeLessThanOrEqual(ROOMS);
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(expectedNights(ok)));
    // Under this load the busiest nights fill up completely.
    expect(Math.max(...table.values())).toBe(ROOMS);
    // One booking and one order per success; a refusal left nothing behind.
    const [{ b }] = await database.db
      .select({ b: count() })
      .from(hotelBooking)
      .where(and(eq(hotelBooking.conferenceId, crowdFx.conferenceId), eq(hotelBooking.status, 'active')));
    const [{ o }] = await database.db
      .select({ o: count() })
      .from(conferenceOrder)
      .where(eq(conferenceOrder.conferenceId, crowdFx.conferenceId));
    expect([b, o]).toEqual([ok.length, ok.length]);
    const [{ rooms }] = await database.db
      .select({ rooms: sql<number>`coalesce(sum(${hotelBooking.rooms} * ${hotelBooking.nights}), 0)::int` })
      .from(hotelBooking)
      .where(eq(hotelBooking.conferenceId, crowdFx.conferenceId));
    expect(rooms).toBe([...table.values()].reduce((s, n) => s + n, 0));
  });

  it('cancellations under the same load give back exactly what they held', async () => {
    const held = await database.db
      .select({ id: hotelBooking.id, userId: hotelBooking.userId })
      .from(hotelBooking)
      .where(and(eq(hotelBooking.conferenceId, crowdFx.conferenceId), eq(hotelBooking.status, 'active')));
    const half = held.filter((_, i) => i % 2 === 0);
    // Each cancellation twice at once: one wins, the other is refused, nothing is given back twice.
    const results = await Promise.allSettled(
      half.flatMap((h) =>
        [0, 1].map(() => cancelBooking(database.db, { conferenceId: crowdFx.conferenceId, userId: h.userId, bookingId: h.id })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(half.length);
    const left = await database.db
      .select({ checkIn: hotelBooking.checkIn, checkOut: hotelBooking.checkOut, rooms: hotelBooking.rooms })
      .from(hotelBooking)
      .where(and(eq(hotelBooking.conferenceId, crowdFx.conferenceId), eq(hotelBooking.status, 'active')));
    const table = await nightTable(database, crowdFx.roomTypeId);
    const expected = expectedNights(left.map((l) => ({ ...l, hotelId: 0, roomTypeId: 0 })));
    for (const [night, booked] of table) expect([night, booked]).toEqual([night, expected.get(night) ?? 0]);
  });

  it(`control: the same ${CONTENDERS} against ${CONTENDERS * 3} rooms all get through (so the refusals above are the rooms' doing)`, async () => {
    const roomy = await plantHotel(database, 'roomy', { roomType: { totalRooms: CONTENDERS * 3 } });
    const people = await plantBookers(database, roomy.conferenceId, CONTENDERS, 'roomy');
    const values = stays(roomy);
    const results = await Promise.allSettled(
      people.map((a, i) => placeBooking(database.db, { conferenceId: roomy.conferenceId, userId: a.id, locale: 'en', values: values[i] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTENDERS);
    expect(Object.fromEntries(await nightTable(database, roomy.roomTypeId))).toEqual(Object.fromEntries(expectedNights(values)));
  });

  // A naive read-then-write (read the nights, check, write) without the room type's lock oversells
  // under the same load: the first test would catch it. PGlite runs one transaction at a time, so
  // only PostgreSQL shows the race.
  it.runIf(backend === 'postgres')('control: without the room type lock the same load oversells', async () => {
    const naive = await plantHotel(database, 'naive', { roomType: { totalRooms: ROOMS } });
    const [rt] = await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, naive.roomTypeId));
    const results = await Promise.allSettled(
      Array.from({ length: CONTENDERS }, () =>
        database.db.transaction(async (tx) => {
          const [{ peak }] = await tx
            .select({ peak: sql<number>`coalesce(max(${hotelRoomNight.booked}), 0)::int` })
            .from(hotelRoomNight)
            .where(
              and(eq(hotelRoomNight.roomTypeId, rt.id), gte(hotelRoomNight.night, '2030-10-10'), lt(hotelRoomNight.night, '2030-10-12')),
            );
          if (peak + 1 > rt.totalRooms) throw new Error('full');
          // Long enough that the transactions of one wave of the pool all read before any of them writes.
          await new Promise((r) => setTimeout(r, 25));
          await tx.execute(sql`
            insert into hotel_room_night (conference_id, room_type_id, night, booked)
            select ${naive.conferenceId}::int, ${rt.id}::int, d::date, ${peak + 1}::int
            from generate_series('2030-10-10'::date, '2030-10-11'::date, interval '1 day') as d
            on conflict (room_type_id, night) do update set booked = excluded.booked`);
        }),
      ),
    );
    // Far more transactions passed the check than there are rooms (their writes were lost).
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(ROOMS);
  });

  it('a settlement currency change racing bookings and the expiry sweep: no booking keeps an unpaid order at the old currency, no deadlock', async () => {
    const fx = await plantHotel(database, 'currencyrace', { roomType: { totalRooms: 500 } });
    const people = await plantBookers(database, fx.conferenceId, 60, 'currencyrace');
    const [manager] = await plantBookers(database, fx.conferenceId, 1, 'currencyracemgr', false);
    const later = new Date(Date.now() + 30 * 86_400_000);
    const bookings = people.map((a, i) =>
      placeBooking(database.db, { conferenceId: fx.conferenceId, userId: a.id, locale: i % 2 ? 'en' : 'zh', values: validBooking(fx) }),
    );
    const change = saveHotelConfig(
      database.db,
      fx.conferenceId,
      { enabled: true, bookingStart: '2000-01-01', bookingEnd: '2999-12-31', currency: 'USD', displayCurrency: 'USD' },
      manager.id,
    );
    const sweeps = [0, 1, 2].map(() => expireUnpaidOrders(database.db, later));
    const [booked, changed, swept] = await Promise.all([
      Promise.allSettled(bookings),
      Promise.allSettled([change]),
      Promise.allSettled(sweeps),
    ]);
    expect(changed[0].status).toBe('fulfilled');
    expect(swept.every((r) => r.status === 'fulfilled')).toBe(true);
    const refused = booked.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.map((r) => (r.reason as AppError).code).filter((c) => c !== 'HOTEL_BOOKING_PRICE_STALE')).toEqual([]);
    const made = booked.length - refused.length;
    // Every booking made went invalid with the change (or expired in a sweep); none still holds rooms.
    const rows = await database.db
      .select({ status: hotelBooking.status, orderStatus: conferenceOrder.orderStatus, reason: conferenceOrder.invalidReason })
      .from(hotelBooking)
      .innerJoin(conferenceOrder, eq(conferenceOrder.id, hotelBooking.orderId))
      .where(eq(hotelBooking.conferenceId, fx.conferenceId));
    expect(rows).toHaveLength(made);
    for (const r of rows) {
      expect(['invalid', 'expired']).toContain(r.status);
      expect(r.orderStatus).toBe('invalid');
      expect(r.reason).toBe(r.status === 'invalid' ? 'currencyChanged' : 'expired');
    }
    expect([...(await nightTable(database, fx.roomTypeId)).values()].every((n) => n === 0)).toBe(true);
    const [{ mails }] = await database.db
      .select({ mails: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, fx.conferenceId), eq(mailOutbox.template, 'hotelBookingInvalidated')));
    expect(mails).toBe(rows.filter((r) => r.status === 'invalid').length);
  });

  it('the per-account limit holds under 20 concurrent clicks from one account (limit 1 → 1 booking)', async () => {
    const fx = await plantHotel(database, 'clicks', { roomType: { totalRooms: 500 } });
    const [me] = await plantBookers(database, fx.conferenceId, 1, 'clicks');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        placeBooking(database.db, { conferenceId: fx.conferenceId, userId: me.id, locale: 'zh', values: validBooking(fx) }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      (results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[]).every(
        (r) => (r.reason as AppError).code === 'HOTEL_BOOKING_EXISTS',
      ),
    ).toBe(true);
    const [{ n }] = await database.db.select({ n: count() }).from(hotelBooking).where(eq(hotelBooking.userId, me.id));
    expect(n).toBe(1);
    expect(Object.fromEntries(await nightTable(database, fx.roomTypeId))).toEqual({ '2030-10-10': 1, '2030-10-11': 1 });
    // With a limit of 3, the same 20 clicks end with exactly 3.
    await database.db.update(hotelConfig).set({ maxBookingsPerUser: 3 }).where(eq(hotelConfig.conferenceId, fx.conferenceId));
    await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        placeBooking(database.db, { conferenceId: fx.conferenceId, userId: me.id, locale: 'zh', values: validBooking(fx) }),
      ),
    );
    const [{ m }] = await database.db
      .select({ m: count() })
      .from(hotelBooking)
      .where(and(eq(hotelBooking.userId, me.id), eq(hotelBooking.status, 'active')));
    expect(m).toBe(3);
  });

  // The same clicks through the real booking code minus the account lock: the count is read before
  // the room type lock queues them, so several pass it. Only PostgreSQL runs them side by side.
  it.runIf(backend === 'postgres')('control: without the account lock the same clicks book more than the limit', async () => {
    const fx = await plantHotel(database, 'clicksnaive', { roomType: { totalRooms: 500 } });
    const [me] = await plantBookers(database, fx.conferenceId, 1, 'clicksnaive');
    const values = ZBookingInput.parse(validBooking(fx));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        database.db.transaction((tx) => bookInTransaction(tx, { conferenceId: fx.conferenceId, userId: me.id, locale: 'zh' }, values)),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(1);
  });
});

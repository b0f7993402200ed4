import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { hotelRoomNight } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as listGet } from '@/app/api/conference/platform/manage/hotel/list/route';
import { GET as occupancyGet } from '@/app/api/conference/platform/manage/hotel/occupancy/route';
import { adminHotelBookings } from './admin-list';
import { adminHotelQueryFrom, ZAdminHotelBookingQuery } from './admin-list-params';
import { plantHotelAdmin, type HotelAdminFixture } from '@/testing/fixtures/hotel-admin';
import { occupancyGrid, type OccupancyGrid } from './occupancy';

describe.each(testBackends())('hotel booking admin list and occupancy grid on %s', (backend) => {
  let database: Database;
  let fx: HotelAdminFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantHotelAdmin(database, backend);
  }, 120_000);
  afterAll(() => database?.close());

  async function listed(query: string): Promise<string[]> {
    const res = await fx.call(listGet, `/api/conference/platform/manage/hotel/list?size=200&${query}`, fx.manager);
    const body = (await res.json()) as { data: { rows: { id: number }[]; total: number } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.total).toBe(body.data.rows.length);
    const byId = Object.fromEntries(Object.entries(fx.bookings).map(([k, v]) => [v, k]));
    return body.data.rows.map((r) => byId[r.id] ?? `?${r.id}`);
  }

  it('lists only this conference’s bookings, newest first, with the guest, stay, order and states', async () => {
    expect(await listed('')).toEqual(['b5', 'b4', 'b3', 'b2', 'b1']);
    const page = await adminHotelBookings(database.db, fx.conf, ZAdminHotelBookingQuery.parse({ size: 200 }));
    const b1 = page.rows.find((r) => r.id === fx.bookings.b1)!;
    expect(b1).toMatchObject({
      name: 'Alice Wang',
      email: `alice-${backend}@example.org`,
      organisation: 'Acme Institute',
      hotelName: { en: 'Lakeside Hotel' },
      roomTypeName: { en: 'King room' },
      checkIn: '2030-10-10',
      checkOut: '2030-10-12',
      nights: 2,
      rooms: 2,
      requirements: 'Quiet room',
      orderNo: fx.orderNos.b1,
      totalMinor: 200000,
      currency: 'CNY',
      payStatus: 'paid',
      status: 'active',
    });
    expect(b1.createdAt).toBeInstanceOf(Date);
    // Conference B has no rows here, and A has none in B.
    expect((await adminHotelBookings(database.db, fx.other, ZAdminHotelBookingQuery.parse({}))).rows.map((r) => r.id)).toEqual([
      fx.bookings.z1,
    ]);
  });

  it('filters by hotel, room type, booking status, pay status and check-in dates, never by another conference’s ids', async () => {
    expect(await listed(`hotel=${fx.hotels.hill}`)).toEqual(['b4']);
    expect(await listed(`hotel=${fx.hotels.lakeside}`)).toEqual(['b5', 'b3', 'b2', 'b1']);
    expect(await listed(`roomType=${fx.roomTypes.king}`)).toEqual(['b5', 'b3', 'b1']);
    expect(await listed(`roomType=${fx.roomTypes.twin}&hotel=${fx.hotels.hill}`)).toEqual([]);
    expect(await listed('status=active')).toEqual(['b4', 'b2', 'b1']);
    expect(await listed('status=cancelled')).toEqual(['b3']);
    expect(await listed('status=changed')).toEqual([]);
    expect(await listed('pay=paid')).toEqual(['b1']);
    expect(await listed('pay=awaiting')).toEqual(['b4']);
    expect(await listed('pay=unpaid')).toEqual(['b5', 'b3', 'b2']);
    expect(await listed('pay=exception')).toEqual([]);
    expect(await listed('from=2030-10-11')).toEqual(['b5', 'b4', 'b3', 'b2']);
    expect(await listed('to=2030-10-11')).toEqual(['b3', 'b2', 'b1']);
    expect(await listed('from=2030-10-11&to=2030-10-12')).toEqual(['b4', 'b3', 'b2']);
    expect(await listed('from=2030-10-12&to=2030-10-12&status=active&pay=awaiting')).toEqual(['b4']);
    expect(await listed(`hotel=${fx.hotels.secret}`)).toEqual([]);
    expect(await listed(`roomType=${fx.roomTypes.secret}`)).toEqual([]);
  });

  it('searches the booker’s name and email, the guest names and the order number, wildcards taken literally', async () => {
    expect(await listed('q=alice')).toEqual(['b1']);
    expect(await listed('q=Bob')).toEqual(['b2', 'b1']); // Bob Chen booked b2; Bob Li is a guest of b1
    expect(await listed(`q=${encodeURIComponent(`dan-${backend}@example`)}`)).toEqual(['b4']);
    expect(await listed(`q=${fx.orderNos.b2}`)).toEqual(['b2']);
    expect(await listed(`q=${fx.orderNos.z1}`)).toEqual([]);
    expect(await listed(`q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await listed(`q=${encodeURIComponent('_')}`)).toEqual([]);
    expect(await listed('q=secret')).toEqual([]);
  });

  it('pages within bounds and refuses malformed filters with 400', async () => {
    const page = (n: number) => adminHotelBookings(database.db, fx.conf, ZAdminHotelBookingQuery.parse({ page: n, size: 2 }));
    expect((await page(1)).rows.map((r) => r.id)).toEqual([fx.bookings.b5, fx.bookings.b4]);
    expect((await page(3)).rows.map((r) => r.id)).toEqual([fx.bookings.b1]);
    expect(await page(4)).toEqual({ rows: [], total: 5 });
    for (const query of [
      'size=201',
      'size=0',
      'page=0',
      'page=abc',
      'status=lost',
      'pay=maybe',
      'hotel=-1',
      'roomType=99999999999',
      'from=2030-02-30',
      'from=2030-10-12&to=2030-10-11',
    ]) {
      expect((await fx.call(listGet, `/api/x?${query}`, fx.manager)).status, query).toBe(400);
    }
    const bad = await fx.call(listGet, '/api/x?from=2030-10-12&to=2030-10-11', fx.manager);
    expect(((await bad.json()) as { message: string }).message).not.toBe('');
    expect(adminHotelQueryFrom({ page: '0', status: 'lost' })).toEqual(ZAdminHotelBookingQuery.parse({}));
    expect(adminHotelQueryFrom({ status: 'active', page: '2', hotel: String(fx.hotels.hill) })).toMatchObject({
      status: 'active',
      page: 2,
      hotel: fx.hotels.hill,
    });
  });

  it('is for the conference’s managers only', async () => {
    expect((await fx.call(listGet, '/api/x', fx.participant)).status).toBe(403);
    expect((await fx.call(listGet, '/api/x')).status).toBe(401);
    expect((await fx.call(occupancyGet, '/api/x', fx.participant)).status).toBe(403);
    expect((await fx.call(occupancyGet, '/api/x')).status).toBe(401);
  });

  const row = (grid: OccupancyGrid, hotelId: number, roomTypeId: number) =>
    grid.hotels.find((h) => h.id === hotelId)!.roomTypes.find((r) => r.id === roomTypeId)!;

  it('counts the rooms taken per room type and night against the total, over the room types’ stay windows', async () => {
    const res = await fx.call(occupancyGet, '/api/conference/platform/manage/hotel/occupancy', fx.manager);
    expect(res.status).toBe(200);
    const grid = ((await res.json()) as { data: OccupancyGrid }).data;
    // King's window 10-10..10-15 is the widest: its nights run 10-10 to 10-14 (10-15 is the check-out deadline).
    expect(grid.nights).toEqual(['2030-10-10', '2030-10-11', '2030-10-12', '2030-10-13', '2030-10-14']);
    expect(grid.truncated).toBe(false);
    expect(grid.hotels.map((h) => [h.id, h.roomTypes.map((r) => r.id)])).toEqual([
      [fx.hotels.lakeside, [fx.roomTypes.king, fx.roomTypes.twin]],
      [fx.hotels.hill, [fx.roomTypes.suite]], // the archived room type without rooms taken is left out
    ]);
    const king = row(grid, fx.hotels.lakeside, fx.roomTypes.king);
    expect(king.cells.map((c) => c.booked)).toEqual([2, 2, 0, 0, 0]); // b1 only: b3 cancelled and b5 expired hold nothing
    expect(king.cells.every((c) => c.total === 3 && c.open && !c.full)).toBe(true);
    const twin = row(grid, fx.hotels.lakeside, fx.roomTypes.twin);
    expect(twin.cells.map((c) => [c.booked, c.open, c.full])).toEqual([
      [0, false, false],
      [2, true, true],
      [2, true, true],
      [0, true, false],
      [0, false, false],
    ]);
    const suite = row(grid, fx.hotels.hill, fx.roomTypes.suite);
    expect(suite.cells.map((c) => [c.booked, c.open, c.full])).toEqual([
      [0, false, false],
      [0, false, false],
      [1, true, true],
      [0, false, false],
      [0, false, false],
    ]);
    // B's nights (4 rooms from 10-09 to 10-19) leak nowhere: not its hotel, not its dates.
    expect(JSON.stringify(grid)).not.toContain('Secret');
    expect(grid.hotels.flatMap((h) => h.roomTypes.flatMap((r) => r.cells.map((c) => c.booked))).reduce((a, b) => a + b)).toBe(
      2 + 2 + 2 + 2 + 1,
    );
  });

  it('shows one hotel on request, none of another conference, and widens to nights still holding rooms', async () => {
    const hill = await occupancyGrid(database.db, fx.conf, fx.hotels.hill);
    expect(hill.hotels.map((h) => h.id)).toEqual([fx.hotels.hill]);
    expect(hill.nights).toEqual(['2030-10-12']);
    expect((await occupancyGrid(database.db, fx.conf, fx.hotels.secret)).hotels).toEqual([]);
    const viaApi = await fx.call(occupancyGet, `/api/x?hotel=${fx.hotels.secret}`, fx.manager);
    expect(((await viaApi.json()) as { data: OccupancyGrid }).data.hotels).toEqual([]);
    expect((await fx.call(occupancyGet, '/api/x?hotel=abc', fx.manager)).status).toBe(400);

    // A night outside the window (the organiser narrowed it after a booking) still shows, as not offered.
    await database.db
      .insert(hotelRoomNight)
      .values({ conferenceId: fx.conf, roomTypeId: fx.roomTypes.king, night: '2030-10-17', booked: 1 });
    try {
      const grid = await occupancyGrid(database.db, fx.conf);
      expect(grid.nights.at(-1)).toBe('2030-10-17');
      expect(grid.nights).toHaveLength(8);
      const cell = row(grid, fx.hotels.lakeside, fx.roomTypes.king).cells.at(-1)!;
      expect(cell).toEqual({ night: '2030-10-17', booked: 1, total: 3, open: false, full: false });
    } finally {
      await database.db
        .delete(hotelRoomNight)
        .where(and(eq(hotelRoomNight.roomTypeId, fx.roomTypes.king), eq(hotelRoomNight.night, '2030-10-17')));
    }
  });
});

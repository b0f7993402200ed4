import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { hotel, hotelBooking, hotelConfig, hotelRoomNight, hotelRoomType } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET as LIST, POST as CREATE_HOTEL } from '@/app/api/conference/platform/config/hotel/hotels/route';
import { DELETE as DELETE_HOTEL, PUT as PUT_HOTEL } from '@/app/api/conference/platform/config/hotel/hotels/[id]/route';
import { POST as UPLOAD_PHOTO } from '@/app/api/conference/platform/config/hotel/photo/route';
import { POST as CREATE_ROOM } from '@/app/api/conference/platform/config/hotel/roomTypes/route';
import { DELETE as DELETE_ROOM, PUT as PUT_ROOM } from '@/app/api/conference/platform/config/hotel/roomTypes/[id]/route';
import { plantGuest, plantHotelBooking, plantHotelWithRooms, type PlantedHotel } from '@/testing/fixtures/hotel-config';
import type { HotelView } from './queries';
import type { HotelInput, RoomTypeInput } from './schemas';

/**
 * Hotels and room types through their handlers: managers only, every §5 hotel-room rule answered on
 * its field in both languages with nothing written, total bookable never below the busiest night's
 * booked rooms, delete when never booked and archive otherwise, the photo checked by content and
 * size, and conference B's hotels and room types out of reach of conference A's organiser (404).
 */

type Answer = Awaited<ReturnType<typeof callHandler>>;
const fieldsOf = (res: Answer) => (res.json as { fields?: Record<string, string> } | null)?.fields ?? {};

const HOTEL: HotelInput = {
  name: { zh: '湖滨酒店', en: 'Lakeside Hotel' },
  stars: 4,
  link: 'https://lakeside.example.org',
  address: { zh: '湖滨路 1 号', en: '1 Lake Road' },
  photo: '',
};

const room = (hotelId: number, over: Partial<RoomTypeInput> = {}): RoomTypeInput => ({
  hotelId,
  name: { zh: '大床房', en: 'King room' },
  priceMinor: 60000,
  displayPriceMinor: 8500,
  displayCurrency: 'USD',
  totalRooms: 10,
  minPerPerson: 1,
  maxPerPerson: 2,
  checkInStart: '2030-10-10',
  checkInEnd: '2030-10-15',
  ...over,
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

async function multipart(fileName: string, data: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe.each(testBackends())('hotels and room types on %s', (backend) => {
  let database: Database;
  let root: string;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let participant: string;
  let plantedB: PlantedHotel;

  const send = (
    handler: Parameters<typeof callHandler>[0],
    fx: ConferenceFixture,
    token: string | undefined,
    opts: { method?: string; id?: number | string; body?: unknown; locale?: string } = {},
  ) =>
    callHandler(handler, fx, {
      method: opts.method ?? 'POST',
      token,
      params: opts.id === undefined ? {} : { id: String(opts.id) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      headers: { 'x-locale': opts.locale ?? 'en' },
    });
  const list = async (fx: ConferenceFixture, token: string) => (await send(LIST, fx, token, { method: 'GET' })).json?.data as HotelView[];
  const roomRow = async (id: number) => (await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, id)))[0] ?? null;
  const hotelRow = async (id: number) => (await database.db.select().from(hotel).where(eq(hotel.id, id)))[0] ?? null;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    root = mkdtempSync(path.join(tmpdir(), 'confhub-hotel-'));
    process.env.UPLOAD_DIR = root;
    a = await plantConference(database, 'hhota');
    b = await plantConference(database, 'hhotb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    ({ token: participant } = await plantAccount(database, a.conferenceId, 'user'));
    plantedB = await plantHotelWithRooms(database, b.conferenceId, 1, 'B');
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('only managers of the conference reach the hotel handlers', async () => {
    expect((await send(LIST, a, undefined, { method: 'GET' })).status).toBe(401);
    expect((await send(LIST, a, participant, { method: 'GET' })).status).toBe(403);
    expect((await send(CREATE_HOTEL, a, participant, { body: HOTEL })).status).toBe(403);
    expect((await send(CREATE_HOTEL, a, managerB, { body: HOTEL })).status).toBe(403);
    expect((await send(CREATE_ROOM, a, participant, { body: room(1) })).status).toBe(403);
    expect((await send(PUT_ROOM, a, undefined, { method: 'PUT', id: 1, body: room(1) })).status).toBe(401);
    expect((await send(DELETE_HOTEL, a, participant, { method: 'DELETE', id: 1 })).status).toBe(403);
    expect(await list(a, managerA)).toEqual([]);
  });

  it('adds, lists and changes a hotel with its room types, in order', async () => {
    const created = await send(CREATE_HOTEL, a, managerA, { body: HOTEL });
    expect(created.status).toBe(200);
    const hotelId = (created.json?.data as { id: number }).id;
    const second = await send(CREATE_HOTEL, a, managerA, { body: { ...HOTEL, name: { zh: '山景酒店', en: 'Hill Hotel' }, stars: 0 } });
    const secondId = (second.json?.data as { id: number }).id;
    const r1 = await send(CREATE_ROOM, a, managerA, { body: room(hotelId) });
    const r2 = await send(CREATE_ROOM, a, managerA, {
      body: room(hotelId, { name: { zh: '双床房', en: 'Twin room' }, priceMinor: 45000 }),
    });
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const [r1Id, r2Id] = [r1, r2].map((r) => (r.json?.data as { id: number }).id);
    // Priced in the settlement currency (the default CNY while no settings are saved), not stale.
    expect(await roomRow(r1Id)).toMatchObject({ currency: 'CNY', priceStale: false, conferenceId: a.conferenceId, hotelId });

    const hotels = await list(a, managerA);
    expect(hotels.map((h) => [h.id, h.name.en, h.roomTypes.map((r) => r.name.en)])).toEqual([
      [hotelId, 'Lakeside Hotel', ['King room', 'Twin room']],
      [secondId, 'Hill Hotel', []],
    ]);
    expect(hotels[0]).toMatchObject({ stars: 4, link: HOTEL.link, address: HOTEL.address, photo: '' });
    expect(hotels[0].roomTypes[0]).toMatchObject({
      priceMinor: 60000,
      currency: 'CNY',
      displayPriceMinor: 8500,
      displayCurrency: 'USD',
      totalRooms: 10,
      minPerPerson: 1,
      maxPerPerson: 2,
      checkInStart: '2030-10-10',
      checkInEnd: '2030-10-15',
      bookedPeak: 0,
      priceStale: false,
    });

    const changed = await send(PUT_HOTEL, a, managerA, { method: 'PUT', id: hotelId, body: { ...HOTEL, stars: 5, link: '' } });
    expect(changed.status).toBe(200);
    expect(await hotelRow(hotelId)).toMatchObject({ stars: 5, link: '' });
    const roomChanged = await send(PUT_ROOM, a, managerA, {
      method: 'PUT',
      id: r2Id,
      body: room(hotelId, { totalRooms: 4, priceMinor: 40000 }),
    });
    expect(roomChanged.status).toBe(200);
    expect(await roomRow(r2Id)).toMatchObject({ totalRooms: 4, priceMinor: 40000 });
    // A room type never moves to another hotel: the pair must match.
    const moved = await send(PUT_ROOM, a, managerA, { method: 'PUT', id: r2Id, body: room(secondId) });
    expect(moved.status).toBe(404);
    expect(moved.json?.error).toBe('HOTEL_ROOM_TYPE_NOT_FOUND');
    expect((await roomRow(r2Id))?.hotelId).toBe(hotelId);
    // Priced in the settings' currency once there are settings.
    await database.db.update(hotelConfig).set({ currency: 'EUR' }).where(eq(hotelConfig.conferenceId, a.conferenceId));
    await send(PUT_ROOM, a, managerA, { method: 'PUT', id: r2Id, body: room(hotelId, { totalRooms: 4 }) });
    expect((await roomRow(r2Id))?.currency).toBe('EUR');
  });

  it('refuses each hotel-room rule of spec §5 on its field, in both languages, writing nothing', async () => {
    const hotelId = (await list(a, managerA))[0].id;
    const target = (await list(a, managerA))[0].roomTypes[0];
    const before = await roomRow(target.id);
    const cases: Array<[Partial<RoomTypeInput>, string, string, string]> = [
      [
        { checkInStart: '2030-10-16', checkInEnd: '2030-10-15' },
        'checkInEnd',
        'The check-in start date cannot be after the check-in end date',
        '入住开始日期不能晚于入住结束日期',
      ],
      [
        { totalRooms: 2, maxPerPerson: 3 },
        'totalRooms',
        'Total bookable cannot be fewer than the most rooms per person',
        '可预订总数不能小于每人最多预订数',
      ],
      [
        { minPerPerson: 3, maxPerPerson: 2 },
        'maxPerPerson',
        'The most rooms per person cannot be fewer than the fewest',
        '每人最多预订数不能小于每人最少预订数',
      ],
      [{ displayPriceMinor: 0 }, 'displayPriceMinor', 'The display price must be greater than 0', '显示价格必须大于 0'],
      [{ priceMinor: 0 }, 'priceMinor', 'The price must be greater than 0', '价格必须大于 0'],
      [{ checkInStart: '' }, 'checkInStart', 'Enter this date', '请填写此日期'],
      [{ name: { zh: '', en: 'Room' } }, 'name.zh', 'Enter the room type’s name', '请填写房型名称'],
    ];
    for (const [change, field, en, zh] of cases) {
      for (const [locale, message] of [
        ['en', en],
        ['zh', zh],
      ]) {
        const added = await send(CREATE_ROOM, a, managerA, { body: room(hotelId, change), locale });
        expect(added.status, `${field} ${locale}`).toBe(400);
        expect(fieldsOf(added)).toEqual({ [field]: message });
        const changed = await send(PUT_ROOM, a, managerA, { method: 'PUT', id: target.id, body: room(hotelId, change), locale });
        expect(changed.status).toBe(400);
        expect(fieldsOf(changed)).toEqual({ [field]: message });
      }
    }
    expect(await roomRow(target.id)).toEqual(before);
    expect((await list(a, managerA))[0].roomTypes).toHaveLength(2);
    // The hotel's own rules.
    const badHotel = await send(CREATE_HOTEL, a, managerA, { body: { ...HOTEL, stars: 6, link: 'javascript:alert(1)' }, locale: 'zh' });
    expect(fieldsOf(badHotel)).toEqual({
      stars: '星级为 0 到 5 之间的整数（0 表示未评级）',
      link: '请输入以 http:// 或 https:// 开头的有效网址',
    });
  });

  it('total bookable never goes below the rooms booked on the busiest night (checked under the row lock)', async () => {
    const hotelId = (await list(a, managerA))[0].id;
    const roomTypeId = (await list(a, managerA))[0].roomTypes[0].id;
    await send(PUT_ROOM, a, managerA, { method: 'PUT', id: roomTypeId, body: room(hotelId, { totalRooms: 10, maxPerPerson: 3 }) });
    const [g1, g2] = [await plantGuest(database, 'g1'), await plantGuest(database, 'g2')];
    // Nights 10, 11 and 12 October: 2, 5 and 3 rooms. The busiest night holds 5.
    await plantHotelBooking(database, {
      conferenceId: a.conferenceId,
      hotelId,
      roomTypeId,
      userId: g1.id,
      checkIn: '2030-10-10',
      checkOut: '2030-10-12',
      rooms: 2,
    });
    await plantHotelBooking(database, {
      conferenceId: a.conferenceId,
      hotelId,
      roomTypeId,
      userId: g2.id,
      checkIn: '2030-10-11',
      checkOut: '2030-10-13',
      rooms: 3,
    });
    expect((await list(a, managerA))[0].roomTypes[0].bookedPeak).toBe(5);
    for (const locale of ['en', 'zh']) {
      const below = await send(PUT_ROOM, a, managerA, {
        method: 'PUT',
        id: roomTypeId,
        body: room(hotelId, { totalRooms: 4, maxPerPerson: 3 }),
        locale,
      });
      expect(below.status).toBe(400);
      expect(below.json?.error).toBe('HOTEL_ROOMS_BELOW_BOOKED');
      expect(below.json?.message).toBe(
        locale === 'en'
          ? 'Total bookable cannot be fewer than the rooms already booked on the busiest night (5)'
          : '可预订总数不能少于已预订最多的一晚的房间数（5 间）',
      );
    }
    expect((await roomRow(roomTypeId))?.totalRooms).toBe(10);
    const equal = await send(PUT_ROOM, a, managerA, {
      method: 'PUT',
      id: roomTypeId,
      body: room(hotelId, { totalRooms: 5, maxPerPerson: 3 }),
    });
    expect(equal.status).toBe(200);
    expect((await roomRow(roomTypeId))?.totalRooms).toBe(5);
  });

  it('a room type or hotel never booked is deleted; once booked it is archived and its bookings keep it', async () => {
    const [first] = await list(a, managerA);
    const [booked, free] = first.roomTypes;
    const gone = await send(DELETE_ROOM, a, managerA, { method: 'DELETE', id: free.id });
    expect(gone.json?.data).toEqual({ id: free.id, removed: 'deleted' });
    expect(await roomRow(free.id)).toBeNull();
    const kept = await send(DELETE_ROOM, a, managerA, { method: 'DELETE', id: booked.id });
    expect(kept.json?.data).toEqual({ id: booked.id, removed: 'archived' });
    expect(await roomRow(booked.id)).toMatchObject({ archived: true });
    expect((await send(DELETE_ROOM, a, managerA, { method: 'DELETE', id: booked.id })).status).toBe(404);
    expect((await send(PUT_ROOM, a, managerA, { method: 'PUT', id: booked.id, body: room(first.id) })).status).toBe(404);
    expect((await list(a, managerA))[0].roomTypes).toEqual([]);
    // A room type whose bookings were all cancelled was still booked once: archived.
    const again = (await send(CREATE_ROOM, a, managerA, { body: room(first.id) })).json?.data as { id: number };
    const guest = await plantGuest(database, 'cancelled');
    const { booking } = await plantHotelBooking(database, {
      conferenceId: a.conferenceId,
      hotelId: first.id,
      roomTypeId: again.id,
      userId: guest.id,
    });
    await database.db.update(hotelBooking).set({ status: 'cancelled' }).where(eq(hotelBooking.id, booking.id));
    await database.db.update(hotelRoomNight).set({ booked: 0 }).where(eq(hotelRoomNight.roomTypeId, again.id));
    expect((await send(DELETE_ROOM, a, managerA, { method: 'DELETE', id: again.id })).json?.data).toMatchObject({ removed: 'archived' });

    // The booked hotel is archived with its room types; the other, never booked, is deleted with its room type.
    const hill = (await list(a, managerA))[1];
    const hillRoom = (await send(CREATE_ROOM, a, managerA, { body: room(hill.id) })).json?.data as { id: number };
    expect((await send(DELETE_HOTEL, a, managerA, { method: 'DELETE', id: hill.id })).json?.data).toEqual({
      id: hill.id,
      removed: 'deleted',
    });
    expect([await hotelRow(hill.id), await roomRow(hillRoom.id)]).toEqual([null, null]);
    expect((await send(DELETE_HOTEL, a, managerA, { method: 'DELETE', id: first.id })).json?.data).toEqual({
      id: first.id,
      removed: 'archived',
    });
    expect(await hotelRow(first.id)).toMatchObject({ archived: true });
    expect(await list(a, managerA)).toEqual([]);
    expect((await send(PUT_HOTEL, a, managerA, { method: 'PUT', id: first.id, body: HOTEL })).status).toBe(404);
    expect((await send(CREATE_ROOM, a, managerA, { body: room(first.id) })).json?.error).toBe('HOTEL_NOT_FOUND');
  });

  it("conference B's hotels and room types are invisible and unchangeable from conference A (404)", async () => {
    const bHotel = plantedB.hotelId;
    const bRoom = plantedB.roomTypeIds[0];
    const hotelBefore = await hotelRow(bHotel);
    const roomBefore = await roomRow(bRoom);
    expect((await list(a, managerA)).some((h) => h.id === bHotel)).toBe(false);
    const answers = [
      await send(PUT_HOTEL, a, managerA, { method: 'PUT', id: bHotel, body: HOTEL }),
      await send(DELETE_HOTEL, a, managerA, { method: 'DELETE', id: bHotel }),
      await send(CREATE_ROOM, a, managerA, { body: room(bHotel) }),
      await send(PUT_ROOM, a, managerA, { method: 'PUT', id: bRoom, body: room(bHotel) }),
      await send(DELETE_ROOM, a, managerA, { method: 'DELETE', id: bRoom }),
    ];
    expect(answers.map((r) => [r.status, r.json?.error])).toEqual([
      [404, 'HOTEL_NOT_FOUND'],
      [404, 'HOTEL_NOT_FOUND'],
      [404, 'HOTEL_NOT_FOUND'],
      [404, 'HOTEL_ROOM_TYPE_NOT_FOUND'],
      [404, 'HOTEL_ROOM_TYPE_NOT_FOUND'],
    ]);
    expect(await hotelRow(bHotel)).toEqual(hotelBefore);
    expect(await roomRow(bRoom)).toEqual(roomBefore);
    // B's own organiser still sees and changes them.
    expect((await list(b, managerB)).map((h) => h.id)).toEqual([bHotel]);
    expect((await send(PUT_HOTEL, b, managerB, { method: 'PUT', id: bHotel, body: HOTEL })).status).toBe(200);
    // Ids that are not ids answer 404 as well.
    expect((await send(DELETE_HOTEL, a, managerA, { method: 'DELETE', id: '99999999999' })).status).toBe(404);
    expect((await send(PUT_ROOM, a, managerA, { method: 'PUT', id: 'x', body: room(bHotel) })).status).toBe(404);
  });

  it('stores a jpg/png photo checked by content and size, and the hotel keeps its name', async () => {
    const ok = await callHandler(UPLOAD_PHOTO, a, { token: managerA, ...(await multipart('front.png', PNG)) });
    expect(ok.status).toBe(200);
    const { name } = ok.json?.data as { name: string };
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(existsSync(path.join(root, String(a.conferenceId), 'public', name))).toBe(true);
    const created = await send(CREATE_HOTEL, a, managerA, { body: { ...HOTEL, photo: name } });
    expect((await hotelRow((created.json?.data as { id: number }).id))?.photo).toBe(name);
    // A script named .png is refused by its content; an oversized one by its size; a participant not at all.
    const fake = await callHandler(UPLOAD_PHOTO, a, {
      token: managerA,
      ...(await multipart('x.png', new TextEncoder().encode('<script>'))),
    });
    expect([fake.status, fake.json?.error]).toEqual([415, 'UPLOAD_TYPE']);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const large = await callHandler(UPLOAD_PHOTO, a, { token: managerA, ...(await multipart('big.png', big)) });
    expect([large.status, large.json?.error]).toEqual([413, 'HOTEL_PHOTO_TOO_LARGE']);
    expect((await callHandler(UPLOAD_PHOTO, a, { token: participant, ...(await multipart('front.png', PNG)) })).status).toBe(403);
  });
});

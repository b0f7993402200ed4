import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import {
  conferenceOrder,
  hotelBooking,
  hotelConfig,
  hotelRoomNight,
  hotelRoomType,
  mailOutbox,
  mailTemplateOverride,
  orderEvent,
} from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET, PUT } from '@/app/api/conference/platform/config/hotel/route';
import { PUT as PUT_ROOM } from '@/app/api/conference/platform/config/hotel/roomTypes/[id]/route';
import { findHotelConfig, hotelBookingStateNow, saveHotelConfig } from './config';
import { plantGuest, plantHotelBooking, plantHotelWithRooms, ROOM_BASE, type PlantedHotel } from '@/testing/fixtures/hotel-config';
import { updateRoomType } from './room-types';
import { takeNights } from './nights';
import { DEFAULT_HOTEL_CONFIG, type HotelConfigInput } from './schemas';

/**
 * The hotel settings through their handlers: defaults, managers only, a full round trip with the
 * rich text cleaned and the mail template left alone, every refusal on its field in the caller's
 * language with nothing changed, and the settlement currency change (room prices stale, unpaid
 * hotel orders invalid with their nights given back and their bookers told, paid ones kept, the
 * other conference untouched).
 */

const FULL: HotelConfigInput = {
  enabled: true,
  bookingStart: '2026-05-01',
  bookingEnd: '2026-06-30',
  currency: 'CNY',
  displayCurrency: 'USD',
  description: { zh: '<p>协议价</p><script>alert(1)</script>', en: '<p onclick="x()">Rates <a href="javascript:alert(1)">here</a></p>' },
  conditions: { zh: '<p>含早餐</p>', en: '<p>Breakfast included</p>' },
  requireAcceptedAbstract: true,
  maxBookingsPerUser: 2,
};

describe.each(testBackends())('hotel settings on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerAId: string;
  let managerB: string;
  let participant: string;

  const row = async (conferenceId: number) =>
    (await database.db.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)))[0] ?? null;
  const put = (fx: ConferenceFixture, token: string, body: unknown, locale = 'en') =>
    callHandler(PUT, fx, { method: 'PUT', token, body: JSON.stringify(body), headers: { 'x-locale': locale } });
  const roomsOf = (conferenceId: number) =>
    database.db.select().from(hotelRoomType).where(eq(hotelRoomType.conferenceId, conferenceId)).orderBy(hotelRoomType.id);
  const nightsOf = async (roomTypeId: number) =>
    (await database.db.select().from(hotelRoomNight).where(eq(hotelRoomNight.roomTypeId, roomTypeId)).orderBy(hotelRoomNight.night)).map(
      (n) => [n.night, n.booked],
    );

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'hcfga');
    b = await plantConference(database, 'hcfgb');
    ({ token: managerA, userId: managerAId } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    ({ token: participant } = await plantAccount(database, a.conferenceId, 'user'));
  }, 120_000);
  afterAll(() => database?.close());

  it('reads the defaults while nothing is saved; booking is closed', async () => {
    expect(await findHotelConfig(database.db, a.conferenceId)).toEqual(DEFAULT_HOTEL_CONFIG);
    const read = await callHandler(GET, a, { method: 'GET', token: managerA });
    expect(read.json?.data).toEqual(DEFAULT_HOTEL_CONFIG);
    expect(hotelBookingStateNow(DEFAULT_HOTEL_CONFIG, 'Asia/Shanghai')).toBe('closed');
    expect(await row(a.conferenceId)).toBeNull();
  });

  it('only managers of the conference read and save it', async () => {
    expect((await callHandler(GET, a, { method: 'GET' })).status).toBe(401);
    expect((await callHandler(GET, a, { method: 'GET', token: participant })).status).toBe(403);
    expect((await put(a, participant, FULL)).status).toBe(403);
    // A manager of B is nobody on A's host.
    expect((await put(a, managerB, FULL)).status).toBe(403);
    expect((await callHandler(GET, a, { method: 'GET', token: managerB })).status).toBe(403);
    expect(await row(a.conferenceId)).toBeNull();
  });

  it('saves and reads back every setting; the rich text is cleaned; the mail template and conference B stay', async () => {
    const template = { subject: { zh: '主题', en: 'Subject' }, body: { zh: '正文', en: 'Body' } };
    // The hotel booking mail's wording lives in the conference's mail templates, beside the settings row.
    await database.db.insert(hotelConfig).values({ conferenceId: a.conferenceId });
    await database.db.insert(mailTemplateOverride).values({ conferenceId: a.conferenceId, template: 'hotelBooking', ...template });
    const saved = await put(a, managerA, FULL);
    expect(saved.status).toBe(200);
    expect(saved.json?.data).toMatchObject({ currencyChanged: false, staleRoomTypes: 0, invalidatedOrders: 0 });
    const read = await callHandler(GET, a, { method: 'GET', token: managerA });
    const data = read.json?.data as Record<string, unknown>;
    const { description, ...rest } = FULL;
    expect(data).toMatchObject(rest);
    expect(data.description).toEqual({ zh: '<p>协议价</p>', en: '<p>Rates <a>here</a></p>' });
    expect(description?.zh).toContain('script');
    const [kept] = await database.db
      .select({ subject: mailTemplateOverride.subject, body: mailTemplateOverride.body })
      .from(mailTemplateOverride)
      .where(and(eq(mailTemplateOverride.conferenceId, a.conferenceId), eq(mailTemplateOverride.template, 'hotelBooking')));
    expect(kept).toEqual(template);
    expect(await row(b.conferenceId)).toBeNull();
    // The state follows the dates in the conference's zone, both ends included.
    const config = await findHotelConfig(database.db, a.conferenceId);
    expect(hotelBookingStateNow(config, 'Asia/Shanghai', new Date('2026-04-30T15:59:00Z'))).toBe('notStarted');
    expect(hotelBookingStateNow(config, 'Asia/Shanghai', new Date('2026-04-30T16:01:00Z'))).toBe('open');
    expect(hotelBookingStateNow(config, 'Asia/Shanghai', new Date('2026-06-30T15:59:00Z'))).toBe('open');
    expect(hotelBookingStateNow(config, 'Asia/Shanghai', new Date('2026-06-30T16:01:00Z'))).toBe('ended');
  });

  it('refuses each bad setting on its field, in the caller language, and changes nothing', async () => {
    const before = await row(a.conferenceId);
    const bad: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { bookingStart: '2026-07-01' },
        'bookingEnd',
        'The booking end date cannot be before the start date',
        '预订结束日期不能早于开始日期',
      ],
      [{ bookingEnd: '' }, 'bookingEnd', 'Enter this date to open booking', '开放预订时请填写此日期'],
      [{ bookingStart: '2026-02-30' }, 'bookingStart', 'Please enter a valid date', '日期格式不正确'],
      [{ currency: 'BTC' }, 'currency', 'Please choose one of the options', '请选择有效的选项'],
      [{ maxBookingsPerUser: 0 }, 'maxBookingsPerUser', 'Enter a whole number from 1 to 100', '请输入 1 到 100 之间的整数'],
      [{ description: { zh: 'x'.repeat(20_001), en: '' } }, 'description.zh', '', ''],
    ];
    for (const [change, field, en, zh] of bad) {
      const res = await put(a, managerA, { ...FULL, ...change });
      expect(res.status, field).toBe(400);
      const fields = (res.json as { fields?: Record<string, string> }).fields ?? {};
      expect(Object.keys(fields)).toEqual([field]);
      if (en) expect(fields[field]).toBe(en);
      if (zh) {
        const zhRes = await put(a, managerA, { ...FULL, ...change }, 'zh');
        expect(((zhRes.json as { fields?: Record<string, string> }).fields ?? {})[field]).toBe(zh);
      }
    }
    expect(await row(a.conferenceId)).toEqual(before);
  });

  describe('changing the settlement currency', () => {
    let hotelA: PlantedHotel;
    let hotelB: PlantedHotel;
    let archivedId: number;

    beforeAll(async () => {
      hotelA = await plantHotelWithRooms(database, a.conferenceId, 2, 'A');
      hotelB = await plantHotelWithRooms(database, b.conferenceId, 1, 'B');
      const [archived] = await database.db
        .insert(hotelRoomType)
        .values({ ...ROOM_BASE, conferenceId: a.conferenceId, hotelId: hotelA.hotelId, name: { zh: '旧', en: 'Old' }, archived: true })
        .returning({ id: hotelRoomType.id });
      archivedId = archived.id;
    });

    it('marks the room prices stale, invalidates the unpaid hotel orders (nights back, mail), keeps the paid ones', async () => {
      const [r0, r1] = hotelA.roomTypeIds;
      const unpaidGuest = await plantGuest(database, 'unpaid');
      const paidGuest = await plantGuest(database, 'paid');
      const otherGuest = await plantGuest(database, 'other');
      const unpaid = await plantHotelBooking(database, {
        conferenceId: a.conferenceId,
        hotelId: hotelA.hotelId,
        roomTypeId: r0,
        userId: unpaidGuest.id,
        rooms: 2,
        locale: 'en',
      });
      const paid = await plantHotelBooking(database, {
        conferenceId: a.conferenceId,
        hotelId: hotelA.hotelId,
        roomTypeId: r0,
        userId: paidGuest.id,
        checkIn: '2030-10-11',
        checkOut: '2030-10-13',
        payStatus: 'success',
      });
      // Conference B's unpaid booking is none of A's business.
      const other = await plantHotelBooking(database, {
        conferenceId: b.conferenceId,
        hotelId: hotelB.hotelId,
        roomTypeId: hotelB.roomTypeIds[0],
        userId: otherGuest.id,
      });
      expect(await nightsOf(r0)).toEqual([
        ['2030-10-10', 2],
        ['2030-10-11', 3],
        ['2030-10-12', 1],
      ]);

      const res = await put(a, managerA, { ...FULL, currency: 'USD' });
      expect(res.status).toBe(200);
      expect(res.json?.data).toMatchObject({ currencyChanged: true, staleRoomTypes: 2, invalidatedOrders: 1, config: { currency: 'USD' } });

      // Every room type still offered is stale; the archived one and B's are not touched.
      const rooms = await roomsOf(a.conferenceId);
      expect(rooms.map((r) => [r.id, r.priceStale, r.currency])).toEqual([
        [r0, true, 'CNY'],
        [r1, true, 'CNY'],
        [archivedId, false, 'CNY'],
      ]);
      expect((await roomsOf(b.conferenceId)).map((r) => r.priceStale)).toEqual([false]);

      // The unpaid order and its booking are invalid (kept), its nights given back, its booker told in English.
      const [unpaidOrder] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, unpaid.order.id));
      expect(unpaidOrder).toMatchObject({ orderStatus: 'invalid', invalidReason: 'currencyChanged', payStatus: 'unpaid' });
      const [unpaidBooking] = await database.db.select().from(hotelBooking).where(eq(hotelBooking.id, unpaid.booking.id));
      expect(unpaidBooking.status).toBe('invalid');
      expect(await nightsOf(r0)).toEqual([
        ['2030-10-10', 0],
        ['2030-10-11', 1],
        ['2030-10-12', 1],
      ]);
      const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unpaidGuest.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'hotelBookingInvalidated', locale: 'en', conferenceId: a.conferenceId });
      const events = await database.db.select().from(orderEvent).where(eq(orderEvent.orderId, unpaid.order.id));
      expect(events.map((e) => [e.action, e.actorUserId, e.note])).toContainEqual(['invalidated', managerAId, 'currencyChanged']);

      // The paid one keeps its order, booking and nights; nobody else got mail.
      const [paidOrder] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, paid.order.id));
      expect(paidOrder).toMatchObject({ orderStatus: 'available', payStatus: 'success', currency: 'CNY' });
      const [paidBooking] = await database.db.select().from(hotelBooking).where(eq(hotelBooking.id, paid.booking.id));
      expect(paidBooking.status).toBe('active');
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, paidGuest.email))).toHaveLength(0);
      // Conference B's booking is untouched.
      const [otherOrder] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, other.order.id));
      expect(otherOrder).toMatchObject({ orderStatus: 'available', payStatus: 'unpaid' });
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, otherGuest.email))).toHaveLength(0);

      // A stale room type cannot be booked until the organiser saves its price in the new currency.
      await expect(
        database.db.transaction((tx) =>
          takeNights(tx, { conferenceId: a.conferenceId, roomTypeId: r1, checkIn: '2030-10-10', checkOut: '2030-10-11', rooms: 1 }),
        ),
      ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_PRICE_STALE' });
      const resaved = await callHandler(PUT_ROOM, a, {
        method: 'PUT',
        token: managerA,
        params: { id: String(r1) },
        body: JSON.stringify({ ...ROOM_BASE, hotelId: hotelA.hotelId, name: { zh: '新价', en: 'New price' }, priceMinor: 8000 }),
      });
      expect(resaved.status).toBe(200);
      const [r1After] = await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, r1));
      expect(r1After).toMatchObject({ priceStale: false, currency: 'USD', priceMinor: 8000 });
      await database.db.transaction((tx) =>
        takeNights(tx, { conferenceId: a.conferenceId, roomTypeId: r1, checkIn: '2030-10-10', checkOut: '2030-10-11', rooms: 1 }),
      );
    });

    it('saving the same currency again changes no price and no order', async () => {
      const guest = await plantGuest(database, 'again');
      const [, r1] = hotelA.roomTypeIds;
      const kept = await plantHotelBooking(database, {
        conferenceId: a.conferenceId,
        hotelId: hotelA.hotelId,
        roomTypeId: r1,
        userId: guest.id,
      });
      const res = await put(a, managerA, { ...FULL, currency: 'USD', maxBookingsPerUser: 3 });
      expect(res.json?.data).toMatchObject({ currencyChanged: false, staleRoomTypes: 0, invalidatedOrders: 0 });
      const [r1Row] = await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, r1));
      expect(r1Row.priceStale).toBe(false);
      const [order] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, kept.order.id));
      expect(order.orderStatus).toBe('available');
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, guest.email))).toHaveLength(0);
    });

    it('a refused save changes neither the currency nor any price or order', async () => {
      const guest = await plantGuest(database, 'refused');
      const [, r1] = hotelA.roomTypeIds;
      const kept = await plantHotelBooking(database, {
        conferenceId: a.conferenceId,
        hotelId: hotelA.hotelId,
        roomTypeId: r1,
        userId: guest.id,
        checkIn: '2030-10-13',
        checkOut: '2030-10-14',
      });
      const res = await put(a, managerA, { ...FULL, currency: 'EUR', bookingStart: '2026-07-01' });
      expect(res.status).toBe(400);
      expect((await row(a.conferenceId))?.currency).toBe('USD');
      const [r1Row] = await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, r1));
      expect(r1Row.priceStale).toBe(false);
      const [order] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, kept.order.id));
      expect(order.orderStatus).toBe('available');
    });

    it("a room type's new price invalidates the unpaid orders of that room type only (nights back, mail, logged)", async () => {
      const fresh = await plantConference(database, 'hreprice');
      const planted = await plantHotelWithRooms(database, fresh.conferenceId, 2, 'P');
      await database.db.insert(hotelConfig).values({ conferenceId: fresh.conferenceId, currency: 'CNY' });
      const [repriced, untouched] = planted.roomTypeIds;
      const book = async (roomTypeId: number, tag: string, payStatus: 'unpaid' | 'success' = 'unpaid') =>
        plantHotelBooking(database, {
          conferenceId: fresh.conferenceId,
          hotelId: planted.hotelId,
          roomTypeId,
          userId: (await plantGuest(database, tag)).id,
          payStatus,
          locale: 'en',
        });
      const unpaid = await book(repriced, 'rp-unpaid');
      const paid = await book(repriced, 'rp-paid', 'success');
      const other = await book(untouched, 'rp-other');
      const [current] = await database.db.select().from(hotelRoomType).where(eq(hotelRoomType.id, repriced));
      const body = {
        hotelId: planted.hotelId,
        name: current.name,
        priceMinor: current.priceMinor,
        displayPriceMinor: current.displayPriceMinor,
        displayCurrency: 'CNY' as const,
        totalRooms: current.totalRooms,
        minPerPerson: current.minPerPerson,
        maxPerPerson: current.maxPerPerson,
        checkInStart: current.checkInStart,
        checkInEnd: current.checkInEnd,
      };
      // The same price again changes no order.
      expect(await updateRoomType(database.db, fresh.conferenceId, repriced, body, managerAId)).toMatchObject({ invalidatedOrders: 0 });
      const result = await updateRoomType(
        database.db,
        fresh.conferenceId,
        repriced,
        { ...body, priceMinor: current.priceMinor + 100 },
        managerAId,
      );
      expect(result).toMatchObject({ invalidatedOrders: 1 });
      const orders = await database.db
        .select()
        .from(conferenceOrder)
        .where(inArray(conferenceOrder.id, [unpaid.order.id, paid.order.id, other.order.id]));
      const byId = new Map(orders.map((o) => [o.id, o]));
      expect(byId.get(unpaid.order.id)).toMatchObject({ orderStatus: 'invalid', invalidReason: 'priceChanged', payStatus: 'unpaid' });
      expect(byId.get(paid.order.id)).toMatchObject({ orderStatus: 'available', payStatus: 'success' });
      expect(byId.get(other.order.id)).toMatchObject({ orderStatus: 'available', payStatus: 'unpaid' });
      // The unpaid booking's nights are back: only the paid booking's room is taken on those nights.
      expect(await nightsOf(repriced)).toEqual([
        ['2030-10-10', 1],
        ['2030-10-11', 1],
      ]);
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.conferenceId, fresh.conferenceId), eq(mailOutbox.template, 'hotelBookingRepriced')));
      expect(mails).toHaveLength(1);
      expect(mails[0].locale).toBe('en');
      const events = await database.db.select().from(orderEvent).where(eq(orderEvent.orderId, unpaid.order.id));
      expect(events.map((e) => [e.action, e.note])).toContainEqual(['invalidated', 'priceChanged']);
    });

    it('the service alone: the first save of a conference without settings compares with the default currency', async () => {
      const fresh = await plantConference(database, 'hcfgc');
      const planted = await plantHotelWithRooms(database, fresh.conferenceId, 1, 'C');
      const same = await saveHotelConfig(database.db, fresh.conferenceId, { currency: 'CNY', displayCurrency: 'CNY' }, managerAId);
      expect(same).toMatchObject({ currencyChanged: false, staleRoomTypes: 0 });
      const changed = await saveHotelConfig(database.db, fresh.conferenceId, { currency: 'JPY', displayCurrency: 'CNY' }, managerAId);
      expect(changed).toMatchObject({ currencyChanged: true, staleRoomTypes: 1, invalidatedOrders: 0 });
      const [rt] = await database.db
        .select()
        .from(hotelRoomType)
        .where(and(eq(hotelRoomType.id, planted.roomTypeIds[0]), eq(hotelRoomType.conferenceId, fresh.conferenceId)));
      expect(rt.priceStale).toBe(true);
    });
  });
});

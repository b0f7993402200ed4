/**
 * The data of the hotel admin tests: conference A with two hotels (Lakeside: King 3 rooms and Twin
 * 2 rooms; Hill: Suite 1 room and an archived, never booked room type), five bookings in several
 * states with their orders, the nights of the active ones taken through takeNights; and
 * conference B with its own hotel, a booking by a namesake guest and taken nights, which must never
 * show in A's list, grid or rooming list.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  conference,
  conferenceOrder,
  hotel,
  hotelBooking,
  hotelConfig,
  hotelRoomType,
  mailTemplateOverride,
  userProfile,
} from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, plantSession } from '@/lib/http/testing';
import { nightsBetween } from './dates';
import { takeNights } from './nights';

export type HotelAdminFixture = {
  conf: number;
  other: number;
  host: string;
  hotels: Record<'lakeside' | 'hill' | 'secret', number>;
  roomTypes: Record<'king' | 'twin' | 'suite' | 'archived' | 'secret', number>;
  /** Booking ids by key (b1…b5 in A, z1 in B). */
  bookings: Record<string, number>;
  orderNos: Record<string, string>;
  manager: string;
  participant: string;
  /** Calls a handler on conference A's host. */
  call: (handler: RouteHandler, path: string, token?: string, init?: { method?: string; body?: unknown }) => Promise<Response>;
};

type Plan = {
  key: string;
  conferenceId: number;
  hotelId: number;
  roomTypeId: number;
  user: { name: string; email: string; unit?: string; phone?: string };
  checkIn: string;
  checkOut: string;
  rooms: number;
  status: string;
  payStatus: string;
  orderStatus?: string;
  requirements?: string;
  guests?: string;
  day: number;
};

export async function plantHotelAdmin(database: Database, backend: string): Promise<HotelAdminFixture> {
  const { db } = database;
  const slug = `hoteladm${backend}`;
  const makeConference = async (s: string) => {
    const [row] = await db
      .insert(conference)
      .values({ slug: s, title: { zh: `${s} 会议`, en: `${s} Conference` }, shortTitle: { zh: s, en: s }, status: '4' })
      .returning({ id: conference.id });
    return row.id;
  };
  const conf = await makeConference(slug);
  const other = await makeConference(`hoteladmother${backend}`);
  // Only B has settings: A's mail template is saved into a row that does not exist yet.
  await db.insert(hotelConfig).values({ conferenceId: other, enabled: true });
  await db.insert(mailTemplateOverride).values({
    conferenceId: other,
    template: 'hotelBooking',
    subject: { zh: 'B 的主题', en: 'B subject' },
    body: { zh: 'B 正文', en: 'B body' },
  });

  const addHotel = async (conferenceId: number, en: string, sortOrder: number) => {
    const [row] = await db
      .insert(hotel)
      .values({ conferenceId, name: { zh: `${en}（中）`, en }, stars: 4, sortOrder })
      .returning({ id: hotel.id });
    return row.id;
  };
  const hotels = {
    lakeside: await addHotel(conf, 'Lakeside Hotel', 1),
    hill: await addHotel(conf, 'Hill Hotel', 2),
    secret: await addHotel(other, 'Secret Hotel', 1),
  };
  const addRoomType = async (
    conferenceId: number,
    hotelId: number,
    en: string,
    totalRooms: number,
    checkInStart: string,
    checkInEnd: string,
    extra: { archived?: boolean; sortOrder?: number } = {},
  ) => {
    const [row] = await db
      .insert(hotelRoomType)
      .values({
        conferenceId,
        hotelId,
        name: { zh: `${en}（中）`, en },
        priceMinor: 50000,
        currency: 'CNY',
        displayPriceMinor: 7000,
        displayCurrency: 'USD',
        totalRooms,
        minPerPerson: 1,
        maxPerPerson: Math.min(2, totalRooms),
        checkInStart,
        checkInEnd,
        ...extra,
      })
      .returning({ id: hotelRoomType.id });
    return row.id;
  };
  const roomTypes = {
    king: await addRoomType(conf, hotels.lakeside, 'King room', 3, '2030-10-10', '2030-10-15', { sortOrder: 1 }),
    twin: await addRoomType(conf, hotels.lakeside, 'Twin room', 2, '2030-10-11', '2030-10-14', { sortOrder: 2 }),
    suite: await addRoomType(conf, hotels.hill, 'Suite', 1, '2030-10-12', '2030-10-13', { sortOrder: 1 }),
    archived: await addRoomType(conf, hotels.hill, 'Old wing', 5, '2030-10-01', '2030-10-30', { archived: true, sortOrder: 2 }),
    secret: await addRoomType(other, hotels.secret, 'Secret room', 9, '2030-10-01', '2030-12-31'),
  };

  const bookings: Record<string, number> = {};
  const orderNos: Record<string, string> = {};
  const plant = async (p: Plan) => {
    const userId = await db.transaction((tx) => insertAccount(tx, { email: p.user.email, name: p.user.name, passwordHash: null }));
    await db
      .update(userProfile)
      .set({ unit: p.user.unit ?? '', phone: p.user.phone ?? '' })
      .where(eq(userProfile.userId, userId));
    const nights = nightsBetween(p.checkIn, p.checkOut);
    const created = new Date(Date.UTC(2030, 0, p.day));
    const orderNo = `HT${backend.slice(0, 2).toUpperCase()}${p.conferenceId}${p.key.toUpperCase()}`;
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(conferenceOrder)
        .values({
          conferenceId: p.conferenceId,
          orderNo,
          userId,
          type: 'hotel',
          itemName: { zh: '酒店', en: 'Hotel' },
          unitPriceMinor: 50000,
          quantity: nights,
          roomQuantity: p.rooms,
          totalMinor: 50000 * nights * p.rooms,
          currency: 'CNY',
          displayCurrency: 'USD',
          displayTotalMinor: 7000 * nights * p.rooms,
          payStatus: p.payStatus,
          orderStatus: p.orderStatus ?? 'available',
          paidAt: ['paid', 'success'].includes(p.payStatus) ? created : null,
          createdAt: created,
        })
        .returning({ id: conferenceOrder.id });
      if (p.status === 'active') {
        await takeNights(tx, {
          conferenceId: p.conferenceId,
          roomTypeId: p.roomTypeId,
          checkIn: p.checkIn,
          checkOut: p.checkOut,
          rooms: p.rooms,
        });
      }
      const [booking] = await tx
        .insert(hotelBooking)
        .values({
          conferenceId: p.conferenceId,
          userId,
          hotelId: p.hotelId,
          roomTypeId: p.roomTypeId,
          checkIn: p.checkIn,
          checkOut: p.checkOut,
          nights,
          rooms: p.rooms,
          requirements: p.requirements ?? '',
          guests: p.guests ?? '',
          status: p.status,
          orderId: order.id,
          createdAt: created,
        })
        .returning({ id: hotelBooking.id });
      bookings[p.key] = booking.id;
      orderNos[p.key] = orderNo;
    });
  };
  const a = { conferenceId: conf, hotelId: hotels.lakeside };
  await plant({
    ...a,
    key: 'b1',
    roomTypeId: roomTypes.king,
    user: { name: 'Alice Wang', email: `alice-${backend}@example.org`, unit: 'Acme Institute', phone: '13800000001' },
    checkIn: '2030-10-10',
    checkOut: '2030-10-12',
    rooms: 2,
    status: 'active',
    payStatus: 'paid',
    requirements: 'Quiet room',
    guests: 'Alice Wang\nBob Li',
    day: 1,
  });
  await plant({
    ...a,
    key: 'b2',
    roomTypeId: roomTypes.twin,
    user: { name: 'Bob Chen', email: `bob-${backend}@example.org` },
    checkIn: '2030-10-11',
    checkOut: '2030-10-13',
    rooms: 2,
    status: 'active',
    payStatus: 'unpaid',
    day: 2,
  });
  await plant({
    ...a,
    key: 'b3',
    roomTypeId: roomTypes.king,
    user: { name: 'Carol Xu', email: `carol-${backend}@example.org` },
    checkIn: '2030-10-11',
    checkOut: '2030-10-12',
    rooms: 1,
    status: 'cancelled',
    payStatus: 'cancelled',
    orderStatus: 'invalid',
    day: 3,
  });
  await plant({
    conferenceId: conf,
    hotelId: hotels.hill,
    key: 'b4',
    roomTypeId: roomTypes.suite,
    user: { name: 'Dan Zhou', email: `dan-${backend}@example.org` },
    checkIn: '2030-10-12',
    checkOut: '2030-10-13',
    rooms: 1,
    status: 'active',
    payStatus: 'delay',
    requirements: 'Late arrival, after 23:00',
    day: 4,
  });
  await plant({
    ...a,
    key: 'b5',
    roomTypeId: roomTypes.king,
    user: { name: 'Eve Sun', email: `eve-${backend}@example.org` },
    checkIn: '2030-10-14',
    checkOut: '2030-10-15',
    rooms: 1,
    status: 'expired',
    payStatus: 'expired',
    orderStatus: 'invalid',
    day: 5,
  });
  // B: a namesake of A's guest, paid, with nights inside A's dates.
  await plant({
    conferenceId: other,
    hotelId: hotels.secret,
    key: 'z1',
    roomTypeId: roomTypes.secret,
    user: { name: 'Alice Wang', email: `alice-secret-${backend}@example.org`, unit: 'Secret Lab' },
    checkIn: '2030-10-09',
    checkOut: '2030-10-20',
    rooms: 4,
    status: 'active',
    payStatus: 'paid',
    requirements: 'Secret wish',
    day: 9,
  });

  const host = `${slug}.localhost`;
  return {
    conf,
    other,
    host,
    hotels,
    roomTypes,
    bookings,
    orderNos,
    manager: await plantSession(database, conf, 'manager'),
    participant: await plantSession(database, conf, 'user'),
    call: (handler, path, token, init = {}) =>
      handler(
        apiRequest(path, {
          host,
          token,
          method: init.method,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      ),
  };
}

/**
 * Planting hotels for the booking integration tests: a published conference with booking open, one
 * hotel with two room types, and registered accounts.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { conference, conferenceRegistration, hotel, hotelConfig, hotelRoomType, user } from '@/db/schema';
import type { BookingInput } from './booking-schemas';

export type HotelFixture = { conferenceId: number; hotelId: number; roomTypeId: number; otherRoomTypeId: number };

export async function plantHotel(
  database: Database,
  slug: string,
  options: {
    config?: Partial<typeof hotelConfig.$inferInsert>;
    roomType?: Partial<typeof hotelRoomType.$inferInsert>;
  } = {},
): Promise<HotelFixture> {
  const [conf] = await database.db
    .insert(conference)
    .values({ slug, title: { zh: `${slug} 会议`, en: `${slug} Conference` }, shortTitle: { zh: slug, en: slug }, status: '4' })
    .returning({ id: conference.id });
  await database.db.insert(hotelConfig).values({
    conferenceId: conf.id,
    enabled: true,
    bookingStart: '2000-01-01',
    bookingEnd: '2999-12-31',
    currency: 'CNY',
    displayCurrency: 'USD',
    ...options.config,
  });
  const [h] = await database.db
    .insert(hotel)
    .values({
      conferenceId: conf.id,
      name: { zh: '湖滨酒店', en: 'Lakeside Hotel' },
      stars: 4,
      address: { zh: '湖滨路 1 号', en: '1 Lake Road' },
    })
    .returning({ id: hotel.id });
  const base = {
    conferenceId: conf.id,
    hotelId: h.id,
    priceMinor: 50000,
    currency: 'CNY',
    displayPriceMinor: 7000,
    displayCurrency: 'USD',
    totalRooms: 20,
    minPerPerson: 1,
    maxPerPerson: 3,
    checkInStart: '2030-10-10',
    checkInEnd: '2030-10-15',
  };
  const [rt] = await database.db
    .insert(hotelRoomType)
    .values({ ...base, name: { zh: '大床房', en: 'King room' }, ...options.roomType })
    .returning({ id: hotelRoomType.id });
  const [other] = await database.db
    .insert(hotelRoomType)
    .values({ ...base, name: { zh: '双床房', en: 'Twin room' }, priceMinor: 40000, sortOrder: 1 })
    .returning({ id: hotelRoomType.id });
  return { conferenceId: conf.id, hotelId: h.id, roomTypeId: rt.id, otherRoomTypeId: other.id };
}

export type Account = { id: string; email: string; name: string };

/** Accounts, registered for the conference unless `registered` is false. */
export async function plantBookers(
  database: Database,
  conferenceId: number,
  n: number,
  tag: string,
  registered = true,
): Promise<Account[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    name: `${tag} ${i}`,
    email: `${tag}-${i}-${randomUUID().slice(0, 6)}@example.org`,
  }));
  await database.db.insert(user).values(rows);
  if (registered)
    await database.db
      .insert(conferenceRegistration)
      .values(rows.map((r, i) => ({ conferenceId, userId: r.id, code: `${tag.toUpperCase()}${String(i).padStart(4, '0')}` })));
  return rows;
}

/** Two nights (10–12 October 2030) of one room of the fixture's first room type. */
export function validBooking(fx: HotelFixture, overrides: Partial<BookingInput> = {}): BookingInput {
  return {
    hotelId: fx.hotelId,
    roomTypeId: fx.roomTypeId,
    checkIn: '2030-10-10',
    checkOut: '2030-10-12',
    rooms: 1,
    requirements: '',
    guests: '',
    ...overrides,
  };
}

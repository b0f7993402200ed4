import { and, asc, eq, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { hotel, hotelRoomNight, hotelRoomType } from '@/db/schema';
import { storePublicImage, type Uploader } from '@/lib/conferences/banner';
import { AppError } from '@/lib/http/app-error';
import { everBooked } from './queries';
import { HOTEL_PHOTO_LIMIT, ZHotelInput, type HotelInput } from './schemas';

/** What removing answered: gone for good (never booked), or archived (kept for its bookings). */
export type Removal = { id: number; removed: 'deleted' | 'archived' };

function columns(raw: HotelInput) {
  const input = ZHotelInput.parse(raw);
  return { name: input.name, stars: input.stars, link: input.link, address: input.address, photo: input.photo };
}

/** Adds a hotel, last in the conference's list. */
export async function createHotel(db: DB, conferenceId: number, raw: HotelInput): Promise<{ id: number }> {
  const values = columns(raw);
  const [row] = await db
    .insert(hotel)
    .values({
      conferenceId,
      ...values,
      sortOrder: sql`(select coalesce(max(${hotel.sortOrder}), 0) + 10 from ${hotel} where ${hotel.conferenceId} = ${conferenceId})`,
    })
    .returning({ id: hotel.id });
  return { id: row.id };
}

/** Changes a hotel of this conference (not an archived one). */
export async function updateHotel(db: DB, conferenceId: number, hotelId: number, raw: HotelInput): Promise<{ id: number }> {
  const values = columns(raw);
  const rows = await db
    .update(hotel)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(hotel.id, hotelId), eq(hotel.conferenceId, conferenceId), eq(hotel.archived, false)))
    .returning({ id: hotel.id });
  if (!rows.length) throw new AppError('HOTEL_NOT_FOUND');
  return { id: hotelId };
}

/**
 * Removes a hotel with its room types. Never booked, it is deleted; once booked (any booking, in
 * any state, of any of its room types) it is archived with its room types instead, so its
 * bookings and orders keep what they refer to. Its room types (in id order) and then the hotel
 * are locked first, so a booking taking a room at the same moment is either seen here or refused.
 */
export async function removeHotel(db: DB, conferenceId: number, hotelId: number): Promise<Removal> {
  return db.transaction(async (tx) => {
    // Room types first (in id order, as bookings take them), then the hotel: a booking holds its
    // room type while its insert takes a key-share lock on the hotel, so the other order deadlocks.
    await tx
      .select({ id: hotelRoomType.id })
      .from(hotelRoomType)
      .where(and(eq(hotelRoomType.hotelId, hotelId), eq(hotelRoomType.conferenceId, conferenceId)))
      .orderBy(asc(hotelRoomType.id))
      .for('update');
    const [current] = await tx
      .select({ id: hotel.id })
      .from(hotel)
      .where(and(eq(hotel.id, hotelId), eq(hotel.conferenceId, conferenceId), eq(hotel.archived, false)))
      .for('update');
    if (!current) throw new AppError('HOTEL_NOT_FOUND');
    const booked = await everBooked(tx, conferenceId, { hotelId });
    if (booked) {
      const now = new Date();
      await tx
        .update(hotelRoomType)
        .set({ archived: true, updatedAt: now })
        .where(and(eq(hotelRoomType.hotelId, hotelId), eq(hotelRoomType.conferenceId, conferenceId)));
      await tx
        .update(hotel)
        .set({ archived: true, updatedAt: now })
        .where(and(eq(hotel.id, hotelId), eq(hotel.conferenceId, conferenceId)));
      return { id: hotelId, removed: 'archived' };
    }
    await tx.execute(sql`delete from ${hotelRoomNight} where ${hotelRoomNight.conferenceId} = ${conferenceId}
      and ${hotelRoomNight.roomTypeId} in (select ${hotelRoomType.id} from ${hotelRoomType} where ${hotelRoomType.hotelId} = ${hotelId} and ${hotelRoomType.conferenceId} = ${conferenceId})`);
    await tx.delete(hotelRoomType).where(and(eq(hotelRoomType.hotelId, hotelId), eq(hotelRoomType.conferenceId, conferenceId)));
    await tx.delete(hotel).where(and(eq(hotel.id, hotelId), eq(hotel.conferenceId, conferenceId)));
    return { id: hotelId, removed: 'deleted' };
  });
}

/** Stores a hotel photo (jpg or png by content, up to 10 MB); the form saves its name with the hotel. */
export async function storeHotelPhoto(db: DB, by: Uploader, fileName: string, data: Uint8Array): Promise<{ name: string }> {
  return { name: await storePublicImage(db, by, fileName, data, HOTEL_PHOTO_LIMIT) };
}

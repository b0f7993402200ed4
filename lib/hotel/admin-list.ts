import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { conferenceOrder, hotel, hotelBooking, hotelRoomType, user, userProfile } from '@/db/schema';
import { HOTEL_PAY_GROUPS, type AdminHotelBookingFilters, type AdminHotelBookingQuery } from './admin-list-params';

function conditions(conferenceId: number, q: AdminHotelBookingFilters): SQL {
  const parts: SQL[] = [eq(hotelBooking.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(
      or(ilike(user.name, like), ilike(user.email, like), ilike(hotelBooking.guests, like), ilike(conferenceOrder.orderNo, like))!,
    );
  }
  if (q.hotel !== '') parts.push(eq(hotelBooking.hotelId, q.hotel));
  if (q.roomType !== '') parts.push(eq(hotelBooking.roomTypeId, q.roomType));
  if (q.status) parts.push(eq(hotelBooking.status, q.status));
  if (q.pay) parts.push(inArray(conferenceOrder.payStatus, [...HOTEL_PAY_GROUPS[q.pay]]));
  if (q.from) parts.push(gte(hotelBooking.checkIn, q.from));
  if (q.to) parts.push(lte(hotelBooking.checkIn, q.to));
  return and(...parts)!;
}

const listColumns = {
  id: hotelBooking.id,
  userId: hotelBooking.userId,
  name: user.name,
  email: user.email,
  organisation: userProfile.unit,
  phone: userProfile.phone,
  hotelId: hotelBooking.hotelId,
  hotelName: hotel.name,
  roomTypeId: hotelBooking.roomTypeId,
  roomTypeName: hotelRoomType.name,
  checkIn: hotelBooking.checkIn,
  checkOut: hotelBooking.checkOut,
  nights: hotelBooking.nights,
  rooms: hotelBooking.rooms,
  requirements: hotelBooking.requirements,
  guests: hotelBooking.guests,
  status: hotelBooking.status,
  orderId: hotelBooking.orderId,
  orderNo: conferenceOrder.orderNo,
  totalMinor: conferenceOrder.totalMinor,
  currency: conferenceOrder.currency,
  payStatus: conferenceOrder.payStatus,
  paidAt: conferenceOrder.paidAt,
  createdAt: hotelBooking.createdAt,
};

/**
 * The bookings joined to what the screens show; every joined tenant table is held to the
 * conference too, so a row can never borrow another conference's hotel, room type or order.
 */
function listQuery(db: Executor, conferenceId: number) {
  return db
    .select(listColumns)
    .from(hotelBooking)
    .innerJoin(user, eq(user.id, hotelBooking.userId))
    .leftJoin(userProfile, eq(userProfile.userId, hotelBooking.userId))
    .innerJoin(hotel, and(eq(hotel.id, hotelBooking.hotelId), eq(hotel.conferenceId, conferenceId)))
    .innerJoin(hotelRoomType, and(eq(hotelRoomType.id, hotelBooking.roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)))
    .leftJoin(conferenceOrder, and(eq(conferenceOrder.id, hotelBooking.orderId), eq(conferenceOrder.conferenceId, conferenceId)));
}

/** The count of the same joins (the keyword filter reaches the account and the order). */
function countQuery(db: Executor, conferenceId: number) {
  return db
    .select({ total: count() })
    .from(hotelBooking)
    .innerJoin(user, eq(user.id, hotelBooking.userId))
    .innerJoin(hotel, and(eq(hotel.id, hotelBooking.hotelId), eq(hotel.conferenceId, conferenceId)))
    .innerJoin(hotelRoomType, and(eq(hotelRoomType.id, hotelBooking.roomTypeId), eq(hotelRoomType.conferenceId, conferenceId)))
    .leftJoin(conferenceOrder, and(eq(conferenceOrder.id, hotelBooking.orderId), eq(conferenceOrder.conferenceId, conferenceId)));
}

const newestFirst = [desc(hotelBooking.createdAt), desc(hotelBooking.id)];

/** One page of a conference's hotel bookings with the filters of the management screen, newest first, and the total. */
export async function adminHotelBookings(db: Executor, conferenceId: number, q: AdminHotelBookingQuery) {
  const where = conditions(conferenceId, q);
  const [rows, [{ total }]] = await Promise.all([
    listQuery(db, conferenceId)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    countQuery(db, conferenceId).where(where),
  ]);
  return { rows, total };
}
export type AdminHotelBookingRow = Awaited<ReturnType<typeof adminHotelBookings>>['rows'][number];

/**
 * The active bookings of a conference (of one hotel, or of all), for the rooming list: by hotel,
 * arrival, room type and guest (at most 50,000).
 */
export async function activeBookingsForRoomingList(db: Executor, conferenceId: number, hotelId: number | '') {
  const parts: SQL[] = [eq(hotelBooking.conferenceId, conferenceId), eq(hotelBooking.status, 'active')];
  if (hotelId !== '') parts.push(eq(hotelBooking.hotelId, hotelId));
  return listQuery(db, conferenceId)
    .where(and(...parts))
    .orderBy(asc(hotel.sortOrder), asc(hotel.id), asc(hotelBooking.checkIn), asc(hotelRoomType.sortOrder), asc(hotelBooking.id))
    .limit(50_000);
}

/**
 * The hotels of a conference and their room types, for the filters and the grid: the ones on
 * offer, plus archived ones that still have bookings (their history stays findable).
 */
export async function hotelChoices(db: Executor, conferenceId: number) {
  const [hotels, roomTypes, booked] = await Promise.all([
    db
      .select({ id: hotel.id, name: hotel.name, archived: hotel.archived })
      .from(hotel)
      .where(eq(hotel.conferenceId, conferenceId))
      .orderBy(asc(hotel.sortOrder), asc(hotel.id)),
    db
      .select({ id: hotelRoomType.id, hotelId: hotelRoomType.hotelId, name: hotelRoomType.name, archived: hotelRoomType.archived })
      .from(hotelRoomType)
      .where(eq(hotelRoomType.conferenceId, conferenceId))
      .orderBy(asc(hotelRoomType.sortOrder), asc(hotelRoomType.id)),
    db
      .selectDistinct({ hotelId: hotelBooking.hotelId, roomTypeId: hotelBooking.roomTypeId })
      .from(hotelBooking)
      .where(eq(hotelBooking.conferenceId, conferenceId)),
  ]);
  const bookedHotels = new Set(booked.map((b) => b.hotelId));
  const bookedTypes = new Set(booked.map((b) => b.roomTypeId));
  const shownHotels = hotels.filter((h) => !h.archived || bookedHotels.has(h.id));
  const shownIds = new Set(shownHotels.map((h) => h.id));
  return {
    hotels: shownHotels,
    roomTypes: roomTypes.filter((r) => shownIds.has(r.hotelId) && (!r.archived || bookedTypes.has(r.id))),
  };
}
export type HotelChoices = Awaited<ReturnType<typeof hotelChoices>>;

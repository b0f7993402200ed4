import { DEFAULT_TIME_ZONE } from '@/lib/i18n/format';
import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceOrder, conferenceRegistration, hotel, hotelBooking, hotelConfig, submission } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { logOrders } from '@/lib/payments/log';
import { MAX_ID } from '@/lib/validation/primitives';
import { queueBookingMail } from './booking-mail';
import { bookingSchemaFor, ZBookingInput, type BookingInput, type BookingValues } from './booking-schemas';
import { bookingWindowNow, WINDOW_ERRORS } from './booking-window';
import { nightsBetween } from './dates';
import { lockRoomTypes, takeNights, type HotelBooking, type RoomType } from './nights';

export type Order = typeof conferenceOrder.$inferSelect;
export type Booker = { conferenceId: number; userId: string; locale: Locale; now?: Date };
export type PlacedBooking = { booking: HotelBooking; order: Order };

/** The largest amount an order holds (its columns are 32-bit integers of minor units). */
export const MAX_TOTAL_MINOR = MAX_ID;

/** One lock per account and conference: my own bookings, changes and cancellations run one at a time. */
export async function lockBooker(tx: Executor, conferenceId: number, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hotel-user:${conferenceId}:${userId}`}))`);
}

/**
 * The hotel settings, held FOR SHARE until the transaction ends: a settlement currency change
 * (which takes the row FOR UPDATE, then the unpaid orders, then the room types) waits for the
 * bookings in flight and is waited for by the next ones, so no booking can slip an order at the
 * old currency past it. Lock order everywhere: settings, orders, room types.
 */
export async function shareHotelConfig(tx: Executor, conferenceId: number) {
  const [config] = await tx.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, conferenceId)).for('share');
  return config ?? null;
}

/** Price × nights × rooms, refused past what an order can hold (never a wrapped or rounded total). */
export function bookingTotal(priceMinor: number, nights: number, rooms: number): number {
  const total = priceMinor * nights * rooms;
  if (!Number.isSafeInteger(total) || total > MAX_TOTAL_MINOR) throw new AppError('HOTEL_BOOKING_TOTAL_TOO_LARGE');
  return total;
}

/**
 * The checks that stand before any room is taken, under the booker's lock: the window is open,
 * the booker is registered, has an accepted and released abstract when the organiser asks for one,
 * and holds fewer active bookings than the organiser allows.
 */
async function checkBooker(tx: Executor, who: Booker) {
  const config = await shareHotelConfig(tx, who.conferenceId);
  const [conf] = await tx.select({ timeZone: conference.timeZone }).from(conference).where(eq(conference.id, who.conferenceId));
  const windowError = WINDOW_ERRORS[bookingWindowNow(config, conf?.timeZone ?? DEFAULT_TIME_ZONE, who.now)];
  if (!config || windowError) throw new AppError(windowError ?? 'HOTEL_BOOKING_CLOSED');
  const [registration] = await tx
    .select({ id: conferenceRegistration.id })
    .from(conferenceRegistration)
    .where(and(eq(conferenceRegistration.conferenceId, who.conferenceId), eq(conferenceRegistration.userId, who.userId)));
  if (!registration) throw new AppError('NOT_REGISTERED');
  if (config.requireAcceptedAbstract) {
    const [accepted] = await tx
      .select({ id: submission.id })
      .from(submission)
      .where(
        and(
          eq(submission.conferenceId, who.conferenceId),
          eq(submission.userId, who.userId),
          eq(submission.status, 'accepted'),
          // Accepted counts only once the decision is released (lib/submissions/status.ts decisionReleased).
          isNotNull(submission.releasedAt),
          or(sql`${submission.decidedAt} is null`, sql`${submission.releasedAt} >= ${submission.decidedAt}`),
        ),
      )
      .limit(1);
    if (!accepted) throw new AppError('HOTEL_BOOKING_ABSTRACT_NOT_ACCEPTED');
  }
  const [{ active }] = await tx
    .select({ active: count() })
    .from(hotelBooking)
    .where(and(eq(hotelBooking.conferenceId, who.conferenceId), eq(hotelBooking.userId, who.userId), eq(hotelBooking.status, 'active')));
  if (active >= config.maxBookingsPerUser) throw new AppError('HOTEL_BOOKING_EXISTS');
  return { config, registrationId: registration.id };
}

/** The order's item: hotel, room type and the stay, so a receipt line says what the units are. */
const itemName = (
  hotelName: LocalizedText,
  roomType: RoomType,
  v: { checkIn: string; checkOut: string; rooms: number },
  nights: number,
): LocalizedText => ({
  zh: `${localized(hotelName, 'zh')} · ${localized(roomType.name, 'zh')}（${v.checkIn} 至 ${v.checkOut}，${v.rooms} 间 × ${nights} 晚）`,
  en: `${localized(hotelName, 'en')} · ${localized(roomType.name, 'en')} (${v.checkIn} to ${v.checkOut}, ${v.rooms} room${v.rooms === 1 ? '' : 's'} × ${nights} night${nights === 1 ? '' : 's'})`,
});

/**
 * Books rooms inside the caller's transaction, which must already hold the booker's lock
 * (`lockBooker`). The room type is locked first and the §5 date and room rules are checked on it
 * as read under that lock (a ZodError naming the field); then the nights are taken, the order and
 * the booking written and the confirmation queued. Any refusal throws and the caller's
 * transaction rolls back whole.
 */
export async function bookInTransaction(
  tx: Executor,
  who: Booker,
  values: BookingValues,
  /** When the rooms were first held (a changed booking's original order); the order expires counting from it. */
  heldSince?: Date,
): Promise<PlacedBooking> {
  const { config, registrationId } = await checkBooker(tx, who);
  const locked = await lockRoomTypes(tx, who.conferenceId, [values.roomTypeId]);
  if (!locked.has(values.roomTypeId)) throw new AppError('HOTEL_BOOKING_ROOM_TYPE_NOT_FOUND');
  bookingSchemaFor((id) => locked.get(id)).parse(values);
  const nights = nightsBetween(values.checkIn, values.checkOut);
  const current = locked.get(values.roomTypeId)!;
  bookingTotal(current.priceMinor, nights, values.rooms);
  bookingTotal(current.displayPriceMinor, nights, values.rooms);
  const roomType = await takeNights(tx, {
    conferenceId: who.conferenceId,
    roomTypeId: values.roomTypeId,
    checkIn: values.checkIn,
    checkOut: values.checkOut,
    rooms: values.rooms,
  });
  const [hotelRow] = await tx
    .select({ name: hotel.name })
    .from(hotel)
    .where(and(eq(hotel.id, roomType.hotelId), eq(hotel.conferenceId, who.conferenceId)));
  const [order] = await tx
    .insert(conferenceOrder)
    .values({
      conferenceId: who.conferenceId,
      // The date part is the conference's own day (as every order number).
      orderNo: sql`to_char(now() at time zone (select c.time_zone from conference c where c.id = ${who.conferenceId}), 'YYYYMMDD') || nextval('order_number_seq')::text`,
      userId: who.userId,
      registrationId,
      type: 'hotel',
      itemName: itemName(hotelRow.name, roomType, values, nights),
      deadline: config.bookingEnd,
      unitPriceMinor: roomType.priceMinor,
      quantity: nights,
      roomQuantity: values.rooms,
      totalMinor: bookingTotal(roomType.priceMinor, nights, values.rooms),
      currency: roomType.currency,
      displayCurrency: roomType.displayCurrency,
      displayTotalMinor: bookingTotal(roomType.displayPriceMinor, nights, values.rooms),
      ...(heldSince ? { createdAt: heldSince } : {}),
    })
    .returning();
  await logOrders(tx, who.conferenceId, [order.id], 'created', who.userId);
  const [booking] = await tx
    .insert(hotelBooking)
    .values({
      conferenceId: who.conferenceId,
      userId: who.userId,
      hotelId: roomType.hotelId,
      roomTypeId: roomType.id,
      checkIn: values.checkIn,
      checkOut: values.checkOut,
      nights,
      rooms: values.rooms,
      requirements: values.requirements,
      guests: values.guests,
      orderId: order.id,
      locale: who.locale,
    })
    .returning();
  await queueBookingMail(tx, who.conferenceId, booking.id);
  return { booking, order };
}

/**
 * A participant books rooms (spec §2 /profile/hotel/order): every rule, the nights, the order, the
 * booking and its mail in one transaction under the booker's lock, so concurrent clicks of one
 * account are decided one at a time against the per-account limit, and concurrent bookings of a
 * room type one at a time against its rooms.
 */
export async function placeBooking(db: DB, input: Booker & { values: BookingInput }): Promise<PlacedBooking> {
  const values = ZBookingInput.parse(input.values);
  return db.transaction(async (tx) => {
    await lockBooker(tx, input.conferenceId, input.userId);
    return bookInTransaction(tx, input, values);
  });
}

/** What a booking call answers: the booking and the order to pay. */
export function bookingSummary({ booking, order }: PlacedBooking) {
  return {
    id: booking.id,
    status: booking.status,
    nights: booking.nights,
    rooms: booking.rooms,
    orderId: order.id,
    orderNo: order.orderNo,
    totalMinor: order.totalMinor,
    currency: order.currency,
  };
}

import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Database } from '@/db/client';
import {
  conferenceOrder,
  hotel,
  hotelBooking,
  hotelConfig,
  hotelRoomNight,
  hotelRoomType,
  mailOutbox,
  orderEvent,
  paymentBill,
  paymentBillOrder,
  submission,
  mailTemplateOverride,
} from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { settleBill } from '@/lib/payments/apply-event';
import { expireUnpaidOrders } from '@/lib/payments/expire';
import { listMyBookings } from './booking-queries';
import { plantBookers, plantHotel, validBooking, type Account, type HotelFixture } from '@/testing/fixtures/hotel-booking';
import { cancelBooking } from './cancel-booking';
import { changeBooking } from './change-booking';
import { invalidateUnpaidHotelBookings } from './invalidate-bookings';
import { maxBookedNight } from './nights';
import { placeBooking } from './place-booking';

async function nights(database: Database, roomTypeId: number): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ night: hotelRoomNight.night, booked: hotelRoomNight.booked })
    .from(hotelRoomNight)
    .where(eq(hotelRoomNight.roomTypeId, roomTypeId))
    .orderBy(asc(hotelRoomNight.night));
  return Object.fromEntries(rows.filter((r) => r.booked > 0).map((r) => [r.night, r.booked]));
}

async function orderOf(database: Database, id: number) {
  const [row] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, id));
  return row;
}

async function bookingRow(database: Database, id: number) {
  const [row] = await database.db.select().from(hotelBooking).where(eq(hotelBooking.id, id));
  return row;
}

/** The field messages of a refused booking (the service throws the schema's ZodError). */
async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZodError);
  const out: Record<string, string[]> = {};
  for (const issue of (error as ZodError).issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe.each(testBackends())('hotel booking rules on %s', (backend) => {
  let database: Database;
  let fx: HotelFixture;
  let people: Account[];
  const who = (a: Account, locale: 'zh' | 'en' = 'zh') => ({ conferenceId: fx.conferenceId, userId: a.id, locale });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    fx = await plantHotel(database, 'rules');
    people = await plantBookers(database, fx.conferenceId, 12, 'rules');
  });
  afterAll(() => database?.close());

  it('books two nights: the order, the booking, the nights and the mail in the booker’s language', async () => {
    const booker = people[0];
    const { booking, order } = await placeBooking(database.db, {
      ...who(booker, 'en'),
      values: validBooking(fx, { rooms: 2, requirements: '  Quiet room <please>  ', guests: 'A. Guest' }),
    });
    expect(order).toMatchObject({
      conferenceId: fx.conferenceId,
      userId: booker.id,
      type: 'hotel',
      feeId: null,
      itemName: {
        zh: '湖滨酒店 · 大床房（2030-10-10 至 2030-10-12，2 间 × 2 晚）',
        en: 'Lakeside Hotel · King room (2030-10-10 to 2030-10-12, 2 rooms × 2 nights)',
      },
      deadline: '2999-12-31',
      unitPriceMinor: 50000,
      quantity: 2,
      roomQuantity: 2,
      totalMinor: 200000,
      currency: 'CNY',
      displayCurrency: 'USD',
      displayTotalMinor: 28000,
      payStatus: 'unpaid',
      orderStatus: 'available',
    });
    expect(order.registrationId).not.toBeNull();
    expect(booking).toMatchObject({
      status: 'active',
      orderId: order.id,
      nights: 2,
      rooms: 2,
      locale: 'en',
      requirements: 'Quiet room <please>',
      guests: 'A. Guest',
    });
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 2, '2030-10-11': 2 });
    const [event] = await database.db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id));
    expect(event).toMatchObject({ action: 'created', actorUserId: booker.id });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, booker.email));
    expect(mail).toMatchObject({ template: 'hotelBooking', locale: 'en', conferenceId: fx.conferenceId });
    expect(mail.subject).toContain('Lakeside Hotel');
    expect(mail.text).toContain(order.orderNo);
    expect(mail.text).toContain('2030-10-10');
    expect(mail.text).toContain('CN¥2,000.00');
    // Values are escaped in the HTML part.
    expect(mail.html).toContain('Quiet room &lt;please&gt;');
    expect(mail.html).not.toContain('<please>');
    const [mine] = await listMyBookings(database.db, fx.conferenceId, booker.id);
    expect(mine).toMatchObject({
      id: booking.id,
      status: 'active',
      changeable: true,
      order: { orderNo: order.orderNo, payStatus: 'unpaid' },
    });
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: booking.id });
  });

  it('refuses outside the booking window, each state with its own code', async () => {
    const closed = await plantHotel(database, 'rulesclosed', { config: { enabled: false } });
    const [a] = await plantBookers(database, closed.conferenceId, 1, 'closed');
    await expect(
      placeBooking(database.db, { conferenceId: closed.conferenceId, userId: a.id, locale: 'zh', values: validBooking(closed) }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_CLOSED' });
    const dated = await plantHotel(database, 'rulesdated', { config: { bookingStart: '2030-01-01', bookingEnd: '2030-06-30' } });
    const [b] = await plantBookers(database, dated.conferenceId, 1, 'dated');
    const at = (iso: string) =>
      placeBooking(database.db, {
        conferenceId: dated.conferenceId,
        userId: b.id,
        locale: 'zh',
        values: validBooking(dated),
        now: new Date(iso),
      });
    await expect(at('2029-12-31T08:00:00Z')).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_STARTED' });
    await expect(at('2030-07-01T08:00:00Z')).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ENDED' });
    // The last day counts in the conference's zone (Asia/Shanghai): 30 June 15:59 UTC is still 30 June there.
    await expect(at('2030-06-30T15:59:00Z')).resolves.toBeTruthy();
  });

  it('refuses an account that is not registered for the conference', async () => {
    const [stranger] = await plantBookers(database, fx.conferenceId, 1, 'stranger', false);
    await expect(placeBooking(database.db, { ...who(stranger), values: validBooking(fx) })).rejects.toMatchObject({
      code: 'NOT_REGISTERED',
    });
  });

  it('with "booking needs an accepted abstract", only a released acceptance lets one book', async () => {
    const strict = await plantHotel(database, 'rulesabstract', { config: { requireAcceptedAbstract: true } });
    const [author] = await plantBookers(database, strict.conferenceId, 1, 'author');
    const book = () =>
      placeBooking(database.db, { conferenceId: strict.conferenceId, userId: author.id, locale: 'zh', values: validBooking(strict) });
    await expect(book()).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ABSTRACT_NOT_ACCEPTED' });
    const [sub] = await database.db
      .insert(submission)
      .values({
        conferenceId: strict.conferenceId,
        userId: author.id,
        code: 'A0001',
        title: 'T',
        status: 'rejected',
        decidedAt: new Date(),
      })
      .returning();
    await database.db.update(submission).set({ releasedAt: new Date() }).where(eq(submission.id, sub.id));
    await expect(book()).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ABSTRACT_NOT_ACCEPTED' });
    // Accepted, but the decision not released yet: still refused.
    await database.db
      .update(submission)
      .set({ status: 'accepted', decidedAt: new Date(Date.now() + 1000), releasedAt: new Date() })
      .where(eq(submission.id, sub.id));
    await expect(book()).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ABSTRACT_NOT_ACCEPTED' });
    await database.db
      .update(submission)
      .set({ releasedAt: new Date(Date.now() + 2000) })
      .where(eq(submission.id, sub.id));
    await expect(book()).resolves.toBeTruthy();
  });

  it('one active booking per account unless the organiser allows more ("an order exists")', async () => {
    const booker = people[1];
    const first = await placeBooking(database.db, { ...who(booker), values: validBooking(fx) });
    await expect(
      placeBooking(database.db, { ...who(booker), values: validBooking(fx, { roomTypeId: fx.otherRoomTypeId }) }),
    ).rejects.toMatchObject({
      code: 'HOTEL_BOOKING_EXISTS',
    });
    await database.db.update(hotelConfig).set({ maxBookingsPerUser: 2 }).where(eq(hotelConfig.conferenceId, fx.conferenceId));
    await placeBooking(database.db, { ...who(booker), values: validBooking(fx, { roomTypeId: fx.otherRoomTypeId }) });
    await expect(placeBooking(database.db, { ...who(booker), values: validBooking(fx) })).rejects.toMatchObject({
      code: 'HOTEL_BOOKING_EXISTS',
    });
    // A cancelled booking no longer counts.
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: first.booking.id });
    await expect(placeBooking(database.db, { ...who(booker), values: validBooking(fx) })).resolves.toBeTruthy();
    await database.db.update(hotelConfig).set({ maxBookingsPerUser: 1 }).where(eq(hotelConfig.conferenceId, fx.conferenceId));
    for (const b of await listMyBookings(database.db, fx.conferenceId, booker.id))
      if (b.changeable) await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: b.id });
  });

  it('checks every §5 date rule and the room count, each on its own field', async () => {
    const booker = people[2];
    const book = (o: Parameters<typeof validBooking>[1]) => placeBooking(database.db, { ...who(booker), values: validBooking(fx, o) });
    // The room type: check-in from 2030-10-10, deadline 2030-10-15, 1–3 rooms.
    expect(await fieldErrors(book({ checkIn: '2030-10-09' }))).toEqual({ checkIn: ['hotelBookingCheckInBeforeStart'] });
    expect(await fieldErrors(book({ checkIn: '2030-10-15', checkOut: '2030-10-16' }))).toEqual({
      checkIn: ['hotelBookingCheckInNotBeforeDeadline'],
      checkOut: ['hotelBookingCheckOutAfterDeadline'],
    });
    expect(await fieldErrors(book({ checkIn: '2030-10-12', checkOut: '2030-10-11' }))).toEqual({
      checkIn: ['hotelBookingCheckInNotBeforeCheckOut'],
      checkOut: ['hotelBookingCheckOutNotAfterCheckIn'],
    });
    expect(await fieldErrors(book({ checkIn: '2030-10-09', checkOut: '2030-10-10' }))).toEqual({
      checkIn: ['hotelBookingCheckInBeforeStart'],
      checkOut: ['hotelBookingCheckOutNotAfterStart'],
    });
    expect(await fieldErrors(book({ checkOut: '2030-10-16' }))).toEqual({ checkOut: ['hotelBookingCheckOutAfterDeadline'] });
    expect(await fieldErrors(book({ rooms: 4 }))).toEqual({ rooms: ['hotelBookingRoomsOutOfRange'] });
    expect(await fieldErrors(book({ checkIn: '2030-02-30' }))).toEqual({ checkIn: ['hotelBookingCheckInRequired'] });
    expect(await fieldErrors(book({ rooms: 0 }))).toEqual({ rooms: ['hotelBookingRoomsRequired'] });
    expect(await fieldErrors(book({ requirements: 'x'.repeat(501) }))).toEqual({ requirements: ['tooLong'] });
    // A room type of another hotel of the same conference is refused on the room type field.
    const [otherHotel] = await database.db
      .insert(hotel)
      .values({ conferenceId: fx.conferenceId, name: { zh: '另一家', en: 'Another' } })
      .returning({ id: hotel.id });
    expect(await fieldErrors(book({ hotelId: otherHotel.id }))).toEqual({ roomTypeId: ['hotelBookingRoomTypeRequired'] });
    // The last possible stay (check-out on the deadline) is fine.
    const ok = await book({ checkIn: '2030-10-14', checkOut: '2030-10-15', rooms: 3 });
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: ok.booking.id });
    const [{ n }] = await database.db.select({ n: count() }).from(hotelBooking).where(eq(hotelBooking.userId, booker.id));
    expect(n).toBe(1);
  });

  it('refuses a stale price, an archived room type or hotel, and another conference’s room type', async () => {
    const own = await plantHotel(database, 'rulesgone');
    const [a] = await plantBookers(database, own.conferenceId, 1, 'gone');
    const book = (f: HotelFixture, conferenceId = own.conferenceId) =>
      placeBooking(database.db, { conferenceId, userId: a.id, locale: 'zh', values: validBooking(f) });
    await database.db.update(hotelRoomType).set({ priceStale: true }).where(eq(hotelRoomType.id, own.roomTypeId));
    await expect(book(own)).rejects.toMatchObject({ code: 'HOTEL_BOOKING_PRICE_STALE' });
    await database.db.update(hotelRoomType).set({ priceStale: false, archived: true }).where(eq(hotelRoomType.id, own.roomTypeId));
    await expect(book(own)).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ROOM_TYPE_NOT_FOUND' });
    await database.db.update(hotelRoomType).set({ archived: false }).where(eq(hotelRoomType.id, own.roomTypeId));
    await database.db.update(hotel).set({ archived: true }).where(eq(hotel.id, own.hotelId));
    await expect(book(own)).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ROOM_TYPE_NOT_FOUND' });
    await database.db.update(hotel).set({ archived: false }).where(eq(hotel.id, own.hotelId));
    // The main fixture's room type, asked for from this conference: not found (the tenant is in the WHERE).
    await expect(book({ ...fx })).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ROOM_TYPE_NOT_FOUND' });
    expect(await nights(database, own.roomTypeId)).toEqual({});
    expect(await nights(database, fx.roomTypeId)).toEqual({});
  });

  it('refuses a night past the rooms, writing nothing, and refuses a total an order cannot hold', async () => {
    const small = await plantHotel(database, 'rulesfull', { roomType: { totalRooms: 3, maxPerPerson: 3 } });
    const [a, b, c] = await plantBookers(database, small.conferenceId, 3, 'full');
    const book = (x: Account, o: Parameters<typeof validBooking>[1]) =>
      placeBooking(database.db, { conferenceId: small.conferenceId, userId: x.id, locale: 'zh', values: validBooking(small, o) });
    await book(a, { checkIn: '2030-10-10', checkOut: '2030-10-12', rooms: 2 });
    await expect(book(b, { checkIn: '2030-10-11', checkOut: '2030-10-13', rooms: 2 })).rejects.toMatchObject({
      code: 'HOTEL_BOOKING_ROOMS_FULL',
    });
    expect(await nights(database, small.roomTypeId)).toEqual({ '2030-10-10': 2, '2030-10-11': 2 });
    const [{ n }] = await database.db.select({ n: count() }).from(conferenceOrder).where(eq(conferenceOrder.userId, b.id));
    expect(n).toBe(0);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, b.email))).toHaveLength(0);
    await book(b, { checkIn: '2030-10-12', checkOut: '2030-10-14', rooms: 3 });
    await book(c, { checkIn: '2030-10-11', checkOut: '2030-10-12', rooms: 1 });
    expect(await nights(database, small.roomTypeId)).toEqual({ '2030-10-10': 2, '2030-10-11': 3, '2030-10-12': 3, '2030-10-13': 3 });
    expect(await maxBookedNight(database.db, small.roomTypeId, small.conferenceId)).toBe(3);
    const dear = await plantHotel(database, 'rulesdear', { roomType: { priceMinor: 2_000_000_000 } });
    const [d] = await plantBookers(database, dear.conferenceId, 1, 'dear');
    await expect(
      placeBooking(database.db, { conferenceId: dear.conferenceId, userId: d.id, locale: 'zh', values: validBooking(dear, { rooms: 2 }) }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_TOTAL_TOO_LARGE' });
    expect(await nights(database, dear.roomTypeId)).toEqual({});
  });

  it('a change before payment moves the nights in one transaction; a refused change keeps the old booking', async () => {
    const booker = people[3];
    const first = await placeBooking(database.db, { ...who(booker), values: validBooking(fx) });
    const changed = await changeBooking(database.db, {
      ...who(booker, 'en'),
      bookingId: first.booking.id,
      values: validBooking(fx, { roomTypeId: fx.otherRoomTypeId, checkIn: '2030-10-11', checkOut: '2030-10-14', rooms: 2 }),
    });
    expect(await bookingRow(database, first.booking.id)).toMatchObject({ status: 'changed' });
    expect(await orderOf(database, first.order.id)).toMatchObject({
      orderStatus: 'invalid',
      invalidReason: 'changed',
      payStatus: 'unpaid',
    });
    expect(changed.order).toMatchObject({ type: 'hotel', unitPriceMinor: 40000, quantity: 3, roomQuantity: 2, totalMinor: 240000 });
    expect(changed.booking).toMatchObject({ status: 'active', locale: 'en' });
    expect(await nights(database, fx.roomTypeId)).toEqual({});
    expect(await nights(database, fx.otherRoomTypeId)).toEqual({ '2030-10-11': 2, '2030-10-12': 2, '2030-10-13': 2 });
    // The old booking cannot be changed or cancelled again.
    await expect(
      cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: first.booking.id }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_CHANGEABLE' });
    // A change into a full night is refused and changes nothing.
    await database.db.update(hotelRoomType).set({ totalRooms: 3 }).where(eq(hotelRoomType.id, fx.roomTypeId));
    const blocker = await placeBooking(database.db, { ...who(people[4]), values: validBooking(fx, { rooms: 3 }) });
    await expect(
      changeBooking(database.db, { ...who(booker), bookingId: changed.booking.id, values: validBooking(fx) }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_ROOMS_FULL' });
    expect(await bookingRow(database, changed.booking.id)).toMatchObject({ status: 'active' });
    expect(await orderOf(database, changed.order.id)).toMatchObject({ orderStatus: 'available' });
    expect(await nights(database, fx.otherRoomTypeId)).toEqual({ '2030-10-11': 2, '2030-10-12': 2, '2030-10-13': 2 });
    // Someone else's booking is not found; a paid one cannot be changed.
    await expect(
      changeBooking(database.db, { ...who(people[4]), bookingId: changed.booking.id, values: validBooking(fx) }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_FOUND' });
    await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, changed.order.id));
    await expect(
      changeBooking(database.db, {
        ...who(booker),
        bookingId: changed.booking.id,
        values: validBooking(fx, { roomTypeId: fx.otherRoomTypeId }),
      }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_CHANGEABLE' });
    await expect(
      cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: changed.booking.id }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_CHANGEABLE' });
    const [mine] = await listMyBookings(database.db, fx.conferenceId, booker.id);
    expect(mine).toMatchObject({ id: changed.booking.id, changeable: false });
    // Tidy up for the next tests: the blocker cancels, the paid booking keeps its rooms.
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: people[4].id, bookingId: blocker.booking.id });
    await database.db.update(hotelRoomType).set({ totalRooms: 20 }).where(eq(hotelRoomType.id, fx.roomTypeId));
    expect(await nights(database, fx.roomTypeId)).toEqual({});
  });

  it('a cancellation before payment keeps the order, cancelled and invalid, and gives the nights back', async () => {
    const booker = people[5];
    const { booking, order } = await placeBooking(database.db, { ...who(booker), values: validBooking(fx, { rooms: 3 }) });
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 3, '2030-10-11': 3 });
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: booking.id });
    expect(await bookingRow(database, booking.id)).toMatchObject({ status: 'cancelled' });
    expect(await orderOf(database, order.id)).toMatchObject({ orderStatus: 'invalid', invalidReason: 'cancelled', payStatus: 'cancelled' });
    expect(await nights(database, fx.roomTypeId)).toEqual({});
    const events = await database.db.select({ action: orderEvent.action }).from(orderEvent).where(eq(orderEvent.orderId, order.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'cancelled']);
    await expect(
      cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: booker.id, bookingId: booking.id }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_NOT_CHANGEABLE' });
    expect(await nights(database, fx.roomTypeId)).toEqual({});
  });

  it('no change or cancellation while a payment is under way; a change keeps the time to pay', async () => {
    const [payer] = await plantBookers(database, fx.conferenceId, 1, 'paying');
    const { booking, order } = await placeBooking(database.db, { ...who(payer), values: validBooking(fx) });
    const heldSince = new Date(Date.now() - 3_600_000);
    await database.db.update(conferenceOrder).set({ createdAt: heldSince }).where(eq(conferenceOrder.id, order.id));
    const [bill] = await database.db
      .insert(paymentBill)
      .values({
        conferenceId: fx.conferenceId,
        billNo: `B-paying-${order.id}`,
        userId: payer.id,
        methodKind: 'stripe',
        amountMinor: order.totalMinor,
        currency: order.currency,
        status: 'pending',
        expiresAt: new Date(Date.now() + 600_000),
      })
      .returning();
    await database.db.insert(paymentBillOrder).values({ billId: bill.id, orderId: order.id, conferenceId: fx.conferenceId });
    const cancel = () => cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: payer.id, bookingId: booking.id });
    await expect(cancel()).rejects.toMatchObject({ code: 'HOTEL_BOOKING_BEING_PAID' });
    await expect(
      changeBooking(database.db, { ...who(payer), bookingId: booking.id, values: validBooking(fx, { rooms: 2 }) }),
    ).rejects.toMatchObject({ code: 'HOTEL_BOOKING_BEING_PAID' });
    expect(await bookingRow(database, booking.id)).toMatchObject({ status: 'active', rooms: 1 });
    // The payer walked away: once the online payment's time is over, the booking can be changed,
    // and the new order counts its time to pay from when the rooms were first held.
    await database.db
      .update(paymentBill)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentBill.id, bill.id));
    const changed = await changeBooking(database.db, { ...who(payer), bookingId: booking.id, values: validBooking(fx, { rooms: 2 }) });
    expect((await orderOf(database, changed.order.id)).createdAt.getTime()).toBe(heldSince.getTime());
    await cancelBooking(database.db, { conferenceId: fx.conferenceId, userId: payer.id, bookingId: changed.booking.id });
  });

  it('expiry of an unpaid hotel order gives the nights back, and money arriving later does not bring it back', async () => {
    const booker = people[6];
    const { booking, order } = await placeBooking(database.db, { ...who(booker), values: validBooking(fx, { rooms: 2 }) });
    const paid = await placeBooking(database.db, { ...who(people[7]), values: validBooking(fx, { rooms: 1 }) });
    await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, paid.order.id));
    // An online payment begun and given up (its time passed).
    const [bill] = await database.db
      .insert(paymentBill)
      .values({
        conferenceId: fx.conferenceId,
        billNo: `B${order.id}`,
        userId: booker.id,
        methodKind: 'stripe',
        amountMinor: order.totalMinor,
        currency: order.currency,
        status: 'pending',
        expiresAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await database.db.insert(paymentBillOrder).values({ billId: bill.id, orderId: order.id, conferenceId: fx.conferenceId });
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 3, '2030-10-11': 3 });
    await expireUnpaidOrders(database.db, new Date(Date.now() + 30 * 86_400_000));
    expect(await orderOf(database, order.id)).toMatchObject({ orderStatus: 'invalid', payStatus: 'expired', invalidReason: 'expired' });
    expect(await bookingRow(database, booking.id)).toMatchObject({ status: 'expired' });
    // The paid booking keeps its room.
    expect(await bookingRow(database, paid.booking.id)).toMatchObject({ status: 'active' });
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 1, '2030-10-11': 1 });
    // The provider's money arrives afterwards: the orders cannot take it (an exception for the organiser).
    const settled = await database.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(paymentBill).where(eq(paymentBill.id, bill.id)).for('update');
      return settleBill(tx, locked, { providerTxnId: 'late', actor: null, template: 'paymentReceived', now: new Date() });
    });
    expect(settled).toBe(false);
    expect(await bookingRow(database, booking.id)).toMatchObject({ status: 'expired' });
    expect(await orderOf(database, order.id)).toMatchObject({ orderStatus: 'invalid' });
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 1, '2030-10-11': 1 });
    // A second sweep changes nothing (released once).
    await expireUnpaidOrders(database.db, new Date(Date.now() + 60 * 86_400_000));
    expect(await nights(database, fx.roomTypeId)).toEqual({ '2030-10-10': 1, '2030-10-11': 1 });
  });

  it('a settlement currency change invalidates the unpaid hotel orders, gives the nights back and tells each booker in their language', async () => {
    const cur = await plantHotel(database, 'rulescurrency');
    const [en, zh, payer] = await plantBookers(database, cur.conferenceId, 3, 'cur');
    const book = (a: Account, locale: 'zh' | 'en', rooms: number) =>
      placeBooking(database.db, { conferenceId: cur.conferenceId, userId: a.id, locale, values: validBooking(cur, { rooms }) });
    const e = await book(en, 'en', 1);
    const z = await book(zh, 'zh', 2);
    const p = await book(payer, 'zh', 3);
    await database.db.update(conferenceOrder).set({ payStatus: 'paid' }).where(eq(conferenceOrder.id, p.order.id));
    const manager = people[11];
    const ids = await database.db.transaction((tx) =>
      invalidateUnpaidHotelBookings(tx, { conferenceId: cur.conferenceId, actorUserId: manager.id }),
    );
    expect(ids.sort()).toEqual([e.order.id, z.order.id].sort());
    for (const placed of [e, z]) {
      expect(await orderOf(database, placed.order.id)).toMatchObject({
        orderStatus: 'invalid',
        invalidReason: 'currencyChanged',
        payStatus: 'unpaid',
      });
      expect(await bookingRow(database, placed.booking.id)).toMatchObject({ status: 'invalid' });
      const events = await database.db
        .select()
        .from(orderEvent)
        .where(and(eq(orderEvent.orderId, placed.order.id), eq(orderEvent.action, 'invalidated')));
      expect(events).toMatchObject([{ actorUserId: manager.id, note: 'currencyChanged' }]);
    }
    expect(await orderOf(database, p.order.id)).toMatchObject({ orderStatus: 'available', payStatus: 'paid' });
    expect(await bookingRow(database, p.booking.id)).toMatchObject({ status: 'active' });
    expect(await nights(database, cur.roomTypeId)).toEqual({ '2030-10-10': 3, '2030-10-11': 3 });
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, cur.conferenceId), eq(mailOutbox.template, 'hotelBookingInvalidated')));
    expect(mails.map((m) => [m.toAddress, m.locale]).sort()).toEqual(
      [
        [en.email, 'en'],
        [zh.email, 'zh'],
      ].sort(),
    );
    const enMail = mails.find((m) => m.toAddress === en.email)!;
    expect(enMail.text).toContain(e.order.orderNo);
    expect(enMail.text).toContain('Lakeside Hotel');
    expect(mails.find((m) => m.toAddress === zh.email)!.text).toContain('湖滨酒店');
    // Run again: nothing more to invalidate, no second mail.
    expect(
      await database.db.transaction((tx) => invalidateUnpaidHotelBookings(tx, { conferenceId: cur.conferenceId, actorUserId: null })),
    ).toEqual([]);
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, cur.conferenceId), eq(mailOutbox.template, 'hotelBookingInvalidated')));
    expect(n).toBe(2);
  });

  it('uses the organiser’s own mail wording for a language where it is set', async () => {
    const own = await plantHotel(database, 'rulesmail');
    // The conference's `hotelBooking` mail template (the hotel editor and /platform/config/email share it).
    await database.db.insert(mailTemplateOverride).values({
      conferenceId: own.conferenceId,
      template: 'hotelBooking',
      subject: { zh: '', en: 'Room at {hotel}' },
      body: { zh: '', en: 'Hi {name}\n\n<b>{requirements}</b> {nights} nights' },
    });
    const [en, zh] = await plantBookers(database, own.conferenceId, 2, 'ownmail');
    await placeBooking(database.db, {
      conferenceId: own.conferenceId,
      userId: en.id,
      locale: 'en',
      values: validBooking(own, { requirements: 'a & b' }),
    });
    await placeBooking(database.db, { conferenceId: own.conferenceId, userId: zh.id, locale: 'zh', values: validBooking(own) });
    const [enMail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, en.email));
    expect(enMail.subject).toBe('Room at Lakeside Hotel');
    expect(enMail.text).toBe(`Hi ${en.name}\n\n<b>a & b</b> 2 nights`);
    expect(enMail.html).toContain('&lt;b&gt;a &amp; b&lt;/b&gt; 2 nights');
    const [zhMail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, zh.email));
    expect(zhMail.subject).toBe('【rulesmail 会议】酒店预订确认：湖滨酒店');
    expect(zhMail.text).toContain('特殊要求：无');
  });
});

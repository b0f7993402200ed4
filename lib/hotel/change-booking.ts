import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceOrder } from '@/db/schema';
import { logOrders } from '@/lib/payments/log';
import { ZBookingInput, type BookingInput } from './booking-schemas';
import { lockRoomTypes, releaseBookings } from './nights';
import { lockOwnBooking } from './own-booking';
import { bookInTransaction, lockBooker, shareHotelConfig, type Booker, type PlacedBooking } from './place-booking';

/**
 * Changes one of my bookings before it is paid (other hotel, room type, dates, rooms or
 * requirements), in one transaction: the old order is kept but made invalid ('changed'), the old
 * booking becomes 'changed' and gives its nights back, and a new booking is made under every rule
 * of a first booking (window, registration, abstract, limit, rooms, dates) with a new order. A
 * refusal leaves the old booking as it was.
 */
export async function changeBooking(db: DB, input: Booker & { bookingId: number; values: BookingInput }): Promise<PlacedBooking> {
  const values = ZBookingInput.parse(input.values);
  return db.transaction(async (tx) => {
    await lockBooker(tx, input.conferenceId, input.userId);
    // The settings before the order (the order a currency change takes them in).
    await shareHotelConfig(tx, input.conferenceId);
    const { booking, order } = await lockOwnBooking(tx, input, input.bookingId);
    // Both room types in id order before either is touched: two changes in opposite directions
    // between the same room types cannot deadlock.
    await lockRoomTypes(tx, input.conferenceId, [booking.roomTypeId, values.roomTypeId]);
    await tx
      .update(conferenceOrder)
      .set({ orderStatus: 'invalid', invalidReason: 'changed', updatedAt: new Date() })
      .where(and(eq(conferenceOrder.id, order.id), eq(conferenceOrder.conferenceId, input.conferenceId)));
    await logOrders(tx, input.conferenceId, [order.id], 'changed', input.userId, 'hotel booking changed');
    await releaseBookings(tx, [booking], 'changed');
    // The new order keeps the old one's time: changing a booking does not restart the time to pay,
    // or re-sending it would hold the rooms for ever.
    return bookInTransaction(tx, input, values, order.createdAt);
  });
}

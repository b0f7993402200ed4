import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder, hotelBooking, paymentBill, paymentBillOrder } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { canChangeOrder } from '@/lib/orders/rules';
import type { HotelBooking } from './nights';
import type { Order } from './place-booking';

/** Whether the owner may still change or cancel a booking: it holds its rooms and its order is unpaid and available. */
export function canChangeBooking(
  booking: Pick<HotelBooking, 'status'>,
  order: Pick<Order, 'payStatus' | 'orderStatus' | 'invalidReason'> | null,
): boolean {
  return booking.status === 'active' && !!order && order.orderStatus === 'available' && canChangeOrder(order);
}

/**
 * One of my bookings with its order locked FOR UPDATE (orders are locked before room types and
 * bookings everywhere: the expiry and the currency change take them in that order too), read
 * again after the lock; refused unless it can still be changed (unpaid, available, active) and no
 * payment of it is under way.
 */
export async function lockOwnBooking(
  tx: Executor,
  who: { conferenceId: number; userId: string },
  bookingId: number,
  now = new Date(),
): Promise<{ booking: HotelBooking; order: Order }> {
  const mine = and(eq(hotelBooking.id, bookingId), eq(hotelBooking.conferenceId, who.conferenceId), eq(hotelBooking.userId, who.userId));
  const [found] = await tx.select({ orderId: hotelBooking.orderId }).from(hotelBooking).where(mine);
  if (!found) throw new AppError('HOTEL_BOOKING_NOT_FOUND');
  if (found.orderId === null) throw new AppError('HOTEL_BOOKING_NOT_CHANGEABLE');
  const [order] = await tx
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.id, found.orderId), eq(conferenceOrder.conferenceId, who.conferenceId)))
    .for('update');
  const [booking] = await tx.select().from(hotelBooking).where(mine);
  if (!order || !booking || !canChangeBooking(booking, order)) throw new AppError('HOTEL_BOOKING_NOT_CHANGEABLE');
  // A payment under way (an online payment still within its time, a transfer announced or awaiting
  // confirmation) would land on an invalid order with the rooms gone: let it finish or lapse first.
  const [paying] = await tx
    .select({ id: paymentBill.id })
    .from(paymentBillOrder)
    .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
    .where(
      and(
        eq(paymentBillOrder.orderId, order.id),
        or(inArray(paymentBill.status, ['delay', 'toBeConfirmed']), and(eq(paymentBill.status, 'pending'), gt(paymentBill.expiresAt, now))),
      ),
    )
    .limit(1);
  if (paying) throw new AppError('HOTEL_BOOKING_BEING_PAID');
  return { booking, order };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder, hotelBooking, hotelRoomType } from '@/db/schema';
import { PAYABLE_STATUSES } from '@/lib/orders/rules';
import { logOrders } from '@/lib/payments/log';
import { queueBookingNotice } from './booking-mail';
import { lockRoomTypes, releaseBookingsOfOrders } from './nights';

/** Why unpaid hotel orders lapse: the settlement currency changed, or one room type's price did. */
export type HotelInvalidation = 'currencyChanged' | 'priceChanged';

const NOTICE = { currencyChanged: 'hotelBookingInvalidated', priceChanged: 'hotelBookingRepriced' } as const;

/**
 * The settlement currency changed, or (with `roomTypeId`) a room type's price changed (spec §4):
 * every hotel order of the conference (of that room type) that is still available and unpaid
 * becomes invalid (`reason`; kept, never deleted, and logged), its
 * booking becomes 'invalid' and gives its nights back, and each booker is told by mail in the
 * language they booked in — all in the caller's transaction. Paid orders (and orders awaiting a
 * transfer's confirmation) keep their bookings.
 *
 * Locks: the caller holds the hotel_config row FOR UPDATE (bookings hold it FOR SHARE, so none is
 * in flight); here the orders FOR UPDATE in id order, then the room types in id order — the order
 * the expiry takes them in. Call it BEFORE locking or updating hotel_room_type rows in the same
 * transaction (e.g. marking the prices stale), or a concurrent expiry could deadlock with it.
 * Returns the orders invalidated.
 */
export async function invalidateUnpaidHotelBookings(
  tx: Executor,
  input: { conferenceId: number; actorUserId: string | null; roomTypeId?: number; reason?: HotelInvalidation },
): Promise<number[]> {
  const reason = input.reason ?? 'currencyChanged';
  const ofRoomType =
    input.roomTypeId === undefined
      ? undefined
      : sql`exists (select 1 from ${hotelBooking} where ${hotelBooking.orderId} = ${conferenceOrder.id} and ${hotelBooking.conferenceId} = ${input.conferenceId} and ${hotelBooking.roomTypeId} = ${input.roomTypeId})`;
  const orders = await tx
    .select({ id: conferenceOrder.id })
    .from(conferenceOrder)
    .where(
      and(
        eq(conferenceOrder.conferenceId, input.conferenceId),
        eq(conferenceOrder.type, 'hotel'),
        eq(conferenceOrder.orderStatus, 'available'),
        inArray(conferenceOrder.payStatus, [...PAYABLE_STATUSES]),
        ofRoomType,
      ),
    )
    .orderBy(conferenceOrder.id)
    .for('update');
  if (orders.length === 0) return [];
  // The room types the release may touch, all at once in id order before any is touched: for a
  // currency change every room type of the conference (the caller then marks them stale), so no
  // other writer taking room types in id order can hold one this sweep waits for while waiting on
  // one held here.
  const roomTypeIds =
    input.roomTypeId !== undefined
      ? [input.roomTypeId]
      : (await tx.select({ id: hotelRoomType.id }).from(hotelRoomType).where(eq(hotelRoomType.conferenceId, input.conferenceId))).map(
          (r) => r.id,
        );
  await lockRoomTypes(tx, input.conferenceId, roomTypeIds);
  const ids = orders.map((o) => o.id);
  await tx
    .update(conferenceOrder)
    .set({ orderStatus: 'invalid', invalidReason: reason, updatedAt: new Date() })
    .where(and(eq(conferenceOrder.conferenceId, input.conferenceId), inArray(conferenceOrder.id, ids)));
  await logOrders(tx, input.conferenceId, ids, 'invalidated', input.actorUserId, reason);
  const released = await releaseBookingsOfOrders(tx, ids, 'invalid');
  for (const booking of released) await queueBookingNotice(tx, input.conferenceId, booking.id, NOTICE[reason]);
  return ids;
}

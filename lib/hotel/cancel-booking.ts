import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conferenceOrder } from '@/db/schema';
import { logOrders } from '@/lib/payments/log';
import { releaseBookings } from './nights';
import { lockOwnBooking } from './own-booking';
import { lockBooker } from './place-booking';

/**
 * Cancels one of my bookings before it is paid: its order is kept, cancelled and invalid, and the
 * booking becomes 'cancelled' and gives its nights back, in one transaction. Allowed whether or
 * not booking is open (giving rooms back is always welcome).
 */
export async function cancelBooking(db: DB, input: { conferenceId: number; userId: string; bookingId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBooker(tx, input.conferenceId, input.userId);
    const { booking, order } = await lockOwnBooking(tx, input, input.bookingId);
    await tx
      .update(conferenceOrder)
      .set({ orderStatus: 'invalid', invalidReason: 'cancelled', payStatus: 'cancelled', updatedAt: new Date() })
      .where(and(eq(conferenceOrder.id, order.id), eq(conferenceOrder.conferenceId, input.conferenceId)));
    await logOrders(tx, input.conferenceId, [order.id], 'cancelled', input.userId, 'hotel booking cancelled');
    await releaseBookings(tx, [booking], 'cancelled');
  });
}

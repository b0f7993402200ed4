import { todayIn } from '@/lib/conferences/website-config';
import type { ErrorCode } from '@/lib/http/app-error';
import { hotelBookingState, type HotelBookingState } from './schemas';

/** Where hotel booking stands: switched off (or no dates), not yet, over, or open. */
export type BookingWindowState = HotelBookingState;

export type BookingWindowConfig = { enabled: boolean; bookingStart: string | null; bookingEnd: string | null };

/** The state on `today` (YYYY-MM-DD): open only when switched on and today is within [start, end]. */
export function bookingWindowState(config: BookingWindowConfig | null | undefined, today: string): BookingWindowState {
  if (!config) return 'closed';
  // The organiser's screen shows the same state (lib/hotel/schemas.ts): one rule for both.
  return hotelBookingState(
    { enabled: config.enabled, bookingStart: config.bookingStart ?? '', bookingEnd: config.bookingEnd ?? '' },
    today,
  );
}

/** The state now, today being counted in the conference's time zone (as the registration and the call do). */
export function bookingWindowNow(config: BookingWindowConfig | null | undefined, timeZone: string, now = new Date()): BookingWindowState {
  return bookingWindowState(config, todayIn(timeZone, now));
}

/** The error a booking, a change or an availability question meets outside the window (null when open). */
export const WINDOW_ERRORS: Record<BookingWindowState, ErrorCode | null> = {
  closed: 'HOTEL_BOOKING_CLOSED',
  notStarted: 'HOTEL_BOOKING_NOT_STARTED',
  ended: 'HOTEL_BOOKING_ENDED',
  open: null,
};

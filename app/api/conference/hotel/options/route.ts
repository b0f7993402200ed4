import { bookingOptions } from '@/lib/hotel/booking-queries';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** What I can book: the hotel settings and window state, the hotels and their room types with prices and free rooms per night. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference }) => bookingOptions(db, conference));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

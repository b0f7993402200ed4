import { route } from '@/lib/http/route';
import { createHotel } from '@/lib/hotel/hotels';
import { listHotelsForOrganiser } from '@/lib/hotel/queries';
import { ZHotelInput } from '@/lib/hotel/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's hotels with their room types and the rooms booked on each one's busiest night. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listHotelsForOrganiser(db, conference.id));

/** Adds a hotel. */
export const POST = route({ auth: 'manager', body: ZHotelInput }, async ({ db, conference, body }) => createHotel(db, conference.id, body));

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

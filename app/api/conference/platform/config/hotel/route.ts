import { route } from '@/lib/http/route';
import { findHotelConfig, saveHotelConfig } from '@/lib/hotel/config';
import { ZHotelConfig } from '@/lib/hotel/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The hotel settings as organisers edit them (the defaults while none were saved). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => findHotelConfig(db, conference.id));

/**
 * Saves the hotel settings. A different settlement currency marks every room price stale and
 * makes the unpaid hotel orders invalid (their bookers are told by mail), in the same transaction.
 */
export const PUT = route({ auth: 'manager', body: ZHotelConfig }, async ({ db, conference, user, body }) =>
  saveHotelConfig(db, conference.id, body, user.id),
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');

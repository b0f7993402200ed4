import { HOTEL_BOOKING_MAIL_VARS } from '@/lib/hotel/booking-mail';
import { defaultHotelMailTemplate, hotelMailTemplate, saveHotelMailTemplate, ZHotelMailTemplate } from '@/lib/hotel/mail-template';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The hotel booking mail template (null: the default), the variables it may use and the default wording (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => ({
  template: await hotelMailTemplate(db, conference.id),
  vars: HOTEL_BOOKING_MAIL_VARS,
  defaults: defaultHotelMailTemplate(),
}));

/** Saves the organiser's subject and body in zh and en; unknown `{placeholders}` are refused, all fields empty means the default. */
export const PUT = route({ auth: 'manager', body: ZHotelMailTemplate, changesSite: false }, async ({ db, conference, body }) => ({
  template: await saveHotelMailTemplate(db, conference.id, body),
}));

/** Back to the default wording. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference }) => ({
  template: await saveHotelMailTemplate(db, conference.id, null),
}));

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');

import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceOrder, hotel, hotelBooking, hotelRoomType, user } from '@/db/schema';
import type { HotelMailTemplate } from '@/db/schema';
import type { MailTemplateName, RenderedMail } from '@/emails/templates';
import { formatMoney } from '@/lib/fees/money';
import { isLocale, localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { enqueueRendered } from '@/lib/mail/outbox';
import { renderWithOverride } from '@/lib/mail/render';
import { HOTEL_BOOKING_MAIL_VARS } from '@/lib/mail/template-catalog';
import { templateOverride } from '@/lib/mail/template-overrides';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { orderPayBy } from '@/lib/orders/pay-by';
import { formatPayBy, payPageUrl } from '@/lib/orders/pay-by-text';
import { paymentTimes } from '@/lib/payments/methods';

export { HOTEL_BOOKING_MAIL_VARS } from '@/lib/mail/template-catalog';
export { renderCustomMail } from '@/lib/mail/render';
export type HotelBookingMailVar = (typeof HOTEL_BOOKING_MAIL_VARS)[number];
export type HotelBookingMailVars = Record<HotelBookingMailVar, string | number>;

/**
 * The booking confirmation in `locale`: the organiser's subject and body for that language where
 * they wrote one (each falls back to the default on its own), else the default `hotelBooking`.
 */
export function renderBookingMail(
  template: HotelMailTemplate | null | undefined,
  locale: Locale,
  vars: HotelBookingMailVars,
): RenderedMail {
  return renderWithOverride('hotelBooking', template, locale, vars);
}

/** Everything a mail about one booking says, read in one query (conference in every join). */
async function bookingMailContext(tx: Executor, conferenceId: number, bookingId: number) {
  const [row] = await tx
    .select({
      booking: hotelBooking,
      email: user.email,
      name: user.name,
      conferenceTitle: conference.title,
      hotelName: hotel.name,
      roomTypeName: hotelRoomType.name,
      conferenceTimeZone: conference.timeZone,
      order: {
        id: conferenceOrder.id,
        orderNo: conferenceOrder.orderNo,
        totalMinor: conferenceOrder.totalMinor,
        currency: conferenceOrder.currency,
        type: conferenceOrder.type,
        orderStatus: conferenceOrder.orderStatus,
        payStatus: conferenceOrder.payStatus,
        createdAt: conferenceOrder.createdAt,
        payableSince: conferenceOrder.payableSince,
      },
    })
    .from(hotelBooking)
    .innerJoin(user, eq(user.id, hotelBooking.userId))
    .innerJoin(conference, eq(conference.id, hotelBooking.conferenceId))
    .innerJoin(hotel, and(eq(hotel.id, hotelBooking.hotelId), eq(hotel.conferenceId, hotelBooking.conferenceId)))
    .innerJoin(hotelRoomType, and(eq(hotelRoomType.id, hotelBooking.roomTypeId), eq(hotelRoomType.conferenceId, hotelBooking.conferenceId)))
    .leftJoin(
      conferenceOrder,
      and(eq(conferenceOrder.id, hotelBooking.orderId), eq(conferenceOrder.conferenceId, hotelBooking.conferenceId)),
    )
    .where(and(eq(hotelBooking.id, bookingId), eq(hotelBooking.conferenceId, conferenceId)));
  if (!row) return null;
  const locale: Locale = isLocale(row.booking.locale) ? row.booking.locale : 'zh';
  const order = row.order;
  const payBy = order ? orderPayBy(order, (await paymentTimes(tx, conferenceId)).orderExpiryMinutes) : null;
  const vars: HotelBookingMailVars = {
    conference: localized(row.conferenceTitle, locale),
    name: row.name,
    hotel: localized(row.hotelName, locale),
    roomType: localized(row.roomTypeName, locale),
    checkIn: row.booking.checkIn,
    checkOut: row.booking.checkOut,
    nights: row.booking.nights,
    rooms: row.booking.rooms,
    total: order ? formatMoney(order.totalMinor, order.currency, locale) : '',
    orderNo: order?.orderNo ?? '',
    requirements: row.booking.requirements.trim() || serverTranslator(locale, 'mail')('hotelNoRequirements'),
    payBy: payBy ? formatPayBy(payBy, locale, row.conferenceTimeZone) : '',
    payUrl: order && payBy ? payPageUrl(await siteOrigin(tx, conferenceId), locale, [order]) : '',
  };
  return { to: row.email, locale, vars };
}

/**
 * Queues the booking confirmation in the booking's language (its stored locale), in the caller's
 * transaction, so the mail exists exactly when the booking does.
 */
export async function queueBookingMail(tx: Executor, conferenceId: number, bookingId: number): Promise<number | null> {
  const context = await bookingMailContext(tx, conferenceId, bookingId);
  if (!context) return null;
  const rendered = renderBookingMail(await templateOverride(tx, conferenceId, 'hotelBooking'), context.locale, context.vars);
  return enqueueRendered(tx, conferenceId, { template: 'hotelBooking', locale: context.locale, to: context.to, ...rendered });
}

/** Queues one of the default mails about a booking (e.g. `hotelBookingInvalidated`) in the booking's language. */
export async function queueBookingNotice(
  tx: Executor,
  conferenceId: number,
  bookingId: number,
  name: Extract<MailTemplateName, `hotel${string}`>,
): Promise<number | null> {
  const context = await bookingMailContext(tx, conferenceId, bookingId);
  if (!context) return null;
  return enqueueRendered(tx, conferenceId, {
    template: name,
    locale: context.locale,
    to: context.to,
    ...renderWithOverride(name, await templateOverride(tx, conferenceId, name), context.locale, context.vars),
  });
}

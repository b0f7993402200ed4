import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceOrder, hotel, hotelBooking, hotelConfig, hotelRoomType, user } from '@/db/schema';
import type { HotelMailTemplate } from '@/db/schema';
import { renderMail, type MailTemplateName, type RenderedMail } from '@/emails/templates';
import { formatMoney } from '@/lib/fees/money';
import { isLocale, localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { enqueueRendered } from '@/lib/mail/outbox';

/** The `{name}` placeholders a hotel booking mail may use (the organiser's editor offers these). */
export const HOTEL_BOOKING_MAIL_VARS = [
  'conference',
  'name',
  'hotel',
  'roomType',
  'checkIn',
  'checkOut',
  'nights',
  'rooms',
  'total',
  'orderNo',
  'requirements',
] as const;
export type HotelBookingMailVar = (typeof HOTEL_BOOKING_MAIL_VARS)[number];
export type HotelBookingMailVars = Record<HotelBookingMailVar, string | number>;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(line: string, vars: Record<string, string | number>, escape: (v: string) => string): string {
  return line.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? escape(String(vars[key])) : whole));
}

/**
 * The organiser's own wording in one language (plain text, one paragraph per line, the same
 * placeholders as the default): its text is escaped in the HTML part as well as the values.
 */
export function renderCustomMail(subject: string, body: string, locale: Locale, vars: Record<string, string | number>): RenderedMail {
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const html = lines.map((line) => `<p>${fill(escapeHtml(line), vars, escapeHtml)}</p>`).join('\n');
  return {
    // A subject is one line: placeholders may not bring a line break into the header.
    subject: fill(subject, vars, (v) => v).replace(/[\r\n]+/g, ' '),
    text: lines.map((line) => fill(line, vars, (v) => v)).join('\n\n'),
    html: `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:sans-serif;line-height:1.6">${html}</body></html>`,
  };
}

/**
 * The booking confirmation in `locale`: the organiser's subject and body for that language where
 * they wrote one (each falls back to the default on its own), else the default `hotelBooking`.
 */
export function renderBookingMail(
  template: HotelMailTemplate | null | undefined,
  locale: Locale,
  vars: HotelBookingMailVars,
): RenderedMail {
  const fallback = renderMail('hotelBooking', locale, vars);
  const subject = template?.subject?.[locale]?.trim() ?? '';
  const body = template?.body?.[locale]?.trim() ?? '';
  if (!subject && !body) return fallback;
  const custom = renderCustomMail(subject || '', body || '', locale, vars);
  return {
    subject: subject ? custom.subject : fallback.subject,
    text: body ? custom.text : fallback.text,
    html: body ? custom.html : fallback.html,
  };
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
      orderNo: conferenceOrder.orderNo,
      totalMinor: conferenceOrder.totalMinor,
      currency: conferenceOrder.currency,
      template: hotelConfig.mailTemplate,
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
    .leftJoin(hotelConfig, eq(hotelConfig.conferenceId, hotelBooking.conferenceId))
    .where(and(eq(hotelBooking.id, bookingId), eq(hotelBooking.conferenceId, conferenceId)));
  if (!row) return null;
  const locale: Locale = isLocale(row.booking.locale) ? row.booking.locale : 'zh';
  const vars: HotelBookingMailVars = {
    conference: localized(row.conferenceTitle, locale),
    name: row.name,
    hotel: localized(row.hotelName, locale),
    roomType: localized(row.roomTypeName, locale),
    checkIn: row.booking.checkIn,
    checkOut: row.booking.checkOut,
    nights: row.booking.nights,
    rooms: row.booking.rooms,
    total: row.totalMinor === null || row.currency === null ? '' : formatMoney(row.totalMinor, row.currency, locale),
    orderNo: row.orderNo ?? '',
    requirements: row.booking.requirements.trim() || serverTranslator(locale, 'mail')('hotelNoRequirements'),
  };
  return { to: row.email, locale, vars, template: row.template };
}

/**
 * Queues the booking confirmation in the booking's language (its stored locale), in the caller's
 * transaction, so the mail exists exactly when the booking does.
 */
export async function queueBookingMail(tx: Executor, conferenceId: number, bookingId: number): Promise<number | null> {
  const context = await bookingMailContext(tx, conferenceId, bookingId);
  if (!context) return null;
  const rendered = renderBookingMail(context.template, context.locale, context.vars);
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
    ...renderMail(name, context.locale, context.vars),
  });
}

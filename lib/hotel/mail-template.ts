import { DEFAULT_ORDER_TIMES } from '@/lib/orders/pay-by';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { localePath } from '@/lib/i18n/locale-path';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { hotel, hotelRoomType } from '@/db/schema';
import type { HotelMailTemplate } from '@/db/schema';
import { formatMoney } from '@/lib/fees/money';
import { todayIn } from '@/lib/conferences/website-config';
import { localized, locales, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { defaultTemplate } from '@/lib/mail/template-catalog';
import { saveTemplateOverride, templateOverride } from '@/lib/mail/template-overrides';
import { HOTEL_BOOKING_MAIL_VARS, type HotelBookingMailVars } from './booking-mail';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { addDays } from './dates';
import { mailTemplateSchema, type MailTemplateInput } from '@/lib/mail/template-schema';

/** The schema of the template editor on the server: the variables the booking mail fills. */
export const ZHotelMailTemplate = mailTemplateSchema(HOTEL_BOOKING_MAIL_VARS);

/**
 * The organiser's hotel booking mail template (null: the default wording is used): the
 * conference's `hotelBooking` mail template, the one /platform/config/email edits as well.
 */
export async function hotelMailTemplate(db: Executor, conferenceId: number): Promise<HotelMailTemplate | null> {
  return templateOverride(db, conferenceId, 'hotelBooking');
}

/** Saves the template (an all-empty one, or null, is the same as none: the default is used again). */
export async function saveHotelMailTemplate(
  db: Executor,
  conferenceId: number,
  input: MailTemplateInput | null,
): Promise<HotelMailTemplate | null> {
  return saveTemplateOverride(db, conferenceId, 'hotelBooking', input);
}

/** The default wording in both languages, as the editor shows it (the body one paragraph a line). */
export function defaultHotelMailTemplate(): HotelMailTemplate {
  return defaultTemplate('hotelBooking');
}

/**
 * Values for the editor's preview in each language: the conference's own title, its first room
 * type (else made-up names) for two nights from the room type's first check-in day, and a sample
 * guest, order number and request.
 */
export async function hotelMailSamples(
  db: Executor,
  conference: { id: number; title: LocalizedText; timeZone: string },
): Promise<Record<Locale, HotelBookingMailVars>> {
  const [first] = await db
    .select({
      hotelName: hotel.name,
      roomTypeName: hotelRoomType.name,
      priceMinor: hotelRoomType.priceMinor,
      currency: hotelRoomType.currency,
      checkInStart: hotelRoomType.checkInStart,
    })
    .from(hotelRoomType)
    .innerJoin(hotel, and(eq(hotel.id, hotelRoomType.hotelId), eq(hotel.conferenceId, conference.id)))
    .where(and(eq(hotelRoomType.conferenceId, conference.id), eq(hotelRoomType.archived, false), eq(hotel.archived, false)))
    .orderBy(asc(hotel.sortOrder), asc(hotel.id), asc(hotelRoomType.sortOrder), asc(hotelRoomType.id))
    .limit(1);
  const checkIn = first?.checkInStart ?? todayIn(conference.timeZone);
  const samples = locales.map((locale): [Locale, HotelBookingMailVars] => {
    const t = serverTranslator(locale, 'hotelAdmin');
    return [
      locale,
      {
        conference: localized(conference.title, locale),
        name: t('sampleName'),
        hotel: first ? localized(first.hotelName, locale) : t('sampleHotel'),
        roomType: first ? localized(first.roomTypeName, locale) : t('sampleRoomType'),
        checkIn,
        checkOut: addDays(checkIn, 2),
        nights: 2,
        rooms: 1,
        total: formatMoney((first?.priceMinor ?? 50000) * 2, first?.currency ?? 'CNY', locale),
        orderNo: `${checkIn.replaceAll('-', '')}1001`,
        requirements: t('sampleRequirements'),
        payBy: formatPayBy(new Date(Date.now() + DEFAULT_ORDER_TIMES.orderExpiryMinutes * 60_000), locale, conference.timeZone),
        payUrl: `https://conf.example.org${localePath(locale, '/profile/order/pay/goto/1001')}`,
      },
    ];
  });
  return Object.fromEntries(samples) as Record<Locale, HotelBookingMailVars>;
}

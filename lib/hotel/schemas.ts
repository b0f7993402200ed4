import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import { CURRENCIES } from '@/lib/fees/money';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';
import { nightsBetween } from './dates';

/**
 * The organiser's hotel settings (spec §2 /platform/config/hotel, §3 hotel config / hotel, §5 hotel
 * room and hotel config rules), shared by the forms (zodResolver) and the handlers. Messages are
 * keys under `validation` (flat): `hotelConfig…`, `hotel…`, `roomType…`. Money is integer minor units.
 */

/** The longest check-in window of a room type (its nights are rows of hotel_room_night). */
export const HOTEL_WINDOW_MAX_NIGHTS = 366;

/** A hotel photo: jpg or png (checked by content), up to 10 MB like the other cover images. */
export const HOTEL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const HOTEL_PHOTO_LIMIT = { bytes: HOTEL_PHOTO_MAX_BYTES, code: 'HOTEL_PHOTO_TOO_LARGE' } as const;
/** The largest price, display price or per-night amount the forms take (minor units). */
export const HOTEL_PRICE_MAX_MINOR = 100_000_000;
export const HOTEL_ROOMS_MAX = 100_000;
export const HOTEL_PER_PERSON_MAX = 1000;
export const HOTEL_BOOKINGS_PER_USER_MAX = 100;
export const HOTEL_RICH_TEXT_MAX = 20_000;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const text = (max: number) => z.string().trim().max(max, 'tooLong');
const bilingualRich = zLocalized({ max: HOTEL_RICH_TEXT_MAX, rich: true }).default(EMPTY_LOCALIZED);
const currency = z.enum(CURRENCIES, { error: 'invalidChoice' });

/**
 * The hotel settings of a conference. Booking is open when `enabled` and today is within
 * [bookingStart, bookingEnd] (both needed once it is switched on; the start not after the end).
 * `currency` is the settlement currency every room price is charged in; changing it makes the
 * room prices stale and the unpaid hotel orders invalid. The mail template is edited elsewhere.
 */
export const ZHotelConfig = z
  .object({
    enabled: z.boolean().default(false),
    bookingStart: ZOptionalIsoDate,
    bookingEnd: ZOptionalIsoDate,
    // Never defaulted: a save that left the settlement currency out would change it and
    // invalidate every unpaid hotel order.
    currency,
    displayCurrency: currency,
    description: bilingualRich,
    conditions: bilingualRich,
    requireAcceptedAbstract: z.boolean().default(false),
    maxBookingsPerUser: whole(1, HOTEL_BOOKINGS_PER_USER_MAX, 'hotelConfigMaxBookingsInvalid').default(1),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.enabled && !v.bookingStart) issue('bookingStart', 'hotelConfigDateRequired');
    if (v.enabled && !v.bookingEnd) issue('bookingEnd', 'hotelConfigDateRequired');
    if (v.bookingStart && v.bookingEnd && v.bookingStart > v.bookingEnd) issue('bookingEnd', 'hotelConfigEndBeforeStart');
  });
export type HotelConfigInput = z.input<typeof ZHotelConfig>;
export type HotelConfigValues = z.output<typeof ZHotelConfig>;

/** The settings of a conference that has saved none (the column defaults of hotel_config). */
export const DEFAULT_HOTEL_CONFIG: HotelConfigValues = ZHotelConfig.parse({ currency: 'CNY', displayCurrency: 'CNY' });

/**
 * Where hotel booking stands on `today` (YYYY-MM-DD in the conference's time zone): 'closed'
 * (switched off or no dates), 'notStarted', 'open' (start and end inclusive), 'ended'.
 */
export type HotelBookingState = 'closed' | 'notStarted' | 'open' | 'ended';

export function hotelBookingState(
  config: Pick<HotelConfigValues, 'enabled' | 'bookingStart' | 'bookingEnd'>,
  today: string,
): HotelBookingState {
  if (!config.enabled || !config.bookingStart || !config.bookingEnd) return 'closed';
  if (today < config.bookingStart) return 'notStarted';
  if (today > config.bookingEnd) return 'ended';
  return 'open';
}

/** An http(s) address with a host, or '' (none). */
export function isWebLink(value: string): boolean {
  if (value === '') return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A hotel: names in zh and en (required), 0–5 stars (0 = unrated), an optional web link, address, photo. */
export const ZHotelInput = z.object({
  name: zLocalized({ max: { zh: 100, en: 200 }, required: true, messages: { required: 'hotelNameRequired' } }),
  stars: whole(0, 5, 'hotelStarsInvalid').default(0),
  link: text(500).refine(isWebLink, 'hotelLinkInvalid').default(''),
  address: zLocalized({ max: { zh: 300, en: 500 } }).default(EMPTY_LOCALIZED),
  /** The stored name the photo upload answered with, or '' for none. */
  photo: z
    .string()
    .regex(/^(?:[0-9a-f]{32}\.(?:jpe?g|png))?$/, 'hotelPhotoInvalid')
    .default(''),
});
export type HotelInput = z.input<typeof ZHotelInput>;
export type HotelValues = z.output<typeof ZHotelInput>;

/**
 * A room type of a hotel with every §5 hotel-room rule on its field: the price (per room and
 * night, minor units of the settlement currency) and the display price positive; the check-in
 * window's start not after its end; max per person not below min; total bookable not below max
 * per person (and, checked by the service under the row lock, not below the rooms booked on the
 * busiest night). `hotelId` names the hotel it belongs to (it never moves to another).
 */
export const ZRoomTypeInput = z
  .object({
    hotelId: ZId,
    name: zLocalized({ max: { zh: 100, en: 200 }, required: true, messages: { required: 'roomTypeNameRequired' } }),
    priceMinor: z.coerce
      .number({ error: 'roomTypePricePositive' })
      .int('priceInvalid')
      .min(1, 'roomTypePricePositive')
      .max(HOTEL_PRICE_MAX_MINOR, 'priceInvalid'),
    displayPriceMinor: z.coerce
      .number({ error: 'roomTypeDisplayPricePositive' })
      .int('priceInvalid')
      .min(1, 'roomTypeDisplayPricePositive')
      .max(HOTEL_PRICE_MAX_MINOR, 'priceInvalid'),
    displayCurrency: currency,
    totalRooms: whole(1, HOTEL_ROOMS_MAX, 'roomTypeTotalInvalid'),
    minPerPerson: whole(1, HOTEL_PER_PERSON_MAX, 'roomTypePerPersonInvalid').default(1),
    maxPerPerson: whole(1, HOTEL_PER_PERSON_MAX, 'roomTypePerPersonInvalid').default(1),
    checkInStart: ZOptionalIsoDate,
    checkInEnd: ZOptionalIsoDate,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.checkInStart) issue('checkInStart', 'roomTypeDateRequired');
    if (!v.checkInEnd) issue('checkInEnd', 'roomTypeDateRequired');
    if (v.checkInStart && v.checkInEnd && v.checkInStart > v.checkInEnd) issue('checkInEnd', 'roomTypeCheckInEndBeforeStart');
    else if (v.checkInStart && v.checkInEnd && nightsBetween(v.checkInStart, v.checkInEnd) > HOTEL_WINDOW_MAX_NIGHTS)
      issue('checkInEnd', 'roomTypeWindowTooLong');
    if (v.maxPerPerson < v.minPerPerson) issue('maxPerPerson', 'roomTypeMaxBelowMin');
    if (v.totalRooms < v.maxPerPerson) issue('totalRooms', 'roomTypeTotalBelowMax');
  });
export type RoomTypeInput = z.input<typeof ZRoomTypeInput>;
export type RoomTypeValues = z.output<typeof ZRoomTypeInput>;

import { z } from 'zod';
import { pagedListParams } from '@/lib/http/list-params';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/** The states a booking can be in (db/schema/hotel.ts), in the order the screens show them. */
export const HOTEL_BOOKING_STATUSES = ['active', 'cancelled', 'changed', 'expired', 'invalid'] as const;
export type HotelBookingStatus = (typeof HOTEL_BOOKING_STATUSES)[number];

export function isHotelBookingStatus(value: string): value is HotelBookingStatus {
  return (HOTEL_BOOKING_STATUSES as readonly string[]).includes(value);
}

/**
 * The pay-status groups of the booking list's filter, each the order transaction states it covers
 * (the same grouping as the order screen): not paid, waiting for a manager's confirmation, paid,
 * and payment exceptions.
 */
export const HOTEL_PAY_GROUPS = {
  unpaid: ['unpaid', 'failed', 'expired', 'cancelled'],
  awaiting: ['delay', 'toBeConfirmed'],
  paid: ['success', 'paid'],
  exception: ['paymentException', 'abnormal'],
} as const satisfies Record<string, readonly string[]>;
export type HotelPayGroup = keyof typeof HOTEL_PAY_GROUPS;
export const HOTEL_PAY_GROUP_NAMES = Object.keys(HOTEL_PAY_GROUPS) as HotelPayGroup[];

const ZOptionalId = z.union([z.literal(''), ZId]).default('');

/**
 * The hotel booking list's filters (spec §2 /platform/manage/hotel): a keyword (the guest's name or
 * email, a guest name of the booking, the order number), the hotel, the room type, the booking's
 * state, the order's pay status, a range of check-in dates (inclusive), and the page.
 */
export const ZAdminHotelBookingQuery = z
  .object({
    q: z.string().trim().max(100, 'tooLong').default(''),
    hotel: ZOptionalId,
    roomType: ZOptionalId,
    status: z.enum(['', ...HOTEL_BOOKING_STATUSES], 'invalidChoice').default(''),
    pay: z.enum(['', ...HOTEL_PAY_GROUP_NAMES], 'invalidChoice').default(''),
    from: ZOptionalIsoDate,
    to: ZOptionalIsoDate,
    page: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(100000, 'numberInvalid').default(1),
    size: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(200, 'numberInvalid').default(20),
  })
  .refine((q) => q.from === '' || q.to === '' || q.from <= q.to, { message: 'dateOrder', path: ['to'] });
export type AdminHotelBookingQuery = z.output<typeof ZAdminHotelBookingQuery>;
export type AdminHotelBookingFilters = Omit<AdminHotelBookingQuery, 'page' | 'size'>;

export const HOTEL_LIST_FILTERS = ['q', 'hotel', 'roomType', 'status', 'pay', 'from', 'to'] as const;

const bookingList = pagedListParams(ZAdminHotelBookingQuery, '/platform/manage/hotel', HOTEL_LIST_FILTERS);

/** The booking list's filters from a page address (anything malformed falls back to the defaults). */
export const adminHotelQueryFrom = bookingList.queryFrom;
/** The filters as a query string, for the export. */
export const adminHotelSearch = bookingList.search;
/** The list's address with these filters (page 1 unless given). */
export const adminHotelHref = bookingList.href;

/** The rooming list export's query: one hotel (else every hotel, a sheet each) and the language of the headers. */
export const ZRoomingListQuery = z.object({
  hotel: ZOptionalId,
  lang: z.enum(['zh', 'en'], 'invalidChoice').optional(),
});

/** The occupancy grid's query: one hotel, else every hotel. */
export const ZOccupancyQuery = z.object({ hotel: ZOptionalId });

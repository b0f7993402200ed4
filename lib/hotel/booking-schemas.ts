import { z } from 'zod';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { isRealDate, MAX_ID, ZId } from '@/lib/validation/primitives';
import { GUESTS_MAX, REQUIREMENTS_MAX, ROOMS_MAX } from './booking-limits';

/**
 * A participant's hotel booking (spec §3 Hotel booking, §5 Booking): one schema for the form
 * (zodResolver) and the handler. Messages are keys of `validation` (ours start with `hotelBooking`).
 * The rules that depend on the room type (its check-in window and its room counts) are added by
 * `bookingSchemaFor`, which the form and the service both use.
 */
const m = (key: string) => `hotelBooking${key[0].toUpperCase()}${key.slice(1)}`;

export { GUESTS_MAX, REQUIREMENTS_MAX, ROOMS_MAX };

const visible = (value: string) => !hasHiddenCharacters(value.replace(/[\r\n\t]/g, ''));

const choice = (key: string) =>
  z.coerce
    .number({ error: m(key) })
    .int(m(key))
    .min(1, m(key))
    .max(MAX_ID, m(key));

const day = (key: string) =>
  z
    .string({ error: m(key) })
    .trim()
    .refine(isRealDate, m(key));

const text = (max: number) => z.string().max(max, 'tooLong').refine(visible, 'hiddenCharacters').default('');

export const ZBookingInput = z.object({
  hotelId: choice('hotelRequired'),
  roomTypeId: choice('roomTypeRequired'),
  checkIn: day('checkInRequired'),
  checkOut: day('checkOutRequired'),
  rooms: z.coerce
    .number({ error: m('roomsRequired') })
    .int(m('roomsRequired'))
    .min(1, m('roomsRequired'))
    .max(ROOMS_MAX, m('roomsOutOfRange')),
  requirements: text(REQUIREMENTS_MAX).transform((v) => v.trim()),
  guests: text(GUESTS_MAX).transform((v) => v.trim()),
});
export type BookingInput = z.input<typeof ZBookingInput>;
export type BookingValues = z.output<typeof ZBookingInput>;

/** What the form and the service know of a room type to check a booking against it. */
export type RoomTypeRules = {
  id: number;
  hotelId: number;
  checkInStart: string;
  checkInEnd: string;
  minPerPerson: number;
  maxPerPerson: number;
};

type Issue = { path: 'checkIn' | 'checkOut' | 'rooms' | 'roomTypeId'; message: string };

/**
 * The §5 booking rules for one room type, each failed rule with its own message on its own field:
 * check-in at or after the start, before the deadline and before check-out; check-out after the
 * start, at or before the deadline and after check-in; rooms within min and max per person.
 */
export function bookingIssues(
  v: Pick<BookingValues, 'hotelId' | 'checkIn' | 'checkOut' | 'rooms'>,
  rules: RoomTypeRules | undefined,
): Issue[] {
  if (!rules || rules.hotelId !== v.hotelId) return [{ path: 'roomTypeId', message: m('roomTypeRequired') }];
  const issues: Issue[] = [];
  const add = (path: Issue['path'], key: string) => issues.push({ path, message: m(key) });
  if (v.checkIn < rules.checkInStart) add('checkIn', 'checkInBeforeStart');
  if (v.checkIn >= rules.checkInEnd) add('checkIn', 'checkInNotBeforeDeadline');
  if (v.checkIn >= v.checkOut) add('checkIn', 'checkInNotBeforeCheckOut');
  if (v.checkOut <= rules.checkInStart) add('checkOut', 'checkOutNotAfterStart');
  if (v.checkOut > rules.checkInEnd) add('checkOut', 'checkOutAfterDeadline');
  if (v.checkOut <= v.checkIn) add('checkOut', 'checkOutNotAfterCheckIn');
  if (v.rooms < rules.minPerPerson || v.rooms > rules.maxPerPerson) add('rooms', 'roomsOutOfRange');
  return issues;
}

/** The booking schema against the room types on offer (looked up by the chosen id). */
export function bookingSchemaFor(roomType: (id: number) => RoomTypeRules | undefined) {
  return ZBookingInput.superRefine((v, ctx) => {
    // Zod runs this even when a field failed above: judge only what is well formed (no second message).
    const id = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;
    if (!id(v.hotelId) || !id(v.roomTypeId) || !isRealDate(v.checkIn) || !isRealDate(v.checkOut)) return;
    if (!Number.isInteger(v.rooms) || v.rooms < 1 || v.rooms > ROOMS_MAX) return;
    for (const issue of bookingIssues(v, roomType(v.roomTypeId)))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}

/** A booking named in an address. */
export const ZBookingId = z.object({ id: ZId });

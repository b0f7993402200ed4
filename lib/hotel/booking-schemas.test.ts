import { describe, expect, it } from 'vitest';
import { bookingSchemaFor, type RoomTypeRules } from './booking-schemas';

const room: RoomTypeRules = { id: 5, hotelId: 2, checkInStart: '2030-10-10', checkInEnd: '2030-10-15', minPerPerson: 2, maxPerPerson: 3 };
const schema = bookingSchemaFor((id) => (id === room.id ? room : undefined));
const base = { hotelId: '2', roomTypeId: '5', checkIn: '2030-10-10', checkOut: '2030-10-12', rooms: 2, requirements: '', guests: '' };

function issues(values: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('booking schema (the form and the handler)', () => {
  it('takes a valid booking and coerces the ids a select sends as strings', () => {
    const parsed = schema.parse(base);
    expect(parsed).toMatchObject({ hotelId: 2, roomTypeId: 5, rooms: 2 });
  });
  it('puts each rule on its own field', () => {
    expect(issues({ ...base, rooms: 1 })).toEqual({ rooms: ['hotelBookingRoomsOutOfRange'] });
    expect(issues({ ...base, checkIn: '2030-10-14', checkOut: '2030-10-14' })).toEqual({
      checkIn: ['hotelBookingCheckInNotBeforeCheckOut'],
      checkOut: ['hotelBookingCheckOutNotAfterCheckIn'],
    });
    expect(issues({ ...base, roomTypeId: '6' })).toEqual({ roomTypeId: ['hotelBookingRoomTypeRequired'] });
    expect(issues({ ...base, hotelId: '', roomTypeId: '' })).toMatchObject({
      hotelId: ['hotelBookingHotelRequired'],
      roomTypeId: ['hotelBookingRoomTypeRequired'],
    });
    expect(issues({ ...base, checkIn: '', checkOut: '' })).toMatchObject({
      checkIn: ['hotelBookingCheckInRequired'],
      checkOut: ['hotelBookingCheckOutRequired'],
    });
    expect(issues({ ...base, requirements: 'a\u200bb' })).toEqual({ requirements: ['hiddenCharacters'] });
  });
});

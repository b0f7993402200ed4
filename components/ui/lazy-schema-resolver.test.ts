import { describe, expect, it, vi } from 'vitest';
import { ZBookingInput } from '@/lib/hotel/booking-schemas';
import { lazySchemaResolver } from './lazy-schema-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const valid = {
  hotelId: '3',
  roomTypeId: '4',
  checkIn: '2027-05-01',
  checkOut: '2027-05-03',
  rooms: '2',
  requirements: ' quiet ',
  guests: '',
};

describe('lazySchemaResolver', () => {
  it('checks with a loaded schema as with the schema itself: field messages on their paths, parsed values', async () => {
    const load = vi.fn(() => import('@/lib/hotel/booking-schemas').then((m) => m.ZBookingInput));
    const lazy = lazySchemaResolver(load);
    const direct = lazySchemaResolver(ZBookingInput);

    const refused = await lazy({ ...valid, checkIn: '2027-02-30', rooms: '0' }, undefined, options);
    expect(refused.errors).toMatchObject({
      checkIn: { message: 'hotelBookingCheckInRequired' },
      rooms: { message: 'hotelBookingRoomsRequired' },
    });
    expect(refused).toEqual(await direct({ ...valid, checkIn: '2027-02-30', rooms: '0' }, undefined, options));

    const accepted = await lazy(valid, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({
      hotelId: 3,
      roomTypeId: 4,
      checkIn: '2027-05-01',
      checkOut: '2027-05-03',
      rooms: 2,
      requirements: 'quiet',
      guests: '',
    });
    // Loaded once, however many checks follow (and a preload shares the same load).
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next check', async () => {
    const load = vi
      .fn<() => Promise<typeof ZBookingInput>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(ZBookingInput);
    const resolver = lazySchemaResolver(load);
    await expect(resolver(valid, undefined, options)).rejects.toThrow('chunk failed');
    expect((await resolver(valid, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { canChangeOrder, orderUnits } from './rules';

describe('canChangeOrder', () => {
  it('lets an unpaid order be changed while it is available or was invalidated by a price change', () => {
    expect(canChangeOrder({ payStatus: 'unpaid', orderStatus: 'available', invalidReason: null })).toBe(true);
    expect(canChangeOrder({ payStatus: 'unpaid', orderStatus: 'invalid', invalidReason: 'priceChanged' })).toBe(true);
  });
  it('keeps paid, cancelled and otherwise invalid orders as they are', () => {
    expect(canChangeOrder({ payStatus: 'paid', orderStatus: 'available', invalidReason: null })).toBe(false);
    expect(canChangeOrder({ payStatus: 'unpaid', orderStatus: 'invalid', invalidReason: 'changed' })).toBe(false);
  });
});

describe('orderUnits', () => {
  it('counts room-nights for a hotel order, so unit price × units is the total', () => {
    const hotel = { quantity: 2, roomQuantity: 3, unitPriceMinor: 58000, totalMinor: 348000 };
    expect(orderUnits(hotel)).toBe(6);
    expect(hotel.unitPriceMinor * orderUnits(hotel)).toBe(hotel.totalMinor);
    expect(orderUnits({ quantity: 2, roomQuantity: null })).toBe(2);
    expect(orderUnits({ quantity: 1 })).toBe(1);
  });
});

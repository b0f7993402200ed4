import { describe, expect, it } from 'vitest';
import { canChangeOrder } from './rules';

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

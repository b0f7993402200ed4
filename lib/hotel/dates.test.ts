import { describe, expect, it } from 'vitest';
import { addDays, nightList, nightsBetween } from './dates';

describe('hotel dates', () => {
  it('counts nights across months and leap days', () => {
    expect(nightsBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(nightsBetween('2027-02-27', '2027-03-01')).toBe(2);
    expect(nightsBetween('2026-05-02', '2026-05-02')).toBe(0);
    expect(nightsBetween('2026-05-03', '2026-05-02')).toBe(-1);
  });
  it('lists the nights slept, check-out excluded', () => {
    expect(nightList('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(nightList('2026-05-02', '2026-05-02')).toEqual([]);
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });
});

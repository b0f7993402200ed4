import { describe, expect, it } from 'vitest';
import { startOfDayIn } from './zone';

describe('days in a time zone', () => {
  it('starts a calendar day at the zone midnight, across daylight saving, with a fallback for an unknown zone', () => {
    expect(startOfDayIn('2026-05-01', 'Asia/Shanghai').toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(startOfDayIn('2026-05-01', 'Asia/Shanghai', 1).toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(startOfDayIn('2026-05-01', 'Not/AZone').toISOString()).toBe('2026-04-30T16:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { startOfDayIn, wallClockIn } from './zone';

describe('days in a time zone', () => {
  it('starts a calendar day at the zone midnight, across daylight saving, with a fallback for an unknown zone', () => {
    expect(startOfDayIn('2026-05-01', 'Asia/Shanghai').toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(startOfDayIn('2026-05-01', 'Asia/Shanghai', 1).toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(startOfDayIn('2026-05-01', 'Not/AZone').toISOString()).toBe('2026-04-30T16:00:00.000Z');
  });

  it('gives the wall-clock time of a zone as UTC fields, across daylight saving', () => {
    expect(wallClockIn(new Date('2026-03-01T23:30:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-02T00:30:00.000Z');
    expect(wallClockIn(new Date('2026-07-01T23:30:15.250Z'), 'Europe/Berlin').toISOString()).toBe('2026-07-02T01:30:15.250Z');
    expect(wallClockIn(new Date('2026-03-03T04:30:00Z'), 'America/New_York').toISOString()).toBe('2026-03-02T23:30:00.000Z');
    expect(wallClockIn(new Date('2026-05-01T00:00:00Z'), 'Not/AZone').toISOString()).toBe('2026-05-01T08:00:00.000Z');
  });
});

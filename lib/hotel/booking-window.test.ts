import { describe, expect, it } from 'vitest';
import { bookingWindowNow, bookingWindowState } from './booking-window';

const config = { enabled: true, bookingStart: '2026-05-01', bookingEnd: '2026-05-31' };

describe('hotel booking window', () => {
  it('is open from the start day to the end day inclusive', () => {
    expect(bookingWindowState(config, '2026-04-30')).toBe('notStarted');
    expect(bookingWindowState(config, '2026-05-01')).toBe('open');
    expect(bookingWindowState(config, '2026-05-31')).toBe('open');
    expect(bookingWindowState(config, '2026-06-01')).toBe('ended');
  });
  it('is closed when switched off, unconfigured or without dates', () => {
    expect(bookingWindowState({ ...config, enabled: false }, '2026-05-10')).toBe('closed');
    expect(bookingWindowState(null, '2026-05-10')).toBe('closed');
    expect(bookingWindowState({ ...config, bookingEnd: null }, '2026-05-10')).toBe('closed');
  });
  it("counts today in the conference's time zone", () => {
    // 2026-04-30 17:30 UTC is already 1 May in Shanghai, still 30 April in New York.
    const now = new Date('2026-04-30T17:30:00Z');
    expect(bookingWindowNow(config, 'Asia/Shanghai', now)).toBe('open');
    expect(bookingWindowNow(config, 'America/New_York', now)).toBe('notStarted');
  });
});

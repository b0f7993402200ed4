import { describe, expect, it } from 'vitest';
import { conferenceFormatter, DEFAULT_TIME_ZONE, isTimeZone } from './format';

describe('conferenceFormatter', () => {
  const instant = new Date('2026-03-01T23:30:00Z');
  it('formats in the conference’s time zone and the reader’s language', () => {
    expect(conferenceFormatter('en', 'Asia/Shanghai').dateTime(instant, 'short')).toBe('2 Mar 2026, 07:30');
    expect(conferenceFormatter('en', 'Europe/Berlin').dateTime(instant, 'short')).toBe('2 Mar 2026, 00:30');
    expect(conferenceFormatter('en', 'America/New_York').dateTime(instant, 'day')).toBe('1 Mar 2026');
    expect(conferenceFormatter('zh', 'Asia/Shanghai').dateTime(instant, 'short')).toBe('2026年3月2日 07:30');
  });
  it('falls back to the default zone for an unknown one', () => {
    expect(conferenceFormatter('en', 'Mars/Olympus').dateTime(instant, 'short')).toBe(
      conferenceFormatter('en', DEFAULT_TIME_ZONE).dateTime(instant, 'short'),
    );
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

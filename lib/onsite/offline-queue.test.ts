import { describe, expect, it } from 'vitest';
import { clampScannedAt, OFFLINE_CHECKIN_MAX_AGE_MS, offlineCheckinExpired } from './offline-queue';

describe('the offline queue’s maximum age', () => {
  const now = new Date('2026-05-20T09:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('keeps a scan time within [now − maximum age, now]', () => {
    expect(clampScannedAt(new Date('1999-01-01T00:00:00Z'), now)).toEqual(ago(OFFLINE_CHECKIN_MAX_AGE_MS));
    expect(clampScannedAt(new Date('2999-01-01T00:00:00Z'), now)).toEqual(now);
    expect(clampScannedAt(ago(60_000), now)).toEqual(ago(60_000));
  });

  it('lets the phone send a check-in up to the maximum age, not after it (nor one with a broken time)', () => {
    expect(offlineCheckinExpired(ago(OFFLINE_CHECKIN_MAX_AGE_MS), now)).toBe(false);
    expect(offlineCheckinExpired(ago(OFFLINE_CHECKIN_MAX_AGE_MS + 1), now)).toBe(true);
    expect(offlineCheckinExpired(new Date('not a time'), now)).toBe(true);
  });
});

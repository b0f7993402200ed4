import { vi } from 'vitest';

/**
 * Rate limits count in fixed windows (lib/accounts/rate-limit.ts): a test that fills a window and
 * expects the next attempt refused would fail whenever the wall clock crossed a window boundary
 * mid-test. This moves the clock back to just after the start of the current window and lets it
 * run on from there in real time, so the whole test stays inside one window. Only `Date` is faked
 * (timers stay real). Call the returned function when the test is done.
 */
export function startInsideRateWindow(windowSeconds: number): () => void {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(windowStart + 1000);
  return () => vi.useRealTimers();
}

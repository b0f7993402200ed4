import { describe, expect, it } from 'vitest';
import { isRealDate, ZId } from './primitives';

describe('isRealDate', () => {
  it('accepts dates that exist, leap days included', () => {
    for (const d of ['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2999-12-31']) expect(isRealDate(d)).toBe(true);
  });
  it('refuses impossible dates that pass the format', () => {
    for (const d of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '9999-99-99',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '2026-1-1',
      '',
    ])
      expect(isRealDate(d)).toBe(false);
  });
});

describe('ZId', () => {
  it('takes ids up to 2^31-1 and nothing past 32 bits', () => {
    expect(ZId.parse('2147483647')).toBe(2147483647);
    for (const bad of ['2147483648', 2 ** 53, '1e400', '-1', '0', '1.5', 'abc', 'NaN', '']) expect(ZId.safeParse(bad).success).toBe(false);
  });
});

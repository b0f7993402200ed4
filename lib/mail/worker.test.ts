import { describe, expect, it } from 'vitest';
import { backoffSeconds } from './worker';

describe('backoffSeconds', () => {
  it('doubles from 30 s and caps at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20)).toBe(3600);
  });
});

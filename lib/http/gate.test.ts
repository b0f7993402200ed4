import { describe, expect, it } from 'vitest';
import { createGate } from './gate';

describe('gate', () => {
  it('lets at most `limit` in at once, in arrival order, and refuses beyond the waiting room', async () => {
    const gate = createGate(2, 3);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) =>
      gate(async () => {
        inside++;
        most = Math.max(most, inside);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        inside--;
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['BUSY']);
    // A failure inside lets the next one in.
    await expect(gate(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await work(9)).toBe(9);
  });
});

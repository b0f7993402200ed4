import { describe, expect, it } from 'vitest';
import { batches } from './batches';

describe('batches', () => {
  it('runs a lone item at once, gathers what comes while a batch runs, keeps the order, and keys apart', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const add = batches<object, { name: string; done: () => void; reject: () => void }>(async (_db, key, batch) => {
      runs.push(batch.map((i) => `${key}:${i.name}`));
      if (batch[0].name === 'a') await new Promise<void>((r) => (release = r));
      for (const item of batch) item.done();
    }, 3);
    const db = {};
    const other = {};
    const done: string[] = [];
    const item = (name: string) => ({ name, done: () => done.push(name), reject: () => undefined });
    add(db, 1, item('a'));
    expect(runs).toEqual([['1:a']]); // alone, at once
    for (const name of ['b', 'c', 'd', 'e']) add(db, 1, item(name));
    add(db, 2, item('x')); // another key runs beside it
    add(other, 1, item('y')); // another database too
    expect(runs).toEqual([['1:a'], ['2:x'], ['1:y']]);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([['1:a'], ['2:x'], ['1:y'], ['1:b', '1:c', '1:d'], ['1:e']]);
    expect(done).toEqual(['x', 'y', 'a', 'b', 'c', 'd', 'e']);
    add(db, 1, item('f')); // quiet again: alone, at once
    expect(runs.at(-1)).toEqual(['1:f']);
  });

  it('rejects the items of a batch whose work failed, and goes on with the next', async () => {
    const add = batches<object, { n: number; resolve: (v: number) => void; reject: (e: unknown) => void }>(async (_db, _key, batch) => {
      if (batch.some((i) => i.n === 2)) throw new Error('database gone');
      for (const i of batch) i.resolve(i.n);
    }, 1);
    const db = {};
    const ask = (n: number) => new Promise<number>((resolve, reject) => add(db, 1, { n, resolve, reject }));
    const results = await Promise.allSettled([ask(1), ask(2), ask(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'database gone', 3]);
  });
});

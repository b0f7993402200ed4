import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderLimit, renderLimitsFromEnv, type Admission } from './render-limit';

const limits = { perClient: 2, concurrency: 1, queue: 2, waitMs: 1_000, holdMs: 5_000 };
const rendering = (a: Admission) => {
  if (a.kind !== 'render') throw new Error(`refused: ${JSON.stringify(a)}`);
  return a.done;
};

describe('render limit', () => {
  afterEach(() => vi.useRealTimers());

  it('reads its settings from the environment, 0 switching a limit off, nonsense falling back to the default', () => {
    expect(renderLimitsFromEnv({})).toMatchObject({ perClient: 2, concurrency: 1, queue: 32, waitMs: 10_000 });
    expect(
      renderLimitsFromEnv({ PUBLIC_RENDERS_PER_CLIENT: '0', PUBLIC_RENDER_CONCURRENCY: 'x', PUBLIC_RENDER_QUEUE: '-1' }),
    ).toMatchObject({
      perClient: 0,
      concurrency: 1,
      queue: 32,
    });
  });

  it('refuses a client its third render at once with 429, and lets it render again when one finished', async () => {
    const limit = createRenderLimit({ ...limits, concurrency: 4 });
    const first = rendering(await limit.admit('198.51.100.1'));
    rendering(await limit.admit('198.51.100.1'));
    expect(await limit.admit('198.51.100.1')).toEqual({ kind: 'refused', refusal: { status: 429, retryAfterSeconds: 1 } });
    // Another client is not affected.
    rendering(await limit.admit('198.51.100.2'));
    first();
    first(); // twice is once
    expect((await limit.admit('198.51.100.1')).kind).toBe('render');
    expect(limit.stats()).toEqual({ running: 3, waiting: 0, clients: 2 });
  });

  it('runs `concurrency` renders at once; the others wait in arrival order; beyond the queue, 503', async () => {
    const limit = createRenderLimit(limits);
    const order: string[] = [];
    const first = rendering(await limit.admit('a'));
    const b = limit.admit('b').then((a) => (order.push('b'), a));
    const c = limit.admit('c').then((a) => (order.push('c'), a));
    expect(await limit.admit('d')).toEqual({ kind: 'refused', refusal: { status: 503, retryAfterSeconds: 1 } });
    expect(limit.stats()).toMatchObject({ running: 1, waiting: 2 });
    first();
    const second = rendering(await b);
    expect(order).toEqual(['b']);
    second();
    rendering(await c)();
    expect(order).toEqual(['b', 'c']);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
  });

  it('gives up a wait after waitMs (503), and forgets a waiter whose client went away', async () => {
    vi.useFakeTimers();
    const limit = createRenderLimit(limits);
    const first = rendering(await limit.admit('a'));
    const late = limit.admit('b');
    const gone = new AbortController();
    const leaving = limit.admit('c', gone.signal);
    gone.abort();
    expect((await leaving).kind).toBe('refused');
    expect(limit.stats()).toMatchObject({ waiting: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await late).toEqual({ kind: 'refused', refusal: { status: 503, retryAfterSeconds: 1 } });
    expect(limit.stats()).toEqual({ running: 1, waiting: 0, clients: 1 });
    first();
    expect(limit.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
  });

  it('takes a slot back after holdMs from a render whose client reads slowly', async () => {
    vi.useFakeTimers();
    const limit = createRenderLimit({ ...limits, waitMs: 10_000 });
    const slow = rendering(await limit.admit('a'));
    let admitted = false;
    const next = limit.admit('b').then((a) => ((admitted = true), a));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(admitted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await next).kind).toBe('render');
    // The slow render's own end later gives nothing back twice.
    slow();
    expect(limit.stats()).toEqual({ running: 1, waiting: 0, clients: 1 });
  });

  it('with both limits off lets everything through', async () => {
    const limit = createRenderLimit({ ...limits, perClient: 0, concurrency: 0 });
    for (let i = 0; i < 20; i++) rendering(await limit.admit('a'));
    expect(limit.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
  });
});

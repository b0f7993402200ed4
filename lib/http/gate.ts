import { AppError } from './app-error';

/**
 * A first-come-first-served gate: at most `limit` callers inside at once, the others wait in order
 * (up to `maxWaiting`, beyond which they are told to try again). When registration opens and a
 * thousand people click at once, the earliest are served start to finish instead of every request
 * inching forward together, which is both fairer and faster.
 */
export function createGate(limit: number, maxWaiting = 10_000) {
  let inside = 0;
  const waiting: (() => void)[] = [];
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else inside--;
  };
  return async function through<T>(work: () => Promise<T>): Promise<T> {
    if (inside >= limit) {
      if (waiting.length >= maxWaiting) throw new AppError('BUSY');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      inside++;
    }
    try {
      return await work();
    } finally {
      leave();
    }
  };
}
export type Gate = ReturnType<typeof createGate>;

import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BookLayout } from './book-layout';

/** The heap a build may use: 600 contributions in both languages take well under half of it. */
export const BOOK_WORKER_HEAP_MB = Number(process.env.BOOK_WORKER_HEAP_MB ?? 768);
/** A build taking longer than this is stopped (its worker terminated) and the version's book marked failed. */
export const BOOK_TIMEOUT_MS = Number(process.env.BOOK_TIMEOUT_MS ?? 180_000);

/**
 * The worker script, found from the working directory (the project root under `npm start` and Vitest alike) so no
 * bundler has to understand it.
 */
export function bookWorkerScript(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'programme', 'book', 'book-worker.mjs');
}

export type BuiltBook = { pdf: Uint8Array; pages: number };

/**
 * Draws the books of `layouts` (one per language) one after the other in a fresh worker thread with a heap limit
 * and an overall time limit; the event loop of the caller stays free. Rejects when the worker fails, runs out of
 * memory or time (the worker is then terminated).
 */
export function buildBooks(
  layouts: BookLayout[],
  limits = { heapMb: BOOK_WORKER_HEAP_MB, timeoutMs: BOOK_TIMEOUT_MS },
): Promise<BuiltBook[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bookWorkerScript(), {
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    const built: BuiltBook[] = [];
    let settled = false;
    const done = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(built);
    };
    const timer = setTimeout(() => done(new Error(`book build took over ${limits.timeoutMs} ms`)), limits.timeoutMs);
    const next = () => {
      if (built.length === layouts.length) return done(null);
      worker.postMessage({ id: built.length, layout: layouts[built.length] });
    };
    worker.on('message', (answer: { id: number; pdf?: Uint8Array; pages?: number; error?: string }) => {
      if (answer.id !== built.length) return;
      if (!answer.pdf) return done(new Error(`book worker: ${answer.error}`));
      built.push({ pdf: answer.pdf, pages: answer.pages ?? 0 });
      next();
    });
    worker.on('error', (error) => done(error));
    worker.on('exit', (code) => done(new Error(`book worker exited (${code})`)));
    next();
  });
}

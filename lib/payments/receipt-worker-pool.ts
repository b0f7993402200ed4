import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/http/app-error';
import type { ReceiptLayout } from './receipt-pdf';

/** Worker threads drawing receipts: one is enough to keep the event loop free and the CPU bounded per process. */
const WORKERS = 1;
/** Receipts waiting for a worker, over all accounts; beyond it callers are told to come back (RECEIPTS_BUSY). */
const MAX_WAITING = 32;
/** Receipts one account may have in progress or waiting at once; beyond it RECEIPT_LIMIT. */
export const RECEIPTS_PER_ACCOUNT = 2;
/** A receipt takes ~0.1 s; one taking this long is stuck, and its worker is replaced. */
const JOB_TIMEOUT_MS = 30_000;
/** Heap of a worker: the parsed CJK fonts and one document fit well within it. */
const WORKER_HEAP_MB = 256;

/**
 * The worker script, found from the working directory (the project root, under `npm start` and
 * Vitest alike) so the bundler leaves it alone; next.config.mjs lists it in
 * outputFileTracingIncludes so a traced deployment carries it.
 */
export function receiptWorkerScript(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'payments', 'receipt-worker.mjs');
}

/** What a worker answers besides the bytes (a badge's layout plan, say), passed through as it came. */
export type PdfExtra = Record<string, unknown>;
type Job<L> = { id: number; layout: L; resolve: (done: { pdf: Uint8Array; extra: PdfExtra }) => void; reject: (error: unknown) => void };
type Slot<L> = { worker: Worker; job: Job<L> | null; timer: NodeJS.Timeout | null };
type Answer = { id: number; pdf?: Uint8Array; error?: string } & PdfExtra;

/** A pool's limits where a kind of PDF needs other ones than a receipt (a sheet of badges for everyone is longer). */
export type PdfPoolLimits = { timeoutMs?: number; heapMb?: number; perAccount?: number; maxWaiting?: number };

/**
 * A small pool of PDF workers (receipts; tickets: lib/tickets/ticket-pdf.ts, each kind its own pool and script) with a bounded queue and a per-account limit, so a burst of
 * receipt downloads costs the server one core at most and never its responsiveness, and no
 * account can fill the queue for everyone else. Workers start on the first job and stay (their
 * fonts stay parsed); they do not keep the process alive.
 */
export function createPdfWorkerPool<L>(script: () => string, name = 'receipt', limits: PdfPoolLimits = {}) {
  const timeoutMs = limits.timeoutMs ?? JOB_TIMEOUT_MS;
  const perAccountMax = limits.perAccount ?? RECEIPTS_PER_ACCOUNT;
  const maxWaiting = limits.maxWaiting ?? MAX_WAITING;
  const slots: Slot<L>[] = [];
  const waiting: Job<L>[] = [];
  const perAccount = new Map<string, number>();
  let nextId = 1;
  let made = 0;

  const finish = (slot: Slot<L>, outcome: { pdf?: Uint8Array; extra?: PdfExtra; error?: unknown }) => {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (job) {
      if (outcome.pdf) {
        made++;
        job.resolve({ pdf: outcome.pdf, extra: outcome.extra ?? {} });
      } else job.reject(outcome.error);
    }
    pump();
  };

  /** A worker that failed (crashed, ran out of memory or time) is dropped; the next job starts a fresh one. */
  const drop = (slot: Slot<L>, error: unknown) => {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    slots.splice(at, 1);
    void slot.worker.terminate();
    finish(slot, { error });
  };

  const spawn = (): Slot<L> => {
    const worker = new Worker(script(), { resourceLimits: { maxOldGenerationSizeMb: limits.heapMb ?? WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot<L> = { worker, job: null, timer: null };
    worker.on('message', (answer: Answer) => {
      if (slot.job?.id !== answer.id) return;
      const { id: _id, pdf, error, ...extra } = answer;
      finish(slot, pdf ? { pdf, extra } : { error: new Error(`${name} worker: ${error}`) });
    });
    worker.on('error', (error) => drop(slot, error));
    worker.on('exit', (code) => drop(slot, new Error(`${name} worker exited (${code})`)));
    slots.push(slot);
    return slot;
  };

  function pump(): void {
    while (waiting.length) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < WORKERS ? spawn() : null);
      if (!slot) return;
      const job = waiting.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => drop(slot, new Error(`${name} took over ${timeoutMs} ms`)), timeoutMs);
      slot.timer.unref();
      slot.worker.postMessage({ id: job.id, layout: job.layout });
    }
  }

  /** The PDF of `layout` and what the worker said besides, drawn off the event loop; counted against `account`. */
  async function run(layout: L, account: string): Promise<{ pdf: Uint8Array; extra: PdfExtra }> {
    const mine = perAccount.get(account) ?? 0;
    if (mine >= perAccountMax) throw new AppError('RECEIPT_LIMIT', { max: perAccountMax });
    if (waiting.length >= maxWaiting) throw new AppError('RECEIPTS_BUSY');
    perAccount.set(account, mine + 1);
    try {
      return await new Promise<{ pdf: Uint8Array; extra: PdfExtra }>((resolve, reject) => {
        waiting.push({ id: nextId++, layout, resolve, reject });
        pump();
      });
    } finally {
      const left = (perAccount.get(account) ?? 1) - 1;
      if (left > 0) perAccount.set(account, left);
      else perAccount.delete(account);
    }
  }

  return {
    /** The PDF of `layout`, drawn off the event loop; counted against `account` until it is done. */
    render: async (layout: L, account: string): Promise<Uint8Array> => (await run(layout, account)).pdf,
    run,
    /** How many PDFs the workers have made in this process (tests use it to tell a stored receipt from a new one). */
    made: () => made,
  };
}

export type ReceiptWorkerPool = ReturnType<typeof createPdfWorkerPool<ReceiptLayout>>;

const poolKey = Symbol.for('confhub.receiptWorkerPool');

/** The process's one pool (kept on globalThis, so every bundle of the module and a dev reload share it). */
export function receiptWorkerPool(): ReceiptWorkerPool {
  const holder = globalThis as Record<symbol, ReceiptWorkerPool | undefined>;
  return (holder[poolKey] ??= createPdfWorkerPool<ReceiptLayout>(receiptWorkerScript));
}

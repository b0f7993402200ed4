/**
 * How many public pages this process renders at once (scripts/serve.ts), so that a burst of uncached renders —
 * a big programme asked for with a different cookie, filter or address each time — cannot hold the event loop
 * long enough to starve everything else (/api/health, the REST calls, cached pages).
 *
 * - Per client (PUBLIC_RENDERS_PER_CLIENT, 2): renders one client address (its clientLimitKey) has running or
 *   waiting; one more is refused at once with 429 and Retry-After. Behind a shared address (a venue's NAT) raise it.
 * - Overall (PUBLIC_RENDER_CONCURRENCY, 1): renders running at once; the others wait in arrival order, at most
 *   PUBLIC_RENDER_QUEUE (32) of them for at most PUBLIC_RENDER_WAIT_MS (10000); beyond either, 503 and Retry-After.
 *   While the per-client limit is below the overall one plus the queue, one client alone only ever meets the 429.
 * `0` switches a limit off (a deployment whose own proxy limits renders).
 *
 * Rendering is CPU on the process's one event loop: sixteen renders at once finish no sooner than one after
 * another, but every other request then waits behind slices of all sixteen. One at a time, the programme of 1,500
 * talks keeps /api/health well under half a second; two at a time roughly doubles that (e2e/public-load.spec.ts).
 * With several server processes (`npm start` on PostgreSQL) each renders one at a time. A render whose client
 * reads slowly keeps its slot only for HOLD_MS: by then the CPU work is long done and what is left waits on the
 * network. lib/http/gate.ts serves the registrations; this one also counts per client, gives up waiting, and
 * forgets a request whose client went away while it waited.
 */

const limitFrom = (value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** How long a render counts against the limits at most. */
const HOLD_MS = 5_000;

export type RenderLimits = { perClient: number; concurrency: number; queue: number; waitMs: number; holdMs: number };

export function renderLimitsFromEnv(env: Record<string, string | undefined> = process.env): RenderLimits {
  return {
    perClient: limitFrom(env.PUBLIC_RENDERS_PER_CLIENT, 2),
    concurrency: limitFrom(env.PUBLIC_RENDER_CONCURRENCY, 1),
    queue: limitFrom(env.PUBLIC_RENDER_QUEUE, 32),
    waitMs: limitFrom(env.PUBLIC_RENDER_WAIT_MS, 10_000),
    holdMs: HOLD_MS,
  };
}

/** What the caller is told when it may not render now, and after how many seconds to try again. */
export type Refusal = { status: 429 | 503; retryAfterSeconds: number };

export type Admission =
  | { kind: 'render'; /** Call once the render finished or its client went away (more calls do nothing). */ done: () => void }
  | { kind: 'refused'; refusal: Refusal };

type Waiter = { client: string | null; admit: () => void; timer: ReturnType<typeof setTimeout> | null };

export function createRenderLimit(limits: RenderLimits) {
  let running = 0;
  const perClient = new Map<string, number>();
  const queue: Waiter[] = [];

  const countClient = (client: string | null, delta: 1 | -1) => {
    if (client === null || limits.perClient === 0) return;
    const n = (perClient.get(client) ?? 0) + delta;
    if (n > 0) perClient.set(client, n);
    else perClient.delete(client);
  };

  /** A slot was given back: the longest waiter takes it. */
  const next = () => {
    const waiter = queue.shift();
    if (waiter) waiter.admit();
    else running--;
  };

  /** The slot of one render, given back once: when it finishes, its client leaves, or after holdMs at the latest. */
  const slot = (client: string | null): (() => void) => {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(hold);
      countClient(client, -1);
      if (limits.concurrency > 0) next();
    };
    const hold = setTimeout(release, limits.holdMs);
    hold.unref?.();
    return release;
  };

  /**
   * Asks to render for `client` (a clientLimitKey, or null when the address is unknown: then only the overall limit
   * applies). `signal` aborts a wait when the caller's connection closes.
   */
  function admit(client: string | null, signal?: AbortSignal): Promise<Admission> {
    if (client !== null && limits.perClient > 0 && (perClient.get(client) ?? 0) >= limits.perClient)
      return Promise.resolve({ kind: 'refused', refusal: { status: 429, retryAfterSeconds: 1 } });
    if (limits.concurrency === 0 || running < limits.concurrency) {
      if (limits.concurrency > 0) running++;
      countClient(client, 1);
      return Promise.resolve({ kind: 'render', done: slot(client) });
    }
    const waitSeconds = Math.max(1, Math.ceil(limits.waitMs / 1000));
    if (queue.length >= limits.queue) return Promise.resolve({ kind: 'refused', refusal: { status: 503, retryAfterSeconds: waitSeconds } });
    countClient(client, 1);
    return new Promise((resolve) => {
      const leaveQueue = () => {
        const at = queue.indexOf(waiter);
        if (at !== -1) queue.splice(at, 1);
        if (waiter.timer) clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
        countClient(client, -1);
      };
      const onAbort = () => {
        leaveQueue();
        resolve({ kind: 'refused', refusal: { status: 503, retryAfterSeconds: waitSeconds } });
      };
      const waiter: Waiter = {
        client,
        // The slot of the render that finished passes straight to this one: `running` stays as it is.
        admit: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve({ kind: 'render', done: slot(client) });
        },
        timer: setTimeout(() => {
          leaveQueue();
          resolve({ kind: 'refused', refusal: { status: 503, retryAfterSeconds: waitSeconds } });
        }, limits.waitMs),
      };
      waiter.timer?.unref?.();
      queue.push(waiter);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    admit,
    /** Renders running and waiting now (for tests and metrics). */
    stats: () => ({ running, waiting: queue.length, clients: perClient.size }),
  };
}

export type RenderLimit = ReturnType<typeof createRenderLimit>;

/**
 * Several server processes behind one port, on PostgreSQL (`npm start` runs this when DATABASE_URL
 * is set): Node's cluster module, whose primary accepts the connections and hands them round-robin
 * to WEB_CONCURRENCY workers, each running scripts/serve.ts with its own Next.js, pool and caches.
 * They share nothing but PostgreSQL; a change made through one drops the caches of all of them
 * (lib/server/invalidation.ts). Each worker answers with `x-confhub-worker: <n>`.
 *
 * Migrations and the demo seed are applied once by scripts/start.ts before this starts
 * (CONFHUB_MIGRATED=1). A worker that dies after it served is replaced; one that dies before it
 * listens stops the whole server (a broken build or configuration would only loop).
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';

const count = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY)) || 1);
let stopping = false;

// The operating system hands connections to the workers (they accept on the shared socket), not the primary: with
// Node's default round robin the primary can hold a connection it was handing to a worker that has just died, and that
// client waits until it gives up (`npm run bench:crash` measures it; NODE_CLUSTER_SCHED_POLICY=rr brings it back).
// A dead worker's own connections are closed by the kernel at once; the ones still queued go to the others.
cluster.schedulingPolicy = process.env.NODE_CLUSTER_SCHED_POLICY === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;

// WORKER_NODE_ARGS: extra Node flags for the workers (e.g. --cpu-prof, which NODE_OPTIONS refuses).
const extraArgs = (process.env.WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// The workers run serve.ts beside this file: compiled (serve.mjs, scripts/build-server.mjs) as npm start runs it.
const serve = path.join(import.meta.dirname, `serve${path.extname(import.meta.filename)}`);
cluster.setupPrimary({ exec: serve, execArgv: [...process.execArgv, ...extraArgs] });

function fork(n: number): Worker {
  const worker = cluster.fork({ CONFHUB_WORKER: String(n) });
  let listening = false;
  worker.once('listening', () => (listening = true));
  worker.once('exit', (code, signal) => {
    if (stopping) return;
    if (!listening) {
      console.error(`[cluster] worker ${n} exited before it listened (${signal ?? code}); stopping`);
      stop('SIGTERM', 1);
      return;
    }
    console.error(`[cluster] worker ${n} exited (${signal ?? code}); starting another`);
    fork(n);
  });
  return worker;
}

function stop(signal: NodeJS.Signals, exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  let left = workers.length;
  if (!left) process.exit(exitCode);
  for (const worker of workers) {
    worker.once('exit', () => {
      if (--left === 0) process.exit(exitCode);
    });
    worker.process.kill(signal);
  }
  // The workers' own drain and grace (scripts/serve.ts), and a little more.
  const wait = (Number(process.env.SHUTDOWN_DRAIN_MS ?? 0) || 0) + (Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000) || 0) + 2_000;
  setTimeout(() => process.exit(exitCode), wait).unref();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
console.info(`[cluster] starting ${count} server processes`);
for (let n = 1; n <= count; n++) fork(n);

/**
 * What the HTTP benches share: a scratch PostgreSQL database (created, then dropped), a published conference with a
 * cap, accounts with live sessions, the built app started as `npm start` runs it, and a POST that records how long
 * its answer took (or that none came).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { conference, registrationConfig, session, user } from '../db/schema';
import { hashSessionToken } from '../lib/auth/session-token-hash';
import { PUBLISHED } from '../lib/conferences/status';
import { tsxScriptArgs } from './node/tsx-args';

export const root = path.resolve(import.meta.dirname, '..');
export const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Answer = { status: number; error?: string; message?: string; ms: number; doneAt: number; worker?: string };

/** A scratch database on the bench's server; `drop()` removes it (forcing out any connection left). */
export async function scratchDatabase(): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const name = `confhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    url: url.toString(),
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A published conference open for registration, capped at `cap` when given. */
export async function plantConference(database: Database, slug: string, cap?: number): Promise<number> {
  const [row] = await database.db
    .insert(conference)
    .values({
      slug,
      status: PUBLISHED,
      registerFlag: cap !== undefined,
      registerNum: cap ?? 0,
      title: { zh: slug, en: slug },
      shortTitle: { zh: slug, en: slug },
    })
    .returning({ id: conference.id });
  await database.db.insert(registrationConfig).values({ conferenceId: row.id, startDate: '2000-01-01', endDate: '2999-12-31' });
  return row.id;
}

/** `n` accounts with live sessions: their bearer tokens (the session rows keep the hashes, as the app does). */
export async function plantSessions(database: Database, n: number, prefix = 'bench'): Promise<string[]> {
  const users = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), name: `Bench ${i}`, email: `${prefix}${i}@example.org` }));
  for (let i = 0; i < users.length; i += 500) await database.db.insert(user).values(users.slice(i, i + 500));
  const tokens = users.map(() => randomBytes(24).toString('base64url'));
  const rows = users.map((u, i) => ({
    id: randomUUID(),
    token: hashSessionToken(tokens[i]),
    userId: u.id,
    expiresAt: new Date(Date.now() + 3600_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(session).values(rows.slice(i, i + 500));
  return tokens;
}

/** The built app as `npm start` runs it on PostgreSQL (`workers` server processes behind `port`), once it answers. */
export async function startApp(input: { url: string; port: number; workers: number; env?: Record<string, string> }): Promise<ChildProcess> {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
    spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  const server = spawn(process.execPath, tsxScriptArgs('scripts/start.ts'), {
    cwd: root,
    env: {
      ...env,
      WORKER_NODE_ARGS: process.env.BENCH_NODE_ARGS ?? '',
      PORT: String(input.port),
      WEB_CONCURRENCY: String(input.workers),
      DATABASE_URL: input.url,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SECRETS_KEY: process.env.PAYMENT_SECRETS_KEY ?? randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      ...input.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForWorkers(server, input.port, input.workers);
  return server;
}

/**
 * Until every server process answers (each says which it is; a fresh connection each time, so the operating system
 * hands them round): a measurement must not start while one of them is still loading.
 */
export async function waitForWorkers(server: ChildProcess, port: number, workers: number): Promise<void> {
  const answered = new Set<string>();
  for (let i = 0; answered.size < workers; i++) {
    if (i > 600 || server.exitCode !== null)
      throw new Error(`the app did not start (${answered.size} of ${workers} server processes answered)`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } });
      if (response.ok) answered.add(response.headers.get('x-confhub-worker') ?? '1');
      await response.arrayBuffer();
    } catch {
      /* starting */
    }
    if (answered.size < workers) await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops the app (SIGTERM, then up to 10 s for its graceful shutdown). */
export async function stopApp(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

/** The server processes under `pid` running scripts/serve.ts (the cluster's workers), from /proc. */
export function workerPids(pid: number): number[] {
  const parent = new Map<number, number>();
  const command = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      command.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      /* gone */
    }
  }
  const under = (p: number): boolean => {
    for (let at = parent.get(p); at; at = parent.get(at)) if (at === pid) return true;
    return false;
  };
  return [...command.entries()]
    .filter(([p, cmd]) => /serve\.(ts|mjs)\b/.test(cmd) && !cmd.includes('serve-cluster') && under(p))
    .map(([p]) => p);
}

/** POSTs JSON with a bearer token on `host`; gives up (status 0, 'NO_ANSWER') after `timeoutMs`. */
export function post(input: {
  port: number;
  host: string;
  path: string;
  token: string;
  agent: http.Agent;
  body: unknown;
  timeoutMs?: number;
}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'ms' | 'doneAt'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started, doneAt: performance.now() });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: input.port,
        path: input.path,
        method: 'POST',
        agent: input.agent,
        headers: { host: input.host, authorization: `Bearer ${input.token}`, 'content-type': 'application/json', 'x-locale': 'en' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (error) => done({ status: 0, error: error.message }));
        res.on('end', () => {
          const worker = String(res.headers['x-confhub-worker'] ?? '');
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: string; message?: string };
            done({ status: res.statusCode ?? 0, error: body.error, message: body.message, worker });
          } catch {
            done({ status: res.statusCode ?? 0, error: 'UNPARSEABLE', worker });
          }
        });
      },
    );
    if (input.timeoutMs) {
      req.setTimeout(input.timeoutMs, () => {
        done({ status: 0, error: 'NO_ANSWER' });
        req.destroy();
      });
    }
    req.on('error', (error) => done({ status: 0, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(JSON.stringify(input.body));
  });
}

export const REGISTRATION_FORM = {
  agreeNotice: true,
  answers: { name: 'Bench Participant', telephone: '+86 10 12345678', country: 'CN', unit: 'Bench Institute' },
};

/** The q-quantile of sorted numbers, rounded. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0) : '-';

/**
 * pgbench with `script` (prepared statements, `clients` clients, `transactions` each) against `url`: the scripts per
 * second PostgreSQL itself sustains, without the connections' start. The script sees `:conf`, and `:k` (0) and `:t`
 * (transactions + 1) to give each client rows of its own (`\set k :k + 1`, then `:client_id * :t + :k`).
 */
export function runPgbench(input: { url: string; script: string; clients: number; transactions: number; conf: number }): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'confhub-pgbench-'));
  try {
    const file = path.join(dir, 'script.sql');
    writeFileSync(file, input.script);
    const defines = ['-D', 'k=0', '-D', `t=${input.transactions + 1}`, '-D', `conf=${input.conf}`];
    const run = spawnSync(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(input.clients),
        '-j',
        String(Math.min(input.clients, os.cpus().length)),
        '-t',
        String(input.transactions),
        ...defines,
        '-f',
        file,
        input.url,
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
    const tps = Number(/tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(run.stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench said: ${run.stdout}`);
    return tps;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * npm run bench:register — 1,000 concurrent registrations over HTTP against a cap of 300, on the
 * built app running on PostgreSQL as `npm start` runs it (scripts/start.ts: BENCH_WORKERS server
 * processes behind one port, 2 by default). Prints accepted, oversold, rejected with the full
 * message, other answers, and accepted per second. Targets: 0 oversold, ≥ 200 accepted/s on a
 * 2-core machine.
 *
 * BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * names a server where a scratch database is created and dropped. BENCH_PORT (3400),
 * BENCH_REQUESTS (1000), BENCH_CAP (300), BENCH_WORKERS (2).
 */
import { PUBLISHED } from '@/lib/conferences/status';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { tsxScriptArgs } from './node/tsx-args';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { conference, conferenceRegistration, registrationConfig, session, user } from '../db/schema';
import { hashSessionToken } from '../lib/auth/session-token-hash';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CAP = Number(process.env.BENCH_CAP ?? 300);
const HOST = `bench.localhost:${PORT}`;
const FULL_MESSAGE = 'User registration limit reached';
const WARM_UP = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

type Answer = { status: number; error?: string; message?: string; ms: number; doneAt: number };

const FORM = {
  agreeNotice: true,
  answers: { name: 'Bench Participant', telephone: '+86 10 12345678', country: 'CN', unit: 'Bench Institute' },
};

function post(path: string, token: string, agent: http.Agent, body: unknown = FORM, host = HOST): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: 'POST',
        agent,
        headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-locale': 'en' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: string; message?: string };
            resolve({
              status: res.statusCode ?? 0,
              error: body.error,
              message: body.message,
              ms: performance.now() - started,
              doneAt: performance.now(),
            });
          } catch {
            resolve({ status: res.statusCode ?? 0, error: 'UNPARSEABLE', ms: performance.now() - started, doneAt: performance.now() });
          }
        });
      },
    );
    req.on('error', (error) => resolve({ status: 0, error: error.message, ms: performance.now() - started, doneAt: performance.now() }));
    req.end(JSON.stringify(body));
  });
}

async function main() {
  const name = `confhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let server: ReturnType<typeof spawn> | null = null;
  try {
    const database = await openDatabase({ url: url.toString() });
    const [conf] = await database.db
      .insert(conference)
      .values({
        slug: 'bench',
        status: PUBLISHED,
        registerFlag: true,
        registerNum: CAP,
        title: { zh: '压测', en: 'Bench' },
        shortTitle: { zh: '压测', en: 'Bench' },
      })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    // A second conference for the warm-up registrations, so the measured one starts empty.
    const [warm] = await database.db
      .insert(conference)
      .values({ slug: 'warm', status: PUBLISHED, title: { zh: '预热', en: 'Warm-up' }, shortTitle: { zh: '预热', en: 'Warm-up' } })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: warm.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    const tokens: string[] = [];
    const users = Array.from({ length: REQUESTS + WARM_UP }, (_, i) => ({
      id: randomUUID(),
      name: `Bench ${i}`,
      email: `bench${i}@example.org`,
    }));
    for (let i = 0; i < users.length; i += 500) await database.db.insert(user).values(users.slice(i, i + 500));
    const sessions = users.map((u) => {
      const token = randomBytes(24).toString('base64url');
      tokens.push(token);
      return { id: randomUUID(), token: hashSessionToken(token), userId: u.id, expiresAt: new Date(Date.now() + 3600_000) };
    });
    for (let i = 0; i < sessions.length; i += 500) await database.db.insert(session).values(sessions.slice(i, i + 500));

    const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
    if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
      spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server processes.
    server = spawn(process.execPath, tsxScriptArgs('scripts/start.ts'), {
      cwd: root,
      env: {
        ...env,
        WORKER_NODE_ARGS: process.env.BENCH_NODE_ARGS ?? '',
        PORT: String(PORT),
        WEB_CONCURRENCY: String(WORKERS),
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('the app did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: REQUESTS });
    // Warm-up: the first requests load and compile the route modules; real registrations on the
    // warm-up conference run the whole registration path once before the measurement.
    const warmTokens = tokens.splice(REQUESTS);
    // A connection each, so the cluster hands them to every server process in turn.
    const oneShot = new http.Agent({ keepAlive: false });
    for (const token of warmTokens) await post('/api/conference/conferenceUser', token, oneShot, FORM, `warm.localhost:${PORT}`);

    const started = performance.now();
    const answers = await Promise.all(tokens.map((token) => post('/api/conference/conferenceUser', token, agent)));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf.id));
    await database.close();
    const accepted = answers.filter((a) => a.status === 200).length;
    const full = answers.filter((a) => a.error === 'REGISTRATION_FULL' && a.message === FULL_MESSAGE).length;
    const other = answers.length - accepted - full;
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const lastAccepted = Math.max(...answers.filter((a) => a.status === 200).map((a) => a.doneAt));
    const fillSeconds = (lastAccepted - started) / 1000;
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
    console.log(
      `bench:register — ${REQUESTS} concurrent registrations, cap ${CAP}, PostgreSQL, ${WORKERS} server process${WORKERS === 1 ? '' : 'es'}, port ${PORT}`,
    );
    console.log(`  accepted                      ${accepted}`);
    console.log(`  stored registrations          ${n}`);
    console.log(`  oversold                      ${Math.max(0, n - CAP)}`);
    console.log(`  rejected with the full message ${full}`);
    console.log(
      `  other answers                 ${other}${other ? ` (${[...new Set(answers.filter((a) => a.status !== 200 && a.error !== 'REGISTRATION_FULL').map((a) => `${a.status} ${a.error}`))].join(', ')})` : ''}`,
    );
    console.log(`  wall time                     ${seconds.toFixed(2)} s`);
    console.log(`  cap filled after              ${fillSeconds.toFixed(2)} s`);
    console.log(`  accepted per second           ${(accepted / fillSeconds).toFixed(0)} (while places were left)`);
    console.log(`  accepted per second, whole run ${(accepted / seconds).toFixed(0)}`);
    console.log(`  requests per second           ${(REQUESTS / seconds).toFixed(0)}`);
    console.log(`  latency p50 / p99             ${p(0.5)} ms / ${p(0.99)} ms`);
    if (n > CAP) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

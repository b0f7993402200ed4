/**
 * npm run bench:checkin — the door under load (issue 24 point 7): BENCH_SCANS (5,000) ticket scans sent by
 * BENCH_STAFF (10) check-in staff sessions at once, each session one device sending its scans one after another
 * (POST /api/conference/manage/checkin: the HMAC checked, the registrant read, the check-in decided by the partial
 * unique index), against the built app (scripts/serve.ts) on a fresh embedded database holding a free conference with
 * BENCH_SCANS registrants and their tickets. Prints scans per second and the latency's median, p95 and p99, checks
 * that every scan checked someone in exactly once, then replays every scan (the offline queue sending again) and
 * checks that nothing more was written. The machine's load is printed: on a shared machine wall time runs far above
 * CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { checkin, conferenceMember, conferenceRegistration, registrationConfig, ticket, user } from '../db/schema';
import { ensureDoorList } from '../lib/onsite/lists';
import { newTicketNonce, signTicketToken } from '../lib/tickets/token';
import { plantPublishedConference } from '../testing/harness/conference';
import { insertSessionFor } from '../testing/harness/handlers';
import { serverScript } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const SCANS = Number(process.env.BENCH_SCANS ?? 5000);
const STAFF = Number(process.env.BENCH_STAFF ?? 10);
const PORT = Number(process.env.BENCH_CHECKIN_PORT ?? 3480);
const SLUG = 'benchcheckin';
/**
 * The least time between two scans of one device: under the per-staff limit (RATE_LIMIT_CHECKIN_SCAN a minute, 600
 * unless set) with a tenth to spare, since a faster device would be measuring the limit's refusals, not the door.
 * A person at a door scans far slower than this.
 */
const SCANS_PER_MINUTE = Number(process.env.RATE_LIMIT_CHECKIN_SCAN ?? 600);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? Math.ceil((60_000 / SCANS_PER_MINUTE) * 1.1));
// One key for the bench and the server it starts, so the tickets signed here are the server's own.
process.env.PAYMENT_SECRETS_KEY ??= randomBytes(32).toString('hex');

function post(pathname: string, token: string, body: unknown): Promise<{ ms: number; status: number; body: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathname,
        method: pathname.startsWith('/api/health') ? 'GET' : 'POST',
        headers: {
          host: `${SLUG}.localhost:${PORT}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The conference, its registrants and tickets, and the staff sessions, in the database the server then opens. */
async function plant(dir: string) {
  const database = await openDatabase({ dir });
  const { db } = database;
  const conf = await plantPublishedConference(db, SLUG);
  await db.insert(registrationConfig).values({ conferenceId: conf.id, costsSet: false });
  const listId = await ensureDoorList(db, { conferenceId: conf.id });
  const tokens: string[] = [];
  for (let start = 0; start < SCANS; start += 500) {
    const n = Math.min(500, SCANS - start);
    const people = Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      email: `door${start + i}@bench.test`,
      name: `参会人 ${start + i}`,
    }));
    await db.insert(user).values(people);
    const regs = await db
      .insert(conferenceRegistration)
      .values(
        people.map((p, i) => ({
          conferenceId: conf.id,
          userId: p.id,
          code: `B-${start + i}`,
          answers: { name: p.name, unit: '基准测试大学' },
        })),
      )
      .returning({ id: conferenceRegistration.id });
    const rows = await db
      .insert(ticket)
      .values(regs.map((r) => ({ conferenceId: conf.id, registrationId: r.id, nonce: newTicketNonce() })))
      .returning();
    for (const row of rows) tokens.push(signTicketToken({ conferenceId: conf.id, ticketId: row.id, nonce: row.nonce }));
  }
  const sessions: string[] = [];
  for (let i = 0; i < STAFF; i++) {
    const id = randomUUID();
    await db.insert(user).values({ id, email: `staff${i}@bench.test`, name: `签到员 ${i}` });
    await db.insert(conferenceMember).values({ conferenceId: conf.id, userId: id, role: 'checkin' });
    sessions.push(await insertSessionFor(db, id, 3_600_000));
  }
  await database.close();
  return { conferenceId: conf.id, listId, tokens, sessions };
}

/**
 * Every scan sent by STAFF devices at once, each device one scan after another, at most one per PACE_MS; the latencies
 * and the answers.
 */
async function run(scans: { token: string; clientId: string }[], sessions: string[], listId: number) {
  const times: number[] = [];
  const results: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      let due = performance.now();
      for (let i = next++; i < scans.length; i = next++) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        due = performance.now() + PACE_MS;
        const answer = await post('/api/conference/manage/checkin', session, { listId, ...scans[i] });
        times.push(answer.ms);
        const result =
          answer.status === 200 ? (JSON.parse(answer.body) as { data: { result: string } }).data.result : `HTTP ${answer.status}`;
        results[result] = (results[result] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { seconds, times, results };
}

async function main() {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
    spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  const work = mkdtempSync(path.join(tmpdir(), 'confhub-bench-checkin-'));
  let server: ChildProcess | null = null;
  try {
    const dir = path.join(work, 'pglite');
    const planted = await plant(dir);
    const rest = Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'DATABASE_URL'));
    const child = spawn(process.execPath, [serverScript('serve')], {
      cwd: root,
      env: {
        ...rest,
        NODE_ENV: 'production',
        PORT: String(PORT),
        PGLITE_DIR: dir,
        UPLOAD_DIR: path.join(work, 'uploads'),
        MAIL_POLL_MS: '60000',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server = child;
    let serverErrors = '';
    child.stderr?.on('data', (c: Buffer) => (serverErrors = (serverErrors + c.toString()).slice(-4000)));
    for (let i = 0; ; i++) {
      const up = await post('/api/health', '', {}).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`the server did not start: ${serverErrors}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const scans = planted.tokens.map((token) => ({ token, clientId: randomUUID() }));
    // A few scans to warm the server's code paths, of tickets not in the measured run (sent again below: replays).
    for (const scan of scans.slice(0, 20))
      await post('/api/conference/manage/checkin', planted.sessions[0], { listId: planted.listId, ...scan });
    const load = loadavg()[0].toFixed(2);
    const first = await run(scans, planted.sessions, planted.listId);
    console.log(
      `\nbench:checkin — ${SCANS} scans from ${STAFF} staff sessions at once, each device at most one scan per ${PACE_MS} ms ` +
        `(the per-staff limit) (load average before: ${load})`,
    );
    const line = (label: string, r: typeof first) =>
      console.log(
        `  ${label}: ${(r.times.length / r.seconds).toFixed(0)} scans/s over ${r.seconds.toFixed(1)} s; latency median ${quantile(r.times, 0.5).toFixed(0)} ms, ` +
          `p95 ${quantile(r.times, 0.95).toFixed(0)} ms, p99 ${quantile(r.times, 0.99).toFixed(0)} ms; answers ${JSON.stringify(r.results)}`,
      );
    line('first scans', first);
    const again = await run(scans, planted.sessions, planted.listId);
    line('the same scans replayed (offline queue)', again);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    server = null;
    const database = await openDatabase({ dir: path.join(work, 'pglite') });
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkin)
      .where(eq(checkin.conferenceId, planted.conferenceId));
    await database.close();
    const ok =
      n === SCANS && (first.results['checked-in'] ?? 0) + 20 >= SCANS && !Object.keys(again.results).some((k) => k !== 'checked-in');
    console.log(`  check-ins stored: ${n} for ${SCANS} tickets — ${ok ? 'each once' : 'WRONG'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

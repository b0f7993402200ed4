/**
 * npm run bench:programme — the programme's figures (issue 23 point 9) for a generated programme of
 * BENCH_CONTRIBUTIONS (600) contributions in BENCH_ROOMS (8) rooms over BENCH_DAYS (3) days
 * (testing/fixtures/programme-generator.ts: half Chinese, half English abstracts, a fifth posters).
 *
 * The book of abstracts, for zh and en: the layout (texts, dates, author index) made as the server
 * makes it, then the PDF drawn by the very worker script the server runs (lib/programme/book/book-worker.mjs),
 * here in a child process of its own so its peak memory (maxRSS: the fonts, the document and Node
 * itself) and CPU time are the book's alone. Targets: under 30 s and under 500 MB each. Then
 * (BENCH_PIPELINE=1, the default) the background build end to end as a server runs it: the version
 * claimed on a fresh embedded database, both books drawn in one worker thread, stored, marked ready.
 *
 * Then (BENCH_PUBLIC=0 skips it) the public side as a visitor meets it: the built app (scripts/serve.ts, with its
 * anonymous HTML cache) on a fresh embedded database holding the same programme as a published version. The page's
 * server render time is timed uncached (each request carries a cookie of the bench's own, which the cache never
 * answers; a query string no longer bypasses it: `?day=` of one day, and all three days), one request at a time; the cached throughput is autocannon on `/programme` (BENCH_CONNECTIONS, 64,
 * for BENCH_SECONDS, 10); the .ics of the whole programme is timed and parsed back with node-ical. Target: render
 * under 150 ms. The machine's load is printed: on a shared machine wall time runs far above CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { openDatabase } from '../db/client';
import { conference, conferenceMember, programmeVersion } from '../db/schema';
import { bookLayout, type BookConference } from '../lib/programme/book/book-layout';
import { bookWorkerScript } from '../lib/programme/book/build-book';
import { buildPendingBook } from '../lib/programme/book/book-sweep';
import { contributionCount, generateProgramme } from '../testing/fixtures/programme-generator';
import { createTestDatabase } from '../testing/harness/database';
import { plantPublishedConference } from '../testing/harness/conference';
import { plantProgrammeVersion } from '../testing/fixtures/programme';
import { insertAccount } from '../lib/accounts/create-account';
import { serverScript } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const CONTRIBUTIONS = Number(process.env.BENCH_CONTRIBUTIONS ?? 600);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 8);
const DAYS = Number(process.env.BENCH_DAYS ?? 3);
const PIPELINE = process.env.BENCH_PIPELINE !== '0';
const PUBLIC = process.env.BENCH_PUBLIC !== '0';
const PORT = Number(process.env.BENCH_PROGRAMME_PORT ?? 3470);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RENDER_TARGET_MS = 150;
const SLUG = 'benchprogramme';
const TARGET_S = 30;
const TARGET_MB = 500;

const CONFERENCE: BookConference = {
  title: { zh: '2030 全国凝聚态物理学术会议', en: 'National Conference on Condensed Matter Physics 2030' },
  city: { zh: '杭州', en: 'Hangzhou' },
  address: { zh: '西湖国际会议中心', en: 'West Lake International Convention Centre' },
  startDate: '2030-10-12',
  endDate: '2030-10-14',
  timeZone: 'Asia/Shanghai',
};

type Figures = { ms: number; cpuMs: number; pages: number; bytes: number; peakMb: number };

const mark = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');

/** One book drawn by the worker script in a child process, its layout on standard input. */
function drawInChild(layoutJson: string): Figures {
  const child = spawnSync(process.execPath, [bookWorkerScript()], { cwd: root, input: layoutJson, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the book worker failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Figures;
}

async function benchPipeline(snapshot: ReturnType<typeof generateProgramme>): Promise<void> {
  const uploads = mkdtempSync(path.join(tmpdir(), 'confhub-bench-programme-'));
  process.env.UPLOAD_DIR = uploads;
  const database = await createTestDatabase('pglite');
  try {
    const owner = await database.db.transaction((tx) =>
      insertAccount(tx, { email: 'bench@confhub.test', name: 'Bench', passwordHash: null }),
    );
    const conf = await plantPublishedConference(database.db, 'benchprogramme', { ...CONFERENCE, createdBy: owner });
    await database.db.insert(conferenceMember).values({ conferenceId: conf.id, userId: owner, role: 'manager' });
    const version = await plantProgrammeVersion(database, conf.id, snapshot);
    const started = performance.now();
    const outcome = await buildPendingBook(database.db);
    const seconds = (performance.now() - started) / 1000;
    const [row] = await database.db
      .select({ state: programmeVersion.bookState })
      .from(programmeVersion)
      .where(eq(programmeVersion.id, version.id));
    console.log(
      `  background build, both languages (claim, worker thread, storage, ready): ${seconds.toFixed(1)} s → ${outcome} (state ${row.state})`,
    );
    if (row.state !== 'ready') process.exitCode = 1;
    await database.db.delete(conference).where(eq(conference.id, conf.id));
  } finally {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  }
}

/** One GET to the conference's site on loopback (Host: <slug>.localhost, as a browser sends it): time, status, body. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: string; cache: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathname,
        headers: { host: `${SLUG}.localhost:${PORT}`, 'accept-language': 'zh-CN', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cache: String(res.headers['x-confhub-cache'] ?? ''),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** Median and 95th percentile of `runs` sequential requests, after `warm` unmeasured ones. */
async function timed(
  pathname: string,
  runs: number,
  warm = 5,
  headers: Record<string, string> = {},
): Promise<{ median: number; p95: number; bytes: number; cache: string }> {
  for (let i = 0; i < warm; i++) await get(pathname, headers);
  const times: number[] = [];
  let last = await get(pathname, headers);
  for (let i = 0; i < runs; i++) {
    last = await get(pathname, headers);
    if (last.status !== 200) throw new Error(`${pathname} answered ${last.status}`);
    times.push(last.ms);
  }
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), bytes: Buffer.byteLength(last.body), cache: last.cache };
}

async function benchPublic(snapshot: ReturnType<typeof generateProgramme>): Promise<void> {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
    spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  const work = mkdtempSync(path.join(tmpdir(), 'confhub-bench-programme-site-'));
  let server: ChildProcess | null = null;
  try {
    // The programme, published, in a database of its own that the server then opens (the embedded one, one process at a time).
    const dir = path.join(work, 'pglite');
    const database = await openDatabase({ dir });
    const owner = await database.db.transaction((tx) =>
      insertAccount(tx, { email: 'bench@confhub.test', name: 'Bench', passwordHash: null }),
    );
    const conf = await plantPublishedConference(database.db, SLUG, { ...CONFERENCE, createdBy: owner });
    const version = await plantProgrammeVersion(database, conf.id, snapshot);
    // The book is measured above: here the server must not spend the machine building it while the page is timed.
    await database.db.update(programmeVersion).set({ bookState: 'failed' }).where(eq(programmeVersion.id, version.id));
    await database.close();

    const rest = Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'DATABASE_URL'));
    server = spawn(process.execPath, [serverScript('serve')], {
      cwd: root,
      env: {
        ...rest,
        NODE_ENV: 'production',
        PORT: String(PORT),
        PGLITE_DIR: dir,
        UPLOAD_DIR: path.join(work, 'uploads'),
        MAIL_POLL_MS: '60000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let serverErrors = '';
    server.stderr?.on('data', (c: Buffer) => (serverErrors = (serverErrors + c.toString()).slice(-4000)));
    for (let i = 0; ; i++) {
      const up = await get('/api/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (i > 600 || server.exitCode !== null) throw new Error(`the server did not start: ${serverErrors}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const first = snapshot.days[0].date;
    console.log(`\nPublic programme (target: server render under ${RENDER_TARGET_MS} ms), one request at a time`);
    for (const [label, pathname] of [
      ['one day, zh', `/programme?day=${first}`],
      ['one day, en', `/en/programme?day=${first}`],
      ['all three days, zh', '/programme?day=all'],
    ] as const) {
      // A cookie the cache does not know sends every request to the app: the render itself is timed.
      const f = await timed(pathname, 30, 5, { cookie: 'bench=uncached' });
      const shown = (f.median < RENDER_TARGET_MS ? 'within target' : 'OVER TARGET') + (f.cache ? ` (cache: ${f.cache})` : ' (uncached)');
      console.log(
        `  render, ${label}: median ${f.median.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms, ${(f.bytes / 1024).toFixed(0)} KB of HTML — ${shown}`,
      );
    }
    const cachedOnce = await get('/programme');
    await get('/programme');
    const hit = await get('/programme');
    const cannon = await autocannon({
      url: `http://127.0.0.1:${PORT}/programme`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { host: `${SLUG}.localhost:${PORT}`, 'accept-language': 'zh-CN' },
    });
    console.log(
      `  cached /programme (${CONNECTIONS} connections, ${SECONDS} s; first answer ${cachedOnce.cache || 'uncached'}, then ${hit.cache}): ` +
        `${cannon.requests.average.toFixed(0)} req/s, p99 ${cannon.latency.p99} ms, errors ${cannon.errors}, non-2xx ${cannon.non2xx}`,
    );

    console.log('\nCalendars');
    const ics = await timed('/api/conference/programme/ics?lang=zh', 10, 2);
    const parsed = Object.values(ical.sync.parseICS((await get('/api/conference/programme/ics?lang=zh')).body)).filter(
      (c) => c?.type === 'VEVENT',
    );
    const zoned = parsed.filter((e) => e.type === 'VEVENT' && (e.start as { tz?: string }).tz === CONFERENCE.timeZone).length;
    console.log(
      `  .ics of the whole programme: median ${ics.median.toFixed(0)} ms, p95 ${ics.p95.toFixed(0)} ms, ${(ics.bytes / 1024).toFixed(0)} KB; ` +
        `parsed back: ${parsed.length} events (${zoned} in ${CONFERENCE.timeZone})`,
    );
    if (!parsed.length) process.exitCode = 1;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
    }
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const snapshot = generateProgramme({ contributions: CONTRIBUTIONS, rooms: ROOMS, days: DAYS });
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `bench:programme — ${contributionCount(snapshot)} contributions, ${snapshot.sessions.length} sessions, ${ROOMS} rooms, ${DAYS} days (load average ${load})`,
  );
  console.log('\nBook of abstracts (targets: under 30 s and under 500 MB per language)');
  for (const lang of ['zh', 'en'] as const) {
    const started = performance.now();
    const layout = bookLayout(snapshot, CONFERENCE, { number: 1, publishedAt: new Date() }, lang);
    const layoutMs = performance.now() - started;
    const f = drawInChild(JSON.stringify(layout));
    const seconds = (layoutMs + f.ms) / 1000;
    console.log(
      `  ${lang}: ${seconds.toFixed(1)} s (layout ${layoutMs.toFixed(0)} ms, drawing ${(f.ms / 1000).toFixed(1)} s, CPU ${(f.cpuMs / 1000).toFixed(1)} s) ${mark(seconds < TARGET_S)}; ` +
        `peak ${f.peakMb.toFixed(0)} MB ${mark(f.peakMb < TARGET_MB)}; ${f.pages} pages, ${(f.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  if (PIPELINE) await benchPipeline(snapshot);
  else console.log('  background build end to end: not measured (BENCH_PIPELINE=0)');

  if (PUBLIC) await benchPublic(snapshot);
  else console.log('\nPublic programme and calendars: not measured (BENCH_PUBLIC=0)');
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

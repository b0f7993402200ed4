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
 * The public programme page (render time, cached throughput) and the .ics of the whole programme are
 * measured only when those parts exist in this checkout; otherwise the bench says they were not measured.
 * The machine's load is printed: on a shared machine wall time runs far above CPU time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { conference, conferenceMember, programmeVersion } from '../db/schema';
import { bookLayout, type BookConference } from '../lib/programme/book/book-layout';
import { bookWorkerScript } from '../lib/programme/book/build-book';
import { buildPendingBook } from '../lib/programme/book/book-sweep';
import { contributionCount, generateProgramme } from '../testing/fixtures/programme-generator';
import { createTestDatabase } from '../testing/harness/database';
import { plantPublishedConference } from '../testing/harness/conference';
import { plantProgrammeVersion } from '../testing/fixtures/programme';
import { insertAccount } from '../lib/accounts/create-account';

const root = path.resolve(import.meta.dirname, '..');
const CONTRIBUTIONS = Number(process.env.BENCH_CONTRIBUTIONS ?? 600);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 8);
const DAYS = Number(process.env.BENCH_DAYS ?? 3);
const PIPELINE = process.env.BENCH_PIPELINE !== '0';
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

  console.log('\nPublic programme and calendars');
  const publicPage = path.join(root, 'app', '[locale]', 'programme', 'page.tsx');
  console.log(
    existsSync(publicPage)
      ? '  public page render time and cached throughput: not measured — the page exists, its measurement is not wired into this bench yet'
      : '  public page render time and cached throughput: not measured — the public programme page (app/[locale]/programme/page.tsx) is not in this checkout',
  );
  console.log('  .ics of the whole programme: not measured — the calendars are not in this checkout');
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

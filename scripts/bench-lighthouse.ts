/**
 * npm run bench:lighthouse — what a visitor's phone pays for the public pages and a participant's
 * screens. Builds the app (BENCH_SKIP_BUILD=1 reuses the last build), starts it as `npm start` does
 * on a fresh embedded database with the demo conference, publishes one content page through the
 * REST contract, and measures the home page and that content page; then the registration login
 * (/register, signed out) and, signed in as the demo participant (db/seed DEMO_ACCOUNTS; the
 * session cookie goes to page-weight and to Lighthouse as an extra header), the registration form,
 * and — after registering with a fee and booking a room through the REST contract, so each page
 * has real content — the fee page, the order list, the payment page of the fee order, the
 * submission list (the demo participant's seeded abstract), the new-submission form and the hotel
 * page (booking form and the booking). For each page it prints:
 *   - the JavaScript the page loads: every `<script src>` of its HTML fetched with
 *     `accept-encoding: br, gzip`, compressed and decoded bytes (scripts/page-weight.ts);
 *   - Lighthouse's mobile performance score (its default mobile form factor and simulated
 *     throttling) on the machine's Chromium, the median of BENCH_RUNS (3) runs, with the median
 *     FCP, LCP, TBT and the script bytes Lighthouse saw on the wire, and Lighthouse's benchmarkIndex
 *     of the machine (its CPU-bound figures, TBT above all, grow when the machine is busy).
 * Targets: public pages at most 120 KB of compressed JavaScript and performance at least 95; the
 * participant's screens at most 160 KB and performance at least 90.
 *
 * BENCH_LIGHTHOUSE_PORT (3460), BENCH_RUNS (3), CHROME_PATH (/usr/bin/chromium), BENCH_PAGES (a
 * comma-separated list of page names to audit with Lighthouse; all by default — every page's
 * weight is printed anyway).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_ACCOUNTS } from '../db/seed';
import { kb, pageWeight } from './page-weight';
import { serverScript } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3460);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BASE = `http://localhost:${PORT}`;
const PUBLIC = { budget: 120 * 1024, target: 95 };
const PARTICIPANT = { budget: 160 * 1024, target: 90 };
const ONLY = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function call<T>(pathname: string, body: unknown, token?: string, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const response = await fetch(`${BASE}/api${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number | string; message: string; data: T };
  if (String(envelope.code) !== '200') throw new Error(`${pathname}: ${envelope.message}`);
  return envelope.data;
}

/** A demo account's bearer token and session cookie. */
async function signIn(account: { email: string; password: string }): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${BASE}/api/base/oauth/localLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const envelope = (await response.json()) as { code: number | string; message: string; data: { token: string } };
  if (String(envelope.code) !== '200') throw new Error(`sign-in: ${envelope.message}`);
  return {
    token: envelope.data.token,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

type FeeOffer = { register: { id: number }[]; optional: { id: number }[] };
type HotelOptions = { hotels: { id: number; roomTypes: { id: number; checkInStart: string; checkInEnd: string }[] }[] };

/**
 * The participant's real content: a registration with the first registration fee and one optional
 * fee (two unpaid orders), and a one-night booking of the first room type (a third). Answers the
 * registration fee order's id, for its payment page.
 */
async function plantParticipant(token: string): Promise<{ feeOrderId: number }> {
  const offer = await call<FeeOffer>('/conference/conferenceRegUserConfig/getRegFee', undefined, token);
  await call(
    '/conference/conferenceUser',
    {
      agreeNotice: true,
      answers: { name: DEMO_ACCOUNTS.participant.name, telephone: '+86 10 12345678', country: 'CN', unit: 'Bench Institute' },
      fees: {
        registerFeeId: offer.register[0]?.id ?? null,
        optional: offer.optional.slice(0, 1).map((fee) => ({ feeId: fee.id, quantity: 1 })),
      },
    },
    token,
  );
  const hotel = (await call<HotelOptions>('/conference/hotel/options', undefined, token)).hotels.find((h) => h.roomTypes.length > 0);
  const room = hotel?.roomTypes[0];
  if (hotel && room) {
    const next = new Date(`${room.checkInStart}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    await call(
      '/conference/hotel/bookings',
      { hotelId: hotel.id, roomTypeId: room.id, checkIn: room.checkInStart, checkOut: next.toISOString().slice(0, 10), rooms: 1 },
      token,
    );
  }
  const orders = await call<{ registration: { id: number }[] }>('/conference/conferenceRegUserConfig/getRegFeeInfo', undefined, token);
  if (!orders.registration[0]) throw new Error('the participant has no registration fee order');
  return { feeOrderId: orders.registration[0].id };
}

/** A published content page of a few paragraphs, written by the demo organiser. */
async function publishContentPage(): Promise<number> {
  const { token } = await call<{ token: string }>('/base/oauth/localLogin', {
    email: DEMO_ACCOUNTS.manager.email,
    password: DEMO_ACCOUNTS.manager.password,
  });
  const paragraphs = (lang: 'zh' | 'en') =>
    Array.from({ length: 6 }, (_, i) =>
      lang === 'zh'
        ? `<h2>第 ${i + 1} 天</h2><p>上午九点开幕，主旨报告与分会场报告依次进行，午餐后为专题讨论与海报展示。</p>`
        : `<h2>Day ${i + 1}</h2><p>Opening at nine, keynotes and parallel sessions in turn; after lunch, panels and posters.</p>`,
    ).join('');
  const page = await call<{ id: number }>(
    '/conference/platform/config/page/save',
    { name: { zh: '会议日程', en: 'Programme' }, content: { zh: paragraphs('zh'), en: paragraphs('en') } },
    token,
  );
  await call('/conference/platform/config/page/publish', { id: page.id, published: true }, token);
  return page.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Run = { score: number; fcp: number; lcp: number; tbt: number; scriptBytes: number; benchmarkIndex: number };

async function audit(port: number, url: string, extraHeaders?: Record<string, string>): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    scriptBytes: summary?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Prints one page's JavaScript and (unless BENCH_PAGES leaves it out) its Lighthouse figures. */
async function measurePage(port: number, page: { name: string; url: string; goal: typeof PUBLIC; cookie?: string }): Promise<void> {
  const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
  // Warm the server (first renders compile nothing, but fill the per-process caches).
  for (let i = 0; i < 3; i++) await (await fetch(page.url, { headers })).text();
  const weight = await pageWeight(page.url, headers);
  const { budget, target } = page.goal;
  console.log(`  ${page.name} (${new URL(page.url).pathname})`);
  console.log(
    `    JavaScript   ${kb(weight.transferred)} compressed, ${kb(weight.decoded)} decoded, ${weight.scripts.length} scripts` +
      `   (budget ${kb(budget)}: ${weight.transferred <= budget ? 'met' : 'MISSED'})`,
  );
  if (ONLY && !ONLY.includes(page.name)) return;
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(port, page.url, page.cookie ? { Cookie: page.cookie } : undefined));
  const score = median(runs.map((r) => r.score));
  console.log(
    `    Lighthouse   performance ${score} (runs: ${runs.map((r) => r.score).join(', ')}; target ≥ ${target}: ${score >= target ? 'met' : 'MISSED'})` +
      `   FCP ${median(runs.map((r) => r.fcp)).toFixed(0)} ms   LCP ${median(runs.map((r) => r.lcp)).toFixed(0)} ms` +
      `   TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms   scripts on the wire ${kb(median(runs.map((r) => r.scriptBytes)))}` +
      `   (machine: Lighthouse benchmarkIndex ${median(runs.map((r) => r.benchmarkIndex)).toFixed(0)}; lower = busier or slower)`,
  );
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'confhub-bench-lighthouse-'));
  const children: ChildProcess[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
      const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('next build failed');
    }
    // The embedded database, whatever DATABASE_URL says: a fresh demo, no setup.
    const rest = Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'DATABASE_URL'));
    children.push(
      spawn(process.execPath, [serverScript('serve')], {
        cwd: root,
        env: {
          ...rest,
          NODE_ENV: 'production',
          PGLITE_DIR: path.join(work, 'pglite'),
          UPLOAD_DIR: path.join(work, 'uploads'),
          SEED_DEMO: '1',
          MAIL_POLL_MS: '60000',
          PORT: String(PORT),
        },
        stdio: 'ignore',
      }),
    );
    await waitFor(`${BASE}/api/health`);
    const pageId = await publishContentPage();
    const participant = await signIn(DEMO_ACCOUNTS.participant);

    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
    console.log(`bench:lighthouse — mobile (Lighthouse defaults), median of ${RUNS} run(s); JavaScript fetched with br/gzip accepted`);
    const port = chrome.port;
    const measure = (name: string, pathname: string, goal: typeof PUBLIC, cookie?: string) =>
      measurePage(port, { name, url: `${BASE}${pathname}`, goal, cookie });
    await measure('home', '/', PUBLIC);
    await measure('content page', `/page/${pageId}`, PUBLIC);
    console.log('  signed out, the registration login:');
    await measure('registration login', '/register', PARTICIPANT);
    console.log(`  signed in as ${DEMO_ACCOUNTS.participant.email}:`);
    await measure('registration form', '/conferenceRegister', PARTICIPANT, participant.cookie);
    const { feeOrderId } = await plantParticipant(participant.token);
    await measure('fee page', '/profile/conference/fee', PARTICIPANT, participant.cookie);
    await measure('order list', '/profile/order/list', PARTICIPANT, participant.cookie);
    await measure('payment page', `/profile/order/pay/goto/${feeOrderId}`, PARTICIPANT, participant.cookie);
    await measure('submissions', '/profile/submission', PARTICIPANT, participant.cookie);
    await measure('submission form', '/profile/submission/details', PARTICIPANT, participant.cookie);
    await measure('hotel', '/profile/hotel/order', PARTICIPANT, participant.cookie);
  } finally {
    if (chrome) chrome.kill();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

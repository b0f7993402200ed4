/**
 * `npm start` on PostgreSQL: two server processes behind one port, sharing nothing but the
 * database. An organiser's change made through one process is what visitors get from the other at
 * once, although each process keeps the public home page in its anonymous HTML cache (here for ten
 * minutes) and the conference in its host lookup.
 *
 * Runs the built app (the global setup builds it) on a scratch PostgreSQL database of its own,
 * through scripts/start.ts, on a free port; skipped without TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createScratchDatabase, freePort, websiteSettingsBody } from './support/scratch-app';
import { tsxScriptArgs } from '../scripts/node/tsx-args';
import { expect, test } from '@playwright/test';
import { PUBLISHED } from '@/lib/conferences/status';
import { openDatabase } from '@/db/client';
import { conference, conferenceMember, session, user } from '@/db/schema';
import { hashSessionToken } from '@/lib/auth/session-token-hash';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..');
const OLD_TITLE = '集群测试会议';
const NEW_TITLE = '集群测试会议（已改名）';

test.describe.configure({ mode: 'serial' });
test.skip(!adminUrl, 'needs PostgreSQL: set TEST_DATABASE_URL');

let dropDatabase: (() => Promise<void>) | null = null;
let port = 0;
let token = '';
let app: ChildProcess | null = null;
const log: string[] = [];

type Answer = { status: number; worker: string; cache: string; body: string };

/** One request on a connection of its own, so the cluster hands it to the next process in turn. */
function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, method, agent: false, headers: { host: `cluster.localhost:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: String(res.headers['x-confhub-worker'] ?? ''),
            cache: String(res.headers['x-confhub-cache'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const scratch = await createScratchDatabase(adminUrl!, 'confhub_cluster');
  dropDatabase = scratch.drop;

  const database = await openDatabase({ url: scratch.url });
  const [conf] = await database.db
    .insert(conference)
    .values({ slug: 'cluster', status: PUBLISHED, title: { zh: OLD_TITLE, en: 'Cluster Test' }, shortTitle: { zh: '集群', en: 'Cluster' } })
    .returning();
  const userId = randomUUID();
  await database.db.insert(user).values({ id: userId, name: 'Cluster Organiser', email: 'organiser@cluster.test' });
  await database.db.insert(conferenceMember).values({ conferenceId: conf.id, userId, role: 'manager' });
  token = randomBytes(24).toString('base64url');
  await database.db
    .insert(session)
    .values({ id: randomUUID(), token: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  await database.close();

  port = await freePort();
  app = spawn(process.execPath, tsxScriptArgs('scripts/start.ts'), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: scratch.url,
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SECRETS_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      SMTP_HOST: '',
      PUBLIC_CACHE_TTL_MS: '600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout?.on('data', (d) => log.push(String(d)));
  app.stderr?.on('data', (d) => log.push(String(d)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}:\n${log.join('')}`);
    if (Date.now() > deadline) throw new Error(`the cluster did not become healthy in 90 s:\n${log.join('')}`);
    const health = await request('GET', '/api/health').catch(() => null);
    if (health?.status === 200) break;
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  await dropDatabase?.();
  if (process.env.E2E_APP_LOG === '1') console.info(log.join(''));
});

test("an organiser's change through one process is seen at once through the other", async () => {
  // Both processes serve the home page from their own cache before the change.
  const cachedBy = new Set<string>();
  // The operating system hands each new connection to a process (scripts/serve-cluster.ts): ask until both answered.
  for (let i = 0; i < 400 && cachedBy.size < 2; i++) {
    const answer = await request('GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(OLD_TITLE);
    if (answer.cache === 'hit') cachedBy.add(answer.worker);
  }
  expect([...cachedBy].sort()).toEqual(['1', '2']);

  const saved = await request(
    'POST',
    '/api/conference/platform/config/website/save',
    websiteSettingsBody({ zh: NEW_TITLE, en: 'Cluster Test, renamed' }, { zh: '集群', en: 'Cluster' }),
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  );
  expect(saved.status, saved.body).toBe(200);

  // Each process, asked right after the answer, shows the new title (the other one within the
  // moment its listener takes to hear PostgreSQL's notification).
  const seen = new Map<string, Answer>();
  await expect
    .poll(
      async () => {
        const answer = await request('GET', '/');
        expect(answer.status).toBe(200);
        if (answer.body.includes(NEW_TITLE)) seen.set(answer.worker, answer);
        return [...seen.keys()].sort();
      },
      { timeout: 10_000, intervals: [0] },
    )
    .toEqual(['1', '2']);
  // And keeps showing it.
  for (let i = 0; i < 4; i++) expect((await request('GET', '/')).body).toContain(NEW_TITLE);
});

/**
 * Several machines (issue 25 point 4): two app nodes started independently — each `npm start` with one server
 * process, its own upload folder and nothing shared on disk — on one PostgreSQL database and one bucket (s3rver on
 * loopback, STORAGE_DRIVER=s3), sending mail to one SMTP server. A file uploaded through one node is downloaded
 * through the other; an organiser's change is seen through both at once; the mail outbox and the payment sweep
 * (order expiry, reminders to pay) run once across the nodes, not once per node; a node told to stop (SIGTERM)
 * says so on /api/ready at once while the other keeps serving.
 *
 * Skipped without TEST_DATABASE_URL (it creates a scratch database of its own and drops it afterwards).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/db/client';
import {
  conference,
  conferenceMember,
  conferenceOrder,
  conferenceRegistration,
  mailOutbox,
  orderEvent,
  registrationFee,
  session,
  user,
} from '@/db/schema';
import { hashSessionToken } from '@/lib/auth/session-token-hash';
import { PUBLISHED } from '@/lib/conferences/status';
import { startTestS3, type TestS3 } from '@/testing/standins/s3';
import { startTestSmtp, type TestSmtp } from '@/testing/standins/smtp';
import { createScratchDatabase, freePort, websiteSettingsBody } from './support/scratch-app';
import { tsxScriptArgs } from '../scripts/node/tsx-args';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..');
const SLUG = 'nodes';
const NEW_TITLE = '两台机器的会议（已改名）';
// A 1 × 1 PNG: the intake checks an image by its content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ mode: 'serial' });
test.skip(!adminUrl, 'needs PostgreSQL: set TEST_DATABASE_URL');

type Node = { name: string; port: number; uploads: string; process: ChildProcess; log: string[] };
let dropDatabase: (() => Promise<void>) | null = null;
let dbUrl = '';
let database: Database | null = null;
let fx: { conferenceId: number; feeId: number };
let managerToken = '';
let s3: TestS3 | null = null;
let smtp: TestSmtp | null = null;
const nodes: Node[] = [];

type Answer = { status: number; body: Buffer; text: string };

/** One request to a node, on the conference's host, on a connection of its own. */
function request(node: Node, method: string, url: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        path: url,
        method,
        agent: false,
        headers: { host: `${SLUG}.localhost:${node.port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, body: all, text: all.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function startNode(name: string, port: number, shared: Record<string, string>): Node {
  const uploads = mkdtempSync(path.join(tmpdir(), `confhub-node-${name}-`));
  const child = spawn(process.execPath, tsxScriptArgs('scripts/start.ts'), {
    cwd: root,
    env: { ...process.env, ...shared, PORT: String(port), UPLOAD_DIR: uploads },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { name, port, uploads, process: child, log: [] };
  child.stdout?.on('data', (d) => node.log.push(String(d)));
  child.stderr?.on('data', (d) => node.log.push(String(d)));
  return node;
}

async function waitReady(node: Node): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (node.process.exitCode !== null) throw new Error(`node ${node.name} exited with ${node.process.exitCode}:\n${node.log.join('')}`);
    if (Date.now() > deadline) throw new Error(`node ${node.name} was not ready in 120 s:\n${node.log.join('')}`);
    const ready = await request(node, 'GET', '/api/ready').catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((r) => setTimeout(r, 300));
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const scratch = await createScratchDatabase(adminUrl!, 'confhub_nodes');
  dropDatabase = scratch.drop;
  dbUrl = scratch.url;
  database = await openDatabase({ url: dbUrl });
  // Planted with the schema alone (the harness's handler helpers are for Vitest, not for this runner).
  const db = database.db;
  const [conf] = await db
    .insert(conference)
    .values({ slug: SLUG, status: PUBLISHED, title: { zh: '两台机器的会议', en: 'Two machines' }, shortTitle: { zh: '两台', en: 'Two' } })
    .returning();
  const [fee] = await db
    .insert(registrationFee)
    .values({
      conferenceId: conf.id,
      kind: 'register',
      title: { zh: '注册费', en: 'Registration fee' },
      priceMinor: 120000,
      displayPriceMinor: 120000,
      cap: 1000,
      // The places the planted unpaid orders below hold (an expiry gives them back).
      used: 12,
    })
    .returning();
  fx = { conferenceId: conf.id, feeId: fee.id };
  const managerId = await plantUser('organiser@nodes.test');
  await db.insert(conferenceMember).values({ conferenceId: conf.id, userId: managerId, role: 'manager' });
  managerToken = randomBytes(24).toString('base64url');
  await db
    .insert(session)
    .values({ id: randomUUID(), token: hashSessionToken(managerToken), userId: managerId, expiresAt: new Date(Date.now() + 3_600_000) });

  s3 = await startTestS3('confhub-nodes');
  smtp = await startTestSmtp();
  const shared: Record<string, string> = {
    DATABASE_URL: dbUrl,
    WEB_CONCURRENCY: '1',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_SECRETS_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
    MAIL_FROM: 'ConfHub <no-reply@nodes.test>',
    MAIL_POLL_MS: '200',
    PAYMENT_SWEEP_MS: '700',
    SHUTDOWN_DRAIN_MS: '3000',
  };
  // Started one after the other's migrations: each `npm start` applies them under an advisory lock anyway.
  nodes.push(startNode('a', await freePort(), shared));
  nodes.push(startNode('b', await freePort(), shared));
  await Promise.all(nodes.map(waitReady));
});

test.afterAll(async () => {
  for (const node of nodes) {
    if (node.process.exitCode === null && node.process.signalCode === null) {
      const exited = new Promise((resolve) => node.process.once('exit', resolve));
      node.process.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    }
    rmSync(node.uploads, { recursive: true, force: true });
  }
  await database?.close();
  await s3?.close();
  await smtp?.close();
  await dropDatabase?.();
  if (process.env.E2E_APP_LOG === '1') for (const node of nodes) console.info(`--- node ${node.name}\n${node.log.join('')}`);
});

async function plantUser(email: string): Promise<string> {
  const id = randomUUID();
  await database!.db.insert(user).values({ id, name: email.split('@')[0], email });
  return id;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [e.name]));

test('a file uploaded through one node is downloaded through the other, from the bucket', async () => {
  const [a, b] = nodes;
  const boundary = `----confhub${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await request(a, 'POST', '/api/conference/platform/config/website/banner', body, {
    authorization: `Bearer ${managerToken}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  const name = (JSON.parse(uploaded.text) as { data: { name: string } }).data.name;
  const downloaded = await request(b, 'GET', `/api/conference/asset/${name}`);
  expect(downloaded.status).toBe(200);
  expect(downloaded.body.equals(PNG)).toBe(true);
  // Neither node kept it on its own disk.
  expect([...filesUnder(a.uploads), ...filesUnder(b.uploads)]).toEqual([]);
});

test("an organiser's change through one node is seen through the other at once", async () => {
  const [a, b] = nodes;
  expect((await request(b, 'GET', '/')).text).not.toContain(NEW_TITLE);
  const saved = await request(
    a,
    'POST',
    '/api/conference/platform/config/website/save',
    JSON.stringify(websiteSettingsBody({ zh: NEW_TITLE, en: 'Two machines, renamed' }, { zh: '两台', en: 'Two' })),
    { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
  );
  expect(saved.status, saved.text).toBe(200);
  await expect.poll(async () => (await request(b, 'GET', '/')).text.includes(NEW_TITLE), { timeout: 3_000, intervals: [0] }).toBe(true);
});

test('the outbox and the payment sweep run once across the nodes', async () => {
  test.setTimeout(90_000);
  const db = database!.db;
  // Thirty mails queued at once, and unpaid orders: six past their pay-by time, six within a day of it.
  const direct = Array.from({ length: 30 }, (_, i) => `direct-${i}@nodes.test`);
  await db.insert(mailOutbox).values(
    direct.map((to) => ({
      conferenceId: fx.conferenceId,
      template: 'campaign',
      locale: 'zh',
      toAddress: to,
      subject: `Hello ${to}`,
      text: 'Hi',
      html: '<p>Hi</p>',
    })),
  );
  const DAY = 86_400_000;
  const plantOrder = async (createdAt: Date, i: number) => {
    const email = `payer-${i}@nodes.test`;
    const who = { email, userId: await plantUser(email) };
    const [registration] = await db
      .insert(conferenceRegistration)
      .values({ conferenceId: fx.conferenceId, userId: who.userId, code: `N-${i}`, answers: { name: `Node ${i}` } })
      .returning();
    const [order] = await db
      .insert(conferenceOrder)
      .values({
        conferenceId: fx.conferenceId,
        orderNo: sql`'N' || nextval('order_number_seq')::text`,
        userId: who.userId,
        registrationId: registration.id,
        type: 'registration',
        feeId: fx.feeId,
        itemName: { zh: '注册费', en: 'Registration fee' },
        unitPriceMinor: 120000,
        totalMinor: 120000,
        currency: 'CNY',
        displayCurrency: 'CNY',
        displayTotalMinor: 120000,
        createdAt,
      })
      .returning();
    return { email: who.email, orderId: order.id };
  };
  const now = Date.now();
  const late = await Promise.all(Array.from({ length: 6 }, (_, i) => plantOrder(new Date(now - 4 * DAY), i)));
  const due = await Promise.all(Array.from({ length: 6 }, (_, i) => plantOrder(new Date(now - 2.5 * DAY), 100 + i)));

  const received = (to: string) => smtp!.mails.filter((m) => m.to.includes(to.toLowerCase())).length;
  const everyone = [...direct, ...late.map((o) => o.email), ...due.map((o) => o.email)];
  await expect.poll(() => everyone.filter((to) => received(to) === 0).length, { timeout: 60_000 }).toBe(0);
  // Several more passes of both nodes' workers and sweepers.
  await new Promise((r) => setTimeout(r, 3_000));
  for (const to of everyone) expect(received(to), `mails to ${to}`).toBe(1);

  const expired = await db
    .select({ orderId: orderEvent.orderId, n: sql<number>`count(*)::int` })
    .from(orderEvent)
    .where(
      inArray(
        orderEvent.orderId,
        late.map((o) => o.orderId),
      ),
    )
    .groupBy(orderEvent.orderId);
  expect(expired.map((e) => Number(e.n))).toEqual(late.map(() => 1));
  const stillDue = await db.select().from(conferenceOrder).where(eq(conferenceOrder.id, due[0].orderId));
  expect(stillDue[0].orderStatus).toBe('available');
  expect(stillDue[0].payReminderSentAt).not.toBeNull();
});

test('a node told to stop says so on /api/ready at once, finishes, and the other keeps serving', async () => {
  test.setTimeout(60_000);
  const [a, b] = nodes;
  const exited = new Promise<number | null>((resolve) => b.process.once('exit', (code) => resolve(code)));
  b.process.kill('SIGTERM');
  // The signal goes through npm start and the cluster to the server process: on a loaded runner that takes seconds
  // (once more than 15 with the two workers' browsers busy).
  await expect.poll(async () => (await request(b, 'GET', '/api/ready')).status, { timeout: 30_000, intervals: [100] }).toBe(503);
  expect((await request(b, 'GET', '/api/health')).status).toBe(200);
  expect((await request(a, 'GET', '/api/ready')).status).toBe(200);
  expect(await exited).toBe(0);
  expect((await request(a, 'GET', '/')).status).toBe(200);
});

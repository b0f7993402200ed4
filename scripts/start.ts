/**
 * `npm start`: refuses when another process holds the embedded data folder, builds when no build
 * exists, then serves on PORT (3000) with scripts/serve.ts (Next.js behind the anonymous HTML cache), compiled to
 * plain JavaScript first (scripts/build-server.mjs).
 *
 * On PGlite (no DATABASE_URL) that is one process, which migrates and seeds as it boots. On
 * PostgreSQL the migrations (and the demo seed with SEED_DEMO=1) are applied here once, then
 * scripts/serve-cluster.ts runs WEB_CONCURRENCY server processes (default: one per core) on the port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { lockHolder } from '../db/lock';
import { serverProcesses } from '../lib/server/processes';
import { secretsKeyProblem } from '../lib/server/secrets-key';
import { demoLoginsText, seedDemo } from '../db/seed';
import { seedDemoRegistrants } from '../db/seed-attendees';
import { serverScript } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const port = process.env.PORT ?? '3000';
const databaseUrl = process.env.DATABASE_URL || undefined;

/** Migrations and the demo seed, once, before the server processes start. */
async function prepareDatabase(url: string): Promise<void> {
  const database = await openDatabase({ url });
  try {
    if (process.env.SEED_DEMO === '1') {
      // Several nodes starting at once (docker-compose's replicas) seed one after the other: the first plants the
      // demo, the others find it. The lock is held on a connection of its own for the time of the seed.
      const { Client } = await import('pg');
      const lock = new Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(727275)');
        if (await seedDemo(database.db)) {
          await seedDemoRegistrants(database.db);
          console.info('[seed] created the demo conference');
        }
      } finally {
        await lock.end();
      }
      console.info(`\n${demoLoginsText(port)}\n`);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  // Checked again by each server process; here it stops before anything is built or migrated.
  const keyProblem = secretsKeyProblem({ ...process.env, NODE_ENV: 'production' });
  if (keyProblem) {
    console.error(`\n${keyProblem}\n`);
    process.exit(1);
  }
  if (!databaseUrl) {
    const dir = path.resolve(process.env.PGLITE_DIR ?? path.join(root, 'data', 'pglite'));
    const holder = lockHolder(dir);
    if (holder) {
      console.error(
        `\nConfHub is already running on the data folder ${dir} (process ${holder}).\n` +
          'The embedded database cannot be shared by two processes. Stop the other one first, or start this one\n' +
          'with another folder (PGLITE_DIR=...) or on PostgreSQL (DATABASE_URL=...).\n',
      );
      process.exit(1);
    }
    if (Number(process.env.WEB_CONCURRENCY) > 1) console.info('[start] WEB_CONCURRENCY is ignored on the embedded database: one process');
  }

  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.env.FORCE_BUILD === '1') {
    console.info('No production build found: building once (a minute or two) …');
    const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const serverEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production', PORT: port };
  let script: 'serve' | 'serve-cluster' = 'serve';
  if (databaseUrl) {
    await prepareDatabase(databaseUrl);
    Object.assign(serverEnv, {
      CONFHUB_MIGRATED: '1',
      SEED_DEMO: '0',
      WEB_CONCURRENCY: String(serverProcesses(process.env, availableParallelism())),
    });
    script = 'serve-cluster';
  }
  // The demo's card method pays at a Stripe sandbox on loopback (see scripts/demo-sandbox.ts).
  const demo = process.env.SEED_DEMO ? process.env.SEED_DEMO === '1' : !databaseUrl;
  if (demo && process.env.DEMO_CARD_SANDBOX !== '0') {
    // Loaded only here: a real deployment's launcher never loads the sandbox (nor the Stripe SDK).
    const { startDemoCardSandbox } = await import('./demo-sandbox');
    const sandbox = await startDemoCardSandbox();
    serverEnv.DEMO_STRIPE_API_BASE = sandbox.apiBase;
    console.info(
      `[demo] card payments of the demo go to a local Stripe sandbox at ${sandbox.apiBase} (any card works; DEMO_CARD_SANDBOX=0 turns it off)`,
    );
  }
  // Compiled JavaScript, run by Node.js alone (scripts/build-server.mjs).
  const server = spawn(process.execPath, [serverScript(script)], { cwd: root, env: serverEnv, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

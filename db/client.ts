// Server-only (the database): a client component importing this fails the build and `npm run lint`.
// Outside Next, 'server-only' resolves to its empty module: Vitest aliases it (vitest.config.ts) and
// the tsx scripts load a resolve hook for it (scripts/node/allow-server-only.mjs) and Playwright maps it (e2e/tsconfig.json).
import 'server-only';
import path from 'node:path';
import * as schema from './schema';
import { acquireFolderLock } from './lock';
import { runMigrations } from './migrate';
import type { Database, DB } from './types';

export type { Database, DB, Executor, Schema, Tx } from './types';

export function pgliteDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.PGLITE_DIR ?? path.join(process.cwd(), 'data', 'pglite'));
}

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in a locked folder (or in memory). `from`: an in-memory
 * PGlite starts as a copy of this dump (PGlite's own dumpDataDir), instead of empty.
 */
export async function openDatabase(opts: { url?: string; dir?: string | 'memory'; migrate?: boolean; from?: Blob }): Promise<Database> {
  let database: Database;
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // An idle connection closed by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.warn('[db] idle connection error', error.message);
    });
    database = { db: drizzle(pool, { schema }) as unknown as DB, kind: 'postgres', url: opts.url, close: () => pool.end() };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const dir = opts.dir ?? pgliteDir();
    const release = dir === 'memory' ? () => {} : acquireFolderLock(dir);
    const client = dir === 'memory' ? new PGlite({ loadDataDir: opts.from }) : new PGlite(path.join(dir, 'db'));
    await client.waitReady;
    const close = async () => {
      await client.close();
      release();
    };
    database = { db: drizzle(client, { schema }) as unknown as DB, kind: 'pglite', close };
  }
  if (opts.migrate !== false) await runMigrations(database);
  return database;
}

const globalKey = Symbol.for('confhub.database');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> };

/**
 * The process-wide database. Kept on globalThis so every server bundle (proxy, instrumentation, routes)
 * shares one PGlite instance: two instances on one folder would silently lose writes. Migrations
 * are applied on opening, unless CONFHUB_MIGRATED=1 says `npm start` applied them once before
 * starting several server processes on PostgreSQL.
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  const url = process.env.DATABASE_URL || undefined;
  g[globalKey] ??= openDatabase({ url, migrate: !(url && process.env.CONFHUB_MIGRATED === '1') }).catch((error) => {
    delete g[globalKey];
    throw error;
  });
  return g[globalKey];
}

export async function getDb(): Promise<DB> {
  return (await getDatabase()).db;
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { conference } from '@/db/schema';

/**
 * Databases for integration tests: embedded PGlite always, and PostgreSQL as well when
 * TEST_DATABASE_URL is set (CI sets it). Each call gets a fresh, migrated database; on PostgreSQL
 * a new database is created and dropped on close. Under Vitest each is a copy of the run's migrated template
 * (testing/harness/templates.ts); elsewhere (a bench script) it is migrated itself.
 */
export type Backend = 'pglite' | 'postgres';

/**
 * The engines a test file runs on. Most files test what the app does, which does not depend on the engine: they run
 * on one, PostgreSQL when TEST_DATABASE_URL is set (CI), else PGlite. A file whose subject depends on the engine —
 * work done at once (caps, locks, claims, one-time answers, and their controls), the seeds, the database driver's
 * errors — passes 'both' and runs on PGlite, the embedded default, as well as on PostgreSQL.
 */
export function testBackends(engines: 'one' | 'both' = 'one'): Backend[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  return engines === 'both' ? ['pglite', 'postgres'] : ['postgres'];
}

/** The run's migrated templates, under Vitest; null elsewhere. */
function templates(): { pglite: Blob; postgres: string } | null {
  if (!process.env.VITEST) return null;
  const dump = inject('pgliteTemplate');
  return dump ? { pglite: pgliteDump(dump), postgres: inject('postgresTemplate') } : null;
}

let dumpRead: { file: string; blob: Blob } | null = null;
function pgliteDump(file: string): Blob {
  if (dumpRead?.file !== file) dumpRead = { file, blob: new Blob([readFileSync(file)]) };
  return dumpRead.blob;
}

export async function createTestDatabase(backend: Backend): Promise<Database> {
  const template = templates();
  if (backend === 'pglite')
    return template ? openDatabase({ dir: 'memory', from: template.pglite, migrate: false }) : openDatabase({ dir: 'memory' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { Client } = await import('pg');
  const name = `confhub_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template?.postgres ? `create database ${name} template ${template.postgres}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrate: !template?.postgres });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A bare conference for a test (its slug doubles as its titles); returns its id. */
export async function insertTestConference(db: Database['db'], slug: string): Promise<number> {
  const [row] = await db
    .insert(conference)
    .values({ slug, title: { zh: slug, en: slug }, shortTitle: { zh: slug, en: slug } })
    .returning({ id: conference.id });
  return row.id;
}

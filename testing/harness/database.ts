import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@/db/client';
import { conference } from '@/db/schema';

/**
 * Databases for integration tests: embedded PGlite always, and PostgreSQL as well when
 * TEST_DATABASE_URL is set (CI sets it). Each call gets a fresh, migrated database; on PostgreSQL
 * a new database is created and dropped on close.
 */
export type Backend = 'pglite' | 'postgres';

export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ dir: 'memory' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { Client } = await import('pg');
  const name = `confhub_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
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

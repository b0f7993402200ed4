import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';

/**
 * Vitest's global setup: the migrations are applied once per run, into an embedded PGlite dumped to a file and, with
 * TEST_DATABASE_URL, into a PostgreSQL template database; every integration test file then starts from a copy
 * (testing/harness/database.ts) instead of migrating a database of its own (seconds each, twice per file).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite's dump (PGlite's dumpDataDir), as a file. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database new test databases are created from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'confhub-templates-'));
  const dump = path.join(folder, 'pglite.tar');
  const pglite = await openDatabase({ dir: 'memory' });
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', dump);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (adminUrl) {
    const { Client } = await import('pg');
    template = `confhub_template_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const migrated = await openDatabase({ url: url.toString() });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!adminUrl || !template) return;
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './types';

export const migrationsFolder = path.resolve(
  /*turbopackIgnore: true*/ process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), 'db', 'migrations'),
);

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so parallel starts take turns. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(tx as any, { migrationsFolder });
  });
}

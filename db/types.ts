import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
export type DB = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take this first, so a transaction or a test database needs no plumbing. */
export type Executor = DB | Tx;

export type Database = {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (for a dedicated connection such as LISTEN); unset on PGlite. */
  url?: string;
  close: () => Promise<void>;
};

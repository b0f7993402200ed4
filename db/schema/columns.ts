import { sql } from 'drizzle-orm';

/** The default of a LocalizedText column: both languages empty. */
export const emptyText = sql`'{"zh":"","en":""}'::jsonb`;

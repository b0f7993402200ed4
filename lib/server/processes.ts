/**
 * How many server processes `npm start` runs (scripts/start.ts): one on the embedded database,
 * which one process only can open; on PostgreSQL WEB_CONCURRENCY, else one per core.
 */
export function serverProcesses(env: Record<string, string | undefined>, cores: number): number {
  if (!env.DATABASE_URL) return 1;
  const wanted = Math.floor(Number(env.WEB_CONCURRENCY));
  return wanted >= 1 ? wanted : Math.max(1, cores);
}

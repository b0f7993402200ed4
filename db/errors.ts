/**
 * The unique-key violation behind a database error (PostgreSQL code 23505, from pg or PGlite, also
 * when wrapped by Drizzle as `cause`), with the constraint's name when the driver reports it; null
 * for any other error.
 */
export function uniqueViolation(error: unknown): { constraint: string | null } | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return { constraint: constraint ?? null };
  }
  return null;
}

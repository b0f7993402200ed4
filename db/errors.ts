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

/**
 * A foreign-key violation: a row still referenced, or a reference to a missing row (23503, or
 * 23001 for an ON DELETE RESTRICT reference, which PGlite reports by that code).
 */
export function foreignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === '23503' || code === '23001') return true;
  }
  return false;
}

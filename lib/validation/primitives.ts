import { z } from 'zod';
import { isRealDate } from './real-date';

/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;

/** A row id from a query, a body or an address: a whole number from 1 to 2^31-1. */
export const ZId = z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(MAX_ID, 'numberInvalid');

// Without zod, so a form can check a date before its schema is loaded (components/ui/lazy-schema-resolver.ts).
export { isRealDate } from './real-date';

/** A real calendar date, YYYY-MM-DD. */
export const ZIsoDate = z.string('dateInvalid').refine(isRealDate, 'dateInvalid');

/** A real calendar date or '' (not set). */
export const ZOptionalIsoDate = z.union([z.literal(''), ZIsoDate]).default('');

/** An id written in an address (`/page/12`, `?id=12`): digits only, 1 to 2^31-1; anything else is null. */
export function parseId(raw: string | string[] | undefined | null): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** An account id written in an address (`/platform/manage/reviewer/info/<id>`): letters, digits, `-` and `_`, at most 64; anything else is null. */
export function parseAccountId(raw: string | string[] | undefined | null): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

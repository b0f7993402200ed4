import { asc, count, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { unit } from '@/db/schema';

/** Spec §9: the unit with id 153 is a placeholder that is never listed. */
export const HIDDEN_UNIT_ID = 153;

/** Spec §7 /home/company/findByQuery: the page and its size (the forms ask for page 1 of 99,999). */
export const ZUnitQuery = z.object({
  page: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(100_000, 'numberInvalid').default(1),
  size: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(99_999, 'numberInvalid').default(99_999),
});
export type UnitQuery = z.output<typeof ZUnitQuery>;

export type UnitEntry = { id: number; zhTitle: string; enTitle: string };
export type UnitPage = { records: UnitEntry[]; total: number; page: number; size: number };

/** One page of the unit list, by id, without the hidden placeholder. */
export async function findUnits(db: Executor, query: UnitQuery): Promise<UnitPage> {
  const visible = ne(unit.id, HIDDEN_UNIT_ID);
  const [records, [{ total }]] = await Promise.all([
    db
      .select({ id: unit.id, zhTitle: unit.zhTitle, enTitle: unit.enTitle })
      .from(unit)
      .where(visible)
      .orderBy(asc(unit.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(unit).where(visible),
  ]);
  return { records, total, page: query.page, size: query.size };
}

import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { conferenceOrder, conferenceRegistration, user } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { startOfDayIn } from '@/lib/i18n/zone';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/** The admin list's query: search text, registration date range, page. */
export const ZRegistrantQuery = z.object({
  q: z.string().trim().max(100).default(''),
  from: ZOptionalIsoDate,
  to: ZOptionalIsoDate,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  /** The registration fee's payment: paid, unpaid (or awaiting confirmation), or none chosen. */
  pay: z.enum(['', 'paid', 'unpaid', 'none']).default(''),
  /** Registrants holding an available order for this fee. */
  fee: z.union([z.literal(''), ZId]).default(''),
});
export type RegistrantFilters = Pick<RegistrantQuery, 'q' | 'from' | 'to' | 'pay' | 'fee'>;
/** The list's filters alone (a bulk mail to everyone they match). */
export const ZRegistrantFilters = ZRegistrantQuery.pick({ q: true, from: true, to: true, pay: true, fee: true });
export type RegistrantQuery = z.output<typeof ZRegistrantQuery>;

/** Available orders of the registrant (same conference, same account) matching `extra`. */
const hasOrder = (extra: SQL) =>
  sql`exists (select 1 from ${conferenceOrder} o where o.conference_id = ${conferenceRegistration.conferenceId} and o.user_id = ${conferenceRegistration.userId} and o.order_status = 'available' and ${extra})`;
const PAID = sql`o.pay_status in ('success', 'paid')`;

/** Whose registrants, and the zone their registration days are counted in (the conference's). */
type Scope = { conferenceId: number; timeZone: string };

/**
 * Conditions of one conference's registrants (the conference id is always part of them); the date
 * range is of calendar days in the conference's time zone. The list, its export, bulk mail and badges use them.
 */
export function registrantConditions({ conferenceId, timeZone }: Scope, query: Partial<RegistrantFilters>): SQL {
  const parts: SQL[] = [eq(conferenceRegistration.conferenceId, conferenceId)];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(
      or(
        ilike(user.name, like),
        ilike(user.email, like),
        ilike(conferenceRegistration.code, like),
        sql`${conferenceRegistration.answers}::text ilike ${like}`,
      )!,
    );
  }
  if (query.from) parts.push(gte(conferenceRegistration.createdAt, startOfDayIn(query.from, timeZone)));
  if (query.pay === 'paid') parts.push(hasOrder(sql`o.type = 'registration' and ${PAID}`));
  if (query.pay === 'unpaid') parts.push(hasOrder(sql`o.type = 'registration' and not ${PAID}`));
  if (query.pay === 'none') parts.push(sql`not ${hasOrder(sql`o.type = 'registration'`)}`);
  if (query.fee) parts.push(hasOrder(sql`o.fee_id = ${query.fee}`));
  if (query.to) parts.push(lt(conferenceRegistration.createdAt, startOfDayIn(query.to, timeZone, 1)));
  return and(...parts)!;
}

const columns = {
  id: conferenceRegistration.id,
  code: conferenceRegistration.code,
  status: conferenceRegistration.status,
  version: conferenceRegistration.version,
  answers: conferenceRegistration.answers,
  createdAt: conferenceRegistration.createdAt,
  userId: user.id,
  name: user.name,
  email: user.email,
  /** The registrant's available orders, oldest first. */
  orders: sql<
    RegistrantOrder[]
  >`coalesce((select json_agg(json_build_object('type', o.type, 'item', o.item_name, 'quantity', o.quantity, 'totalMinor', o.total_minor, 'currency', o.currency, 'payStatus', o.pay_status) order by o.id) from ${conferenceOrder} o where o.conference_id = ${conferenceRegistration.conferenceId} and o.user_id = ${conferenceRegistration.userId} and o.order_status = 'available'), '[]'::json)`,
};

export type RegistrantOrder = {
  type: string;
  item: LocalizedText;
  quantity: number;
  totalMinor: number;
  currency: string;
  payStatus: string;
};

/** One page of a conference's registrants, newest first, with the total. */
export async function listRegistrants(db: Executor, { conferenceId, timeZone, ...query }: Scope & RegistrantQuery) {
  const where = registrantConditions({ conferenceId, timeZone }, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(conferenceRegistration)
      .innerJoin(user, eq(user.id, conferenceRegistration.userId))
      .where(where)
      .orderBy(desc(conferenceRegistration.createdAt), desc(conferenceRegistration.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(conferenceRegistration).innerJoin(user, eq(user.id, conferenceRegistration.userId)).where(where),
  ]);
  return { rows, total, page: query.page, size: query.size };
}

/** Every registrant matching the filters (for the export), in registration order. */
export async function allRegistrants(db: Executor, { conferenceId, timeZone, ...query }: Scope & Partial<RegistrantFilters>) {
  return db
    .select(columns)
    .from(conferenceRegistration)
    .innerJoin(user, eq(user.id, conferenceRegistration.userId))
    .where(registrantConditions({ conferenceId, timeZone }, query))
    .orderBy(conferenceRegistration.id);
}

/** One registrant of this conference (null when the id belongs to another conference). */
export async function findRegistrant(db: Executor, { conferenceId, registrationId }: { conferenceId: number; registrationId: number }) {
  const [row] = await db
    .select(columns)
    .from(conferenceRegistration)
    .innerJoin(user, eq(user.id, conferenceRegistration.userId))
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.id, registrationId)));
  return row ?? null;
}

/**
 * The registrants a bulk mail goes to: these ids, or every one matching the filters, of this
 * conference only (ids of another conference match nothing); at most `limit`, in registration order.
 */
export async function registrantsForMail(
  db: Executor,
  { conferenceId, timeZone, selection, limit }: Scope & { selection: { ids: number[] } | { filters: RegistrantFilters }; limit: number },
) {
  const where =
    'ids' in selection
      ? and(eq(conferenceRegistration.conferenceId, conferenceId), inArray(conferenceRegistration.id, selection.ids))
      : registrantConditions({ conferenceId, timeZone }, selection.filters);
  return db
    .select({
      id: conferenceRegistration.id,
      code: conferenceRegistration.code,
      locale: conferenceRegistration.locale,
      email: user.email,
      name: sql<string>`coalesce(nullif(${conferenceRegistration.answers}->>'name', ''), ${user.name})`,
    })
    .from(conferenceRegistration)
    .innerJoin(user, eq(user.id, conferenceRegistration.userId))
    .where(where)
    .orderBy(conferenceRegistration.id)
    .limit(limit);
}

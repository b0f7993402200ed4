import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { conference, conferenceDomain, conferenceRegistration, paymentBill, publicationRequest } from '@/db/schema';
import { CONFERENCE_STATUS, type ConferenceStatus } from './status';

/** What the platform administrator filters the conferences by: a text, a status, or "waiting for me". */
export type OverviewFilter = { q: string; status: ConferenceStatus | 'waiting' | ''; page: number };

export const OVERVIEW_PAGE_SIZE = 30;

const STATUS_VALUES: readonly string[] = [...Object.values(CONFERENCE_STATUS), 'waiting'];

/** The filter from the address: anything unknown reads as no filter, never as an error. */
export function overviewFilter(params: Record<string, string | string[] | undefined>): OverviewFilter {
  const one = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const status = one('status');
  const page = Number.parseInt(one('page'), 10);
  return {
    q: one('q').trim().slice(0, 100),
    status: STATUS_VALUES.includes(status) ? (status as OverviewFilter['status']) : '',
    page: Number.isSafeInteger(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

export type OverviewRow = {
  id: number;
  slug: string;
  title: { zh: string; en: string };
  status: string;
  startDate: string | null;
  endDate: string | null;
  /** Approved domains first, then pending ones. */
  domains: { domain: string; status: string }[];
  registrants: number;
  /** Paid money net of refunds, per currency (bills paid: what reached the organiser). */
  revenue: { currency: string; amountMinor: number }[];
  pendingPublication: boolean;
  pendingDomains: number;
};

/**
 * Every conference of the installation as the platform administrator oversees them (issue 25 point 2): status,
 * dates, registrants, paid revenue per currency, and what waits for the administrator (a publication request, a
 * domain). Searched by address name or title in either language; `waiting` lists those with something pending.
 */
export async function platformOverview(db: Executor, filter: OverviewFilter): Promise<{ rows: OverviewRow[]; total: number }> {
  // Qualified by hand: without a join Drizzle writes a column unqualified ("id"), which inside a subquery would be
  // the subquery's own table's id.
  const conferenceId = sql.raw('"conference"."id"');
  const pendingPublication = sql<boolean>`exists (select 1 from ${publicationRequest} r where r.conference_id = ${conferenceId} and r.status = 'pending')`;
  const pendingDomains = sql<number>`(select count(*)::int from ${conferenceDomain} d where d.conference_id = ${conferenceId} and d.status = 'pending')`;
  const where: SQL[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    where.push(
      sql`(${conference.slug} ilike ${pattern} or ${conference.title}->>'zh' ilike ${pattern} or ${conference.title}->>'en' ilike ${pattern})`,
    );
  }
  if (filter.status === 'waiting') where.push(sql`(${pendingPublication} or ${pendingDomains} > 0)`);
  else if (filter.status) where.push(eq(conference.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: conference.id,
        slug: conference.slug,
        title: conference.title,
        status: conference.status,
        startDate: conference.startDate,
        endDate: conference.endDate,
        domains: sql<
          OverviewRow['domains']
        >`coalesce((select json_agg(json_build_object('domain', d.domain, 'status', d.status) order by d.status = 'approved' desc, d.domain) from ${conferenceDomain} d where d.conference_id = ${conferenceId}), '[]'::json)`,
        registrants: sql<number>`(select count(*)::int from ${conferenceRegistration} g where g.conference_id = ${conferenceId} and g.status <> 'cancelled')`,
        revenue: sql<
          OverviewRow['revenue']
        >`coalesce((select json_agg(json_build_object('currency', x.currency, 'amountMinor', x.amount) order by x.currency) from (select b.currency, sum(b.amount_minor - b.refunded_minor)::bigint as amount from ${paymentBill} b where b.conference_id = ${conferenceId} and b.status = 'paid' group by b.currency) x), '[]'::json)`,
        pendingPublication,
        pendingDomains,
      })
      .from(conference)
      .where(condition)
      .orderBy(desc(pendingPublication), desc(conference.createdAt), desc(conference.id))
      .limit(OVERVIEW_PAGE_SIZE)
      .offset((filter.page - 1) * OVERVIEW_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(conference)
      .where(condition),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      title: row.title as OverviewRow['title'],
      registrants: Number(row.registrants),
      pendingDomains: Number(row.pendingDomains),
      revenue: row.revenue.map((r) => ({ currency: r.currency, amountMinor: Number(r.amountMinor) })),
    })),
    total: Number(total),
  };
}

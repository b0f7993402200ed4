import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { checkin, checkinList, conferenceRegistration, registrationFee, user } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { PAID_STATUSES } from '@/lib/orders/rules';
import { openCheckinLists } from './lists';

type Scope = { conferenceId: number; timeZone: string };

export type ListCount = { listId: number; kind: 'door' | 'fee'; title: LocalizedText | null; checkedIn: number; expected: number };
export type HourCount = { listId: number; hour: string; count: number };

const PAID = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The organiser's live counts: per open list, active check-ins against who is expected (the door: complete
 * registrations, paid or free and not cancelled; a fee's list: who bought and paid that fee), and active check-ins
 * per hour in the conference's time zone ('YYYY-MM-DD HH:00').
 */
export async function checkinCounts(db: Executor, { conferenceId, timeZone }: Scope): Promise<{ lists: ListCount[]; hours: HourCount[] }> {
  const lists = await openCheckinLists(db, { conferenceId });
  const r = conferenceRegistration;
  const [{ door }] = await db
    .select({
      door: sql<number>`count(*)::int`,
    })
    .from(r)
    .where(
      and(
        eq(r.conferenceId, conferenceId),
        sql`${r.status} <> 'cancelled'`,
        sql`(not coalesce((select rc.costs_set from registration_config rc where rc.conference_id = ${conferenceId}), false)
          or exists (select 1 from conference_order o where o.conference_id = ${conferenceId} and o.user_id = ${r.userId}
            and o.type = 'registration' and o.order_status = 'available' and o.pay_status in (${PAID})))`,
      ),
    );
  const feeExpected = await db
    .select({ feeId: registrationFee.id, expected: sql<number>`count(distinct o.user_id)::int` })
    .from(registrationFee)
    .innerJoin(
      sql`conference_order o`,
      sql`o.conference_id = ${conferenceId} and o.fee_id = ${registrationFee.id} and o.type = 'optional' and o.order_status = 'available' and o.pay_status in (${PAID})
        and exists (select 1 from conference_registration rr where rr.conference_id = ${conferenceId} and rr.user_id = o.user_id and rr.status <> 'cancelled')`,
    )
    .where(eq(registrationFee.conferenceId, conferenceId))
    .groupBy(registrationFee.id);
  const active = await db
    .select({ listId: checkin.listId, count: sql<number>`count(*)::int` })
    .from(checkin)
    .where(and(eq(checkin.conferenceId, conferenceId), isNull(checkin.undoneAt)))
    .groupBy(checkin.listId);
  const hourExpr = sql<string>`to_char(${checkin.checkedInAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:00')`;
  const hours = await db
    .select({ listId: checkin.listId, hour: hourExpr, count: sql<number>`count(*)::int` })
    .from(checkin)
    .innerJoin(checkinList, and(eq(checkinList.id, checkin.listId), isNull(checkinList.closedAt)))
    .where(and(eq(checkin.conferenceId, conferenceId), isNull(checkin.undoneAt)))
    // By position: the zone is a parameter, so the expression would not match itself in GROUP BY.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`2`, sql`1`);
  return {
    lists: lists.map((l) => ({
      listId: l.id,
      kind: l.kind,
      title: l.title,
      checkedIn: active.find((a) => a.listId === l.id)?.count ?? 0,
      expected: l.kind === 'door' ? door : (feeExpected.find((f) => f.feeId === l.feeId)?.expected ?? 0),
    })),
    hours,
  };
}

export type CheckinRow = {
  list: LocalizedText | null;
  kind: 'door' | 'fee';
  code: string;
  name: string;
  organisation: string;
  checkedInAt: Date;
  checkedInBy: string | null;
  method: string;
  undoneAt: Date | null;
  undoneBy: string | null;
};

/** Every check-in of the conference (undone ones too, marked), oldest first: the rows of the export. */
export async function checkinRows(
  db: Executor,
  { conferenceId, listId }: { conferenceId: number; listId?: number },
): Promise<CheckinRow[]> {
  const rows = await db
    .select({
      list: registrationFee.title,
      kind: checkinList.kind,
      code: conferenceRegistration.code,
      answers: conferenceRegistration.answers,
      accountName: sql<string>`(select u.name from "user" u where u.id = ${conferenceRegistration.userId})`,
      checkedInAt: checkin.checkedInAt,
      checkedInBy: user.name,
      method: checkin.method,
      undoneAt: checkin.undoneAt,
      undoneBy: sql<string | null>`(select u.name from "user" u where u.id = ${checkin.undoneBy})`,
    })
    .from(checkin)
    .innerJoin(checkinList, and(eq(checkinList.id, checkin.listId), eq(checkinList.conferenceId, conferenceId)))
    .leftJoin(registrationFee, eq(registrationFee.id, checkinList.feeId))
    .innerJoin(conferenceRegistration, eq(conferenceRegistration.id, checkin.registrationId))
    .leftJoin(user, eq(user.id, checkin.checkedInBy))
    .where(and(eq(checkin.conferenceId, conferenceId), listId ? eq(checkin.listId, listId) : undefined))
    .orderBy(asc(checkin.checkedInAt), asc(checkin.id));
  const text = (a: Record<string, string | string[]>, k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  return rows.map(({ answers, accountName, kind, ...row }) => ({
    ...row,
    kind: kind === 'door' ? 'door' : 'fee',
    name: text(answers, 'name') || accountName,
    organisation: text(answers, 'unit'),
  }));
}

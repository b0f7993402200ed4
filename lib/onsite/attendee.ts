import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { conferenceRegistration, registrationConfig, user } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { isPaid, PAID_STATUSES } from '@/lib/orders/rules';
import { readCheckinConfig } from './config';
import type { CheckinList } from './lists';

/** The email address or phone number a search matched, shown with the result (contact search only). */
export type MatchedContact = { email: string | null; phone: string | null };

/**
 * What the door sees of a registrant on one list, and nothing more: name (as registered, and the account's when it
 * differs), registration number, organisation, fee category, payment and state (no email, no phone, no answers).
 * onList: the registration is complete (paid, or free, and not cancelled) and, on a fee's list, its fee was bought and
 * paid. contact: only on a search result found by its email or phone (contact search), the one that matched.
 */
export type Attendee = {
  registrationId: number;
  code: string;
  name: string;
  accountName: string | null;
  organisation: string;
  feeCategory: LocalizedText | null;
  payment: 'paid' | 'free' | 'unpaid';
  cancelled: boolean;
  onList: boolean;
  checkedIn: { at: string; by: string | null } | null;
  contact?: MatchedContact;
};

const PAID = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

const answerText = (answers: Record<string, string | string[]>, key: string) => {
  const value = answers[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Registrants of this conference on `list` matching `where`, at most `limit`, each with `contact` when given (what a
 * contact search matched). Every query names the conference.
 */
async function attendees(
  db: Executor,
  conferenceId: number,
  list: CheckinList,
  where: SQL,
  limit: number,
  contact?: SQL<MatchedContact | null>,
): Promise<Attendee[]> {
  const r = conferenceRegistration;
  const rows = await db
    .select({
      id: r.id,
      code: r.code,
      status: r.status,
      answers: r.answers,
      accountName: user.name,
      charged: sql<boolean>`coalesce(${registrationConfig.costsSet}, false)`,
      order: sql<{
        item: LocalizedText;
        payStatus: string;
      } | null>`(select json_build_object('item', o.item_name, 'payStatus', o.pay_status)
        from conference_order o where o.conference_id = ${r.conferenceId} and o.user_id = ${r.userId}
        and o.type = 'registration' and o.order_status = 'available' order by o.id desc limit 1)`,
      bought:
        list.kind === 'fee'
          ? sql<boolean>`exists (select 1 from conference_order o where o.conference_id = ${r.conferenceId} and o.user_id = ${r.userId}
          and o.type = 'optional' and o.fee_id = ${list.feeId} and o.order_status = 'available' and o.pay_status in (${PAID}))`
          : sql<boolean>`true`,
      active: sql<{ at: string; by: string | null } | null>`(select json_build_object('at', c.checked_in_at, 'by', cu.name)
        from checkin c left join "user" cu on cu.id = c.checked_in_by
        where c.conference_id = ${conferenceId} and c.list_id = ${list.id} and c.registration_id = ${r.id} and c.undone_at is null limit 1)`,
      contact: contact ?? sql<MatchedContact | null>`null`,
    })
    .from(r)
    .innerJoin(user, eq(user.id, r.userId))
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, r.conferenceId))
    .where(and(eq(r.conferenceId, conferenceId), where))
    .orderBy(r.id)
    .limit(limit);
  return rows.map((row) => {
    const paid = row.order !== null && isPaid(row.order.payStatus);
    const payment = paid ? 'paid' : row.charged ? 'unpaid' : 'free';
    const cancelled = row.status === 'cancelled';
    const name = answerText(row.answers, 'name') || row.accountName;
    const matched = row.contact && (row.contact.email || row.contact.phone) ? { contact: row.contact } : {};
    return {
      registrationId: row.id,
      code: row.code,
      name,
      accountName: row.accountName.trim() && row.accountName.trim() !== name ? row.accountName.trim() : null,
      organisation: answerText(row.answers, 'unit'),
      feeCategory: row.order?.item ?? null,
      payment,
      cancelled,
      onList: !cancelled && payment !== 'unpaid' && Boolean(row.bought),
      checkedIn: row.active ? { at: new Date(row.active.at).toISOString(), by: row.active.by } : null,
      ...matched,
    };
  });
}

/** One registrant of this conference as the door sees them on `list`; null when the id is not this conference's. */
export async function findAttendee(db: Executor, conferenceId: number, list: CheckinList, registrationId: number) {
  const [row] = await attendees(db, conferenceId, list, eq(conferenceRegistration.id, registrationId), 1);
  return row ?? null;
}

/**
 * The door's search, at most ten: by what the door shows of a registrant — the name as registered and the account's
 * name, the registration number, the organisation. Only where the organiser turned contact search on
 * (lib/onsite/config.ts) does it also match email addresses and phone numbers, and then each result found that way
 * carries the address or number that matched, so the door is never told of a match it cannot see.
 */
export async function searchAttendees(db: Executor, conferenceId: number, list: CheckinList, q: string): Promise<Attendee[]> {
  const { contactSearch } = await readCheckinConfig(db, { conferenceId });
  const like = `%${escapeLike(q)}%`;
  const r = conferenceRegistration;
  const shown = sql`${r.answers}->>'name' ilike ${like} or ${user.name} ilike ${like} or ${r.code} ilike ${like}
    or ${r.answers}->>'unit' ilike ${like}`;
  if (!contactSearch) return attendees(db, conferenceId, list, sql`(${shown})`, 10);
  const email = sql`case when ${user.email} ilike ${like} then ${user.email}
    when ${r.answers}->>'email' ilike ${like} then ${r.answers}->>'email' end`;
  // A phone number is compared by its digits (and +), so "139 1234" finds "13912345678"; two digits at least.
  const digits = q.replace(/[^0-9+]/g, '');
  const phone =
    digits.length >= 2
      ? sql`case when regexp_replace(coalesce(${r.answers}->>'telephone', ''), '[^0-9+]', '', 'g') like ${`%${escapeLike(digits)}%`}
          then ${r.answers}->>'telephone' end`
      : sql`null::text`;
  return attendees(
    db,
    conferenceId,
    list,
    sql`(${shown} or (${email}) is not null or (${phone}) is not null)`,
    10,
    sql<MatchedContact>`json_build_object('email', ${email}, 'phone', ${phone})`,
  );
}

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceOrder, conferenceRegistration, registrationConfig, user } from '@/db/schema';
import { isLocale, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { isPaid } from '@/lib/orders/rules';

/** What the door sees of a ticket's holder: no email, no phone. */
export type TicketHolder = {
  registrationId: number;
  code: string;
  name: string;
  organisation: string;
  /** The registration fee's name; null on a free conference. */
  feeCategory: LocalizedText | null;
  /** 'paid': the registration fee was paid; 'free': the conference charges nothing; 'unpaid': not (or no longer) paid. */
  payment: 'paid' | 'free' | 'unpaid';
  /** Whether the registration entitles its holder to a ticket (paid or free, and not cancelled). */
  complete: boolean;
};

/** What a ticket mail needs beyond the holder. */
export type TicketHolderContact = TicketHolder & { email: string; locale: Locale; conferenceTitle: LocalizedText };

const answerText = (answers: Record<string, string | string[]>, key: string) => {
  const value = answers[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * One registration of this conference as its ticket sees it, read live (null when the id is another conference's).
 * Complete means: not cancelled, and either the conference charges nothing or the registrant's available
 * registration order is paid. A cancelled order, an expired one or a refund in full (the order becomes 'abnormal')
 * makes it incomplete again, so its ticket is refused at the door.
 */
export async function findTicketHolder(
  db: Executor,
  { conferenceId, registrationId }: { conferenceId: number; registrationId: number },
): Promise<TicketHolderContact | null> {
  const [row] = await db
    .select({
      id: conferenceRegistration.id,
      code: conferenceRegistration.code,
      status: conferenceRegistration.status,
      answers: conferenceRegistration.answers,
      locale: conferenceRegistration.locale,
      name: user.name,
      email: user.email,
      title: conference.title,
      charged: sql<boolean>`coalesce(${registrationConfig.costsSet}, false)`,
      order: sql<{
        item: LocalizedText;
        payStatus: string;
      } | null>`(select json_build_object('item', o.item_name, 'payStatus', o.pay_status)
        from ${conferenceOrder} o where o.conference_id = ${conferenceRegistration.conferenceId} and o.user_id = ${conferenceRegistration.userId}
        and o.type = 'registration' and o.order_status = 'available' order by o.id desc limit 1)`,
    })
    .from(conferenceRegistration)
    .innerJoin(user, eq(user.id, conferenceRegistration.userId))
    .innerJoin(conference, eq(conference.id, conferenceRegistration.conferenceId))
    .leftJoin(registrationConfig, eq(registrationConfig.conferenceId, conferenceRegistration.conferenceId))
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.id, registrationId)));
  if (!row) return null;
  const paid = row.order !== null && isPaid(row.order.payStatus);
  const payment = paid ? 'paid' : row.charged ? 'unpaid' : 'free';
  return {
    registrationId: row.id,
    code: row.code,
    name: answerText(row.answers, 'name') || row.name,
    organisation: answerText(row.answers, 'unit'),
    feeCategory: row.order?.item ?? null,
    payment,
    complete: row.status !== 'cancelled' && payment !== 'unpaid',
    email: row.email,
    locale: isLocale(row.locale) ? row.locale : 'zh',
    conferenceTitle: row.title,
  };
}

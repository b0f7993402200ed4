import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceOrder, conferenceRegistration, paymentSettings, user } from '@/db/schema';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { formatMoney } from '@/lib/fees/money';
import { localePath } from '@/lib/i18n/locale-path';
import { isLocale, localized, type Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { onPayClockSql, orderExpiryMinutesSql, orderPayBy, payBySql, payClockStartSql, payReminderMinutesSql, sqlTime } from './pay-by';
import { formatPayBy, payPageUrl } from './pay-by-text';
import type { Order } from './place-fee-order';

const BATCH = 200;

/** An order as the mails about paying it need it (before it expired, for the expiry notice). */
export type MailOrder = Pick<
  Order,
  | 'id'
  | 'conferenceId'
  | 'userId'
  | 'orderNo'
  | 'itemName'
  | 'totalMinor'
  | 'currency'
  | 'type'
  | 'orderStatus'
  | 'payStatus'
  | 'createdAt'
  | 'payableSince'
>;

/** Not yet reminded for its current time to pay (a reminder before it became payable again does not count). */
const notRemindedYet = or(isNull(conferenceOrder.payReminderSentAt), lt(conferenceOrder.payReminderSentAt, payClockStartSql));

/**
 * One round of reminders: every unpaid order whose pay-by time (lib/orders/pay-by.ts) is within its
 * conference's reminder lead (payment settings' payReminderMinutes, 0 = none) and not yet past gets
 * one reminder, one mail per participant listing their due orders, in their registration's language.
 * The orders are claimed in the mail's transaction: locked SKIP LOCKED and marked by a conditional
 * update, so any number of sweeps at once send each reminder once. Returns the orders reminded.
 */
export async function sendPayReminders(db: DB, now = new Date()): Promise<number> {
  const at = sqlTime(now);
  return db.transaction(async (tx) => {
    const payBy = payBySql(payClockStartSql);
    const due = await tx
      .select({ id: conferenceOrder.id })
      .from(conferenceOrder)
      .leftJoin(paymentSettings, eq(paymentSettings.conferenceId, conferenceOrder.conferenceId))
      .where(
        and(
          onPayClockSql,
          notRemindedYet,
          sql`${payReminderMinutesSql} > 0`,
          sql`${payBy} - make_interval(mins => ${payReminderMinutesSql}) <= ${at}`,
          sql`${payBy} > ${at}`,
        ),
      )
      .orderBy(conferenceOrder.id)
      .limit(BATCH)
      .for('update', { of: conferenceOrder, skipLocked: true });
    if (due.length === 0) return 0;
    const claimed = await tx
      .update(conferenceOrder)
      .set({ payReminderSentAt: now })
      .where(
        and(
          inArray(
            conferenceOrder.id,
            due.map((d) => d.id),
          ),
          notRemindedYet,
        ),
      )
      .returning();
    await queueOrderMails(tx, 'payReminder', claimed);
    return claimed.length;
  });
}

/** Reminder rounds until none is due (a batch at a time). */
export async function sendAllPayReminders(db: DB, now = new Date()): Promise<number> {
  let total = 0;
  for (let sent = await sendPayReminders(db, now); sent > 0; sent = await sendPayReminders(db, now)) total += sent;
  return total;
}

/**
 * Queues one mail per participant about these orders (a reminder to pay, or the notice that they
 * expired), in the participant's registration language, in the caller's transaction. `payBy` of an
 * order that has none from its row (a transfer announced) may be given by `transferAt`.
 */
export async function queueOrderMails(
  tx: Executor,
  template: 'payReminder' | 'orderExpired',
  orders: MailOrder[],
  transferAt: Map<number, Date> = new Map(),
): Promise<void> {
  for (const conferenceId of new Set(orders.map((o) => o.conferenceId))) {
    const ofConference = orders.filter((o) => o.conferenceId === conferenceId);
    const [conf] = await tx
      .select({
        title: conference.title,
        timeZone: conference.timeZone,
        minutes: sql<number>`${orderExpiryMinutesSql}`.mapWith(Number),
      })
      .from(conference)
      .leftJoin(paymentSettings, eq(paymentSettings.conferenceId, conference.id))
      .where(eq(conference.id, conferenceId));
    if (!conf) continue;
    const origin = await siteOrigin(tx, conferenceId);
    const userIds = [...new Set(ofConference.map((o) => o.userId))];
    const people = await tx
      .select({ id: user.id, email: user.email, name: user.name, locale: conferenceRegistration.locale })
      .from(user)
      .leftJoin(
        conferenceRegistration,
        and(eq(conferenceRegistration.userId, user.id), eq(conferenceRegistration.conferenceId, conferenceId)),
      )
      .where(inArray(user.id, userIds));
    for (const person of people) {
      const mine = ofConference.filter((o) => o.userId === person.id);
      const locale: Locale = person.locale && isLocale(person.locale) ? person.locale : 'zh';
      const payBys = mine.flatMap((o) => orderPayBy(o, conf.minutes, transferAt.get(o.id)) ?? []);
      const payBy = payBys.length ? formatPayBy(new Date(Math.min(...payBys.map((d) => d.getTime()))), locale, conf.timeZone) : '';
      const list = mine
        .map((o) => `${o.orderNo} ${localized(o.itemName, locale)} ${formatMoney(o.totalMinor, o.currency, locale)}`)
        .join(locale === 'zh' ? '；' : '; ');
      await enqueueMail(tx, {
        conferenceId,
        to: person.email,
        template,
        locale,
        vars: {
          name: person.name,
          conference: localized(conf.title, locale),
          orders: list,
          payBy,
          ...(template === 'payReminder'
            ? { payUrl: payPageUrl(origin, locale, mine) }
            : { link: `${origin}${localePath(locale, '/profile/order/list')}` }),
        },
      });
    }
  }
}

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceOrder, conferenceRegistration, mailOutbox, paymentSettings, registrationConfig, user } from '@/db/schema';
import { GET as configGet } from '@/app/api/conference/platform/config/pay/route';
import { POST as timesPost } from '@/app/api/conference/platform/config/pay/times/route';
import { paymentSweep } from '@/lib/payments/recover';
import { registerParticipant } from '@/lib/registration/register-participant';
import { formatPayBy } from './pay-by-text';
import { plantOrder } from '@/testing/fixtures/payments';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';

/**
 * The reminder to pay and the expiry notice, with the sweep's clock moved (the sweep takes `now`):
 * a participant whose order is about to expire gets one reminder in their registration's language
 * with the pay-by time in the conference's zone and the payment page's link, then one notice when
 * it expired; a sweep run again, or several at once, sends neither twice. A second participant,
 * due later, is the control: the same concurrent sweeps do send them theirs, once.
 */

const HOUR = 3_600_000;
// Placed at a fixed instant (the sweep is told the time): the default order time is 3 days and the
// reminder 24 h before, so the pay-by time is 2030-03-13 08:00 UTC — 09:00 in Berlin (CET).
const PLACED = new Date('2030-03-10T08:00:00Z');
const LATER = new Date(PLACED.getTime() + 2 * HOUR);

describe.each(testBackends('both'))('pay reminders and expiry notices on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let manager: { token: string };
  let english: { userId: string; email: string; orderId: number };
  let chinese: { userId: string; email: string; orderId: number };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `remind${backend}`);
    await database.db.update(conference).set({ timeZone: 'Europe/Berlin' }).where(eq(conference.id, fx.conferenceId));
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    const participant = async (locale: 'zh' | 'en', placed: Date) => {
      const account = await plantAccount(database, fx.conferenceId);
      await database.db
        .insert(conferenceRegistration)
        .values({ conferenceId: fx.conferenceId, userId: account.userId, code: `R-${locale}-${backend}`, locale, answers: {} });
      const order = await plantOrder(database, fx, account.userId, { createdAt: placed, holdsPlace: true });
      return { userId: account.userId, email: account.email, orderId: order.id };
    };
    english = await participant('en', PLACED);
    chinese = await participant('zh', LATER);
    await database.db.update(user).set({ name: 'Ada Lovelace' }).where(eq(user.id, english.userId));
  });
  afterAll(async () => {
    await database?.close();
  });

  const mails = (template: string, to: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, to)));
  const at = (hours: number) => new Date(PLACED.getTime() + hours * HOUR);

  it('one reminder a day before the pay-by time, in the participant’s language, with the time and the link; never twice', async () => {
    // 25 hours before: too early.
    await paymentSweep(database.db, at(47));
    expect(await mails('payReminder', english.email)).toHaveLength(0);

    await paymentSweep(database.db, at(49));
    const [reminder, ...more] = await mails('payReminder', english.email);
    expect(more).toHaveLength(0);
    expect(reminder.locale).toBe('en');
    expect(reminder.subject).toContain('13 Mar 2030, 09:00 (GMT+1)');
    expect(reminder.text).toContain('Dear Ada Lovelace');
    expect(reminder.text).toContain('Please pay them by 13 Mar 2030, 09:00 (GMT+1)');
    expect(reminder.text).toMatch(
      new RegExp(`http://${fx.host.replace('.', '\\.')}(:\\d+)?/en/profile/order/pay/goto/${english.orderId}\\b`),
    );
    // The Chinese participant's order is not due yet (placed two hours later).
    expect(await mails('payReminder', chinese.email)).toHaveLength(0);

    // The same sweep again, then three at once: still one reminder each; the control is reminded by them, once, in Chinese.
    await paymentSweep(database.db, at(49));
    await Promise.all([0, 1, 2].map(() => paymentSweep(database.db, at(51))));
    expect(await mails('payReminder', english.email)).toHaveLength(1);
    const chineseReminders = await mails('payReminder', chinese.email);
    expect(chineseReminders).toHaveLength(1);
    expect(chineseReminders[0].locale).toBe('zh');
    expect(chineseReminders[0].text).toContain('请于 2030年3月13日 11:00 (GMT+1) 前完成支付');
    expect(chineseReminders[0].text).toContain(`/profile/order/pay/goto/${chinese.orderId}`);
    expect(chineseReminders[0].text).not.toContain('/en/');
  });

  it('one notice when the order expired, none twice; the control expires later and is told once', async () => {
    // Just before the pay-by time nothing expires; just after, the English order does.
    await paymentSweep(database.db, new Date(at(72).getTime() - 60_000));
    expect(await mails('orderExpired', english.email)).toHaveLength(0);
    await paymentSweep(database.db, new Date(at(72).getTime() + 60_000));
    const [order] = await database.db.select().from(conferenceOrder).where(eq(conferenceOrder.id, english.orderId));
    expect(order).toMatchObject({ orderStatus: 'invalid', payStatus: 'expired' });
    const notices = await mails('orderExpired', english.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].locale).toBe('en');
    expect(notices[0].text).toContain('were not paid by 13 Mar 2030, 09:00 (GMT+1)');
    expect(notices[0].text).toContain(order.orderNo);
    expect(await mails('orderExpired', chinese.email)).toHaveLength(0);

    await paymentSweep(database.db, at(73));
    await Promise.all([0, 1, 2].map(() => paymentSweep(database.db, at(75))));
    expect(await mails('orderExpired', english.email)).toHaveLength(1);
    const chineseNotices = await mails('orderExpired', chinese.email);
    expect(chineseNotices).toHaveLength(1);
    expect(chineseNotices[0].locale).toBe('zh');
    expect(chineseNotices[0].text).toContain('未在 2030年3月13日 11:00 (GMT+1) 前支付');
    // No reminder came after the expiry either.
    expect(await mails('payReminder', english.email)).toHaveLength(1);
    expect(await mails('payReminder', chinese.email)).toHaveLength(1);
  });

  it('the registration mail names the pay-by time in the conference’s zone and links the payment page', async () => {
    await database.db
      .insert(registrationConfig)
      .values({ conferenceId: fx.conferenceId, startDate: '2000-01-01', endDate: '2999-12-31', costsSet: true });
    const [conf] = await database.db.select().from(conference).where(eq(conference.id, fx.conferenceId));
    const account = await plantAccount(database, fx.conferenceId);
    const { orders } = await registerParticipant(database.db, {
      conference: conf,
      userId: account.userId,
      answers: {},
      fees: { registerFeeId: fx.feeId, optional: [], invitationCode: '' },
      locale: 'en',
    });
    const payBy = new Date(orders[0].createdAt.getTime() + 72 * HOUR);
    const [mail] = await mails('registrationSuccess', account.email);
    expect(mail.text).toContain(`Please pay them by ${formatPayBy(payBy, 'en', 'Europe/Berlin')}`);
    expect(mail.text).toMatch(/\(GMT\+[12]\)/);
    expect(mail.text).toContain(`/en/profile/order/pay/goto/${orders[0].id}`);
  });

  it('the reminder lead is validated: a bad value is refused on its field and nothing changes', async () => {
    const save = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      callHandler(timesPost, fx, { token: manager.token, body: JSON.stringify(body), headers });
    const stored = async () => {
      const res = await callHandler(configGet, fx, { token: manager.token, method: 'GET' });
      return (res.json!.data as { times: Record<string, number> }).times;
    };
    const before = await stored();
    expect(before).toMatchObject({ orderExpiryMinutes: 4320, payReminderMinutes: 1440 });

    for (const [reminder, message] of [
      [4320, 'The reminder must come before the order expires'],
      [-5, 'from 0 to 525600'],
      ['soon', ''],
    ] as const) {
      const res = await save({ orderExpiryMinutes: 4320, billExpiryMinutes: 60, payReminderMinutes: reminder }, { 'x-locale': 'en' });
      expect(res.status, res.text).toBe(400);
      const fields = (res.json as { fields?: Record<string, string> }).fields ?? {};
      expect(Object.keys(fields)).toEqual(['payReminderMinutes']);
      expect(fields.payReminderMinutes).toContain(message);
    }
    expect(await stored()).toEqual(before);
    expect(await database.db.select().from(paymentSettings).where(eq(paymentSettings.conferenceId, fx.conferenceId))).toHaveLength(0);

    const ok = await save({ orderExpiryMinutes: 600, billExpiryMinutes: 60, payReminderMinutes: 120 });
    expect(ok.status, ok.text).toBe(200);
    expect(await stored()).toMatchObject({ orderExpiryMinutes: 600, payReminderMinutes: 120 });
  });
});

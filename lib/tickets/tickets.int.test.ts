import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import {
  conferenceOrder,
  conferenceRegistration,
  mailOutbox,
  paymentBill,
  paymentBillOrder,
  registrationConfig,
  ticket,
} from '@/db/schema';
import { settleBill } from '@/lib/payments/apply-event';
import { throughPlatformSmtp } from '@/lib/mail/template-catalog';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { issueTicket, liveTicket, reissueTicket } from './issue-ticket';
import { signTicketToken } from './token';
import { verifyTicketToken } from './verify-ticket';

/**
 * Tickets (issue 24 points 1 and 6): issued once to a complete registration (paid, or free), mailed once, refused at
 * the door when forged, altered, superseded by a reissue, cancelled or refunded, or another conference's; the token
 * carries no personal data.
 */
const NAME = '张三丰';
const PHONE = '13800138000';

describe.each(testBackends('both'))('tickets on %s', (backend) => {
  let database: Database;
  let paidConf: ConferenceFixture;
  let freeConf: ConferenceFixture;
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    paidConf = await plantConference(database, `tix-paid-${backend}`);
    freeConf = await plantConference(database, `tix-free-${backend}`);
    await database.db.insert(registrationConfig).values({ conferenceId: paidConf.conferenceId, costsSet: true });
    await database.db.insert(registrationConfig).values({ conferenceId: freeConf.conferenceId, costsSet: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A registrant of `fx` with a name, an organisation and a phone in their answers. */
  async function register(fx: ConferenceFixture) {
    const account = await plantAccount(database, fx.conferenceId);
    n++;
    const [reg] = await database.db
      .insert(conferenceRegistration)
      .values({
        conferenceId: fx.conferenceId,
        userId: account.userId,
        code: `T-${n}-${randomBytes(2).toString('hex')}`,
        answers: { name: NAME, unit: '中国科学院物理研究所', telephone: PHONE, email: account.email },
      })
      .returning();
    return { ...account, registrationId: reg.id, code: reg.code };
  }

  /** A registration order of the registrant, in `payStatus`. */
  async function order(fx: ConferenceFixture, userId: string, registrationId: number, payStatus: string) {
    const [row] = await database.db
      .insert(conferenceOrder)
      .values({
        conferenceId: fx.conferenceId,
        orderNo: sql`'K' || nextval('order_number_seq')::text`,
        userId,
        registrationId,
        type: 'registration',
        feeId: fx.feeId,
        itemName: { zh: '学生注册费', en: 'Student fee' },
        unitPriceMinor: 50000,
        totalMinor: 50000,
        currency: 'CNY',
        displayCurrency: 'CNY',
        displayTotalMinor: 50000,
        payStatus,
      })
      .returning();
    return row;
  }

  const ticketMails = (to: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'ticketIssued'), eq(mailOutbox.toAddress, to)));

  it('gives an unpaid registration no ticket, and a paid one exactly one, mailed once in its language', async () => {
    const who = await register(paidConf);
    const unpaid = await order(paidConf, who.userId, who.registrationId, 'unpaid');
    const scope = { conferenceId: paidConf.conferenceId, registrationId: who.registrationId };
    expect(await issueTicket(database.db, scope)).toBeNull();
    expect(await liveTicket(database.db, scope)).toBeNull();
    expect(await ticketMails(who.email)).toHaveLength(0);

    await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, unpaid.id));
    const [first, again] = await Promise.all([issueTicket(database.db, scope), issueTicket(database.db, scope)]);
    expect(first?.token).toBeTruthy();
    expect(again?.token).toBe(first?.token);
    const rows = await database.db.select().from(ticket).where(eq(ticket.registrationId, who.registrationId));
    expect(rows).toHaveLength(1);
    const mails = await ticketMails(who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].locale).toBe('zh');
    expect(mails[0].subject).toContain('电子票');
    expect(mails[0].text).toContain(who.code);
    expect(mails[0].text).toContain('/api/conference/ticket/pdf');
    // The ticket is a credential: never through a conference's own SMTP.
    expect(throughPlatformSmtp('ticketIssued')).toBe(true);

    const verdict = await verifyTicketToken(database.db, paidConf.conferenceId, first!.token);
    expect(verdict).toMatchObject({
      ok: true,
      holder: {
        name: NAME,
        organisation: '中国科学院物理研究所',
        code: who.code,
        payment: 'paid',
        feeCategory: { zh: '学生注册费', en: 'Student fee' },
      },
    });
    expect(JSON.stringify(verdict)).not.toContain(who.email);
    expect(JSON.stringify(verdict)).not.toContain(PHONE);
  });

  it('issues and mails the ticket when a transfer paying the registration fee is confirmed', async () => {
    const who = await register(paidConf);
    const fee = await order(paidConf, who.userId, who.registrationId, 'delay');
    const [bill] = await database.db
      .insert(paymentBill)
      .values({
        conferenceId: paidConf.conferenceId,
        billNo: `B${randomBytes(5).toString('hex')}`,
        userId: who.userId,
        methodKind: 'bankRemit',
        amountMinor: fee.totalMinor,
        currency: 'CNY',
        status: 'delay',
      })
      .returning();
    await database.db.insert(paymentBillOrder).values({ billId: bill.id, orderId: fee.id, conferenceId: paidConf.conferenceId });
    const manager = await plantAccount(database, paidConf.conferenceId, 'manager');
    const settled = await database.db.transaction((tx) =>
      settleBill(tx, bill, { providerTxnId: null, actor: manager.userId, template: 'paymentConfirmed', now: new Date() }),
    );
    expect(settled).toBe(true);
    const live = await liveTicket(database.db, { conferenceId: paidConf.conferenceId, registrationId: who.registrationId });
    expect(live?.generation).toBe(1);
    expect(await ticketMails(who.email)).toHaveLength(1);
  });

  it('puts no personal data in the token', async () => {
    const who = await register(freeConf);
    const issued = await issueTicket(database.db, { conferenceId: freeConf.conferenceId, registrationId: who.registrationId });
    expect(issued).not.toBeNull();
    const token = issued!.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('|');
    for (const secret of [who.email, who.email.split('@')[0], NAME, PHONE, who.code, who.userId]) {
      expect(token).not.toContain(secret);
      expect(decoded).not.toContain(secret);
    }
    expect(Buffer.from(token.split('.')[0], 'base64url')).toHaveLength(25);
    // A free registration is complete: accepted, and said to be free.
    expect(await verifyTicketToken(database.db, freeConf.conferenceId, token)).toMatchObject({ ok: true, holder: { payment: 'free' } });
  });

  it('refuses forged, altered, other conferences’ tokens and accepts the genuine one', async () => {
    const who = await register(freeConf);
    const { token, ticket: row } = (await issueTicket(database.db, {
      conferenceId: freeConf.conferenceId,
      registrationId: who.registrationId,
    }))!;
    const check = (t: string, conferenceId = freeConf.conferenceId) => verifyTicketToken(database.db, conferenceId, t);
    expect(await check(token)).toMatchObject({ ok: true });

    // Made up: not a token at all, random bytes in the right shape, and one signed with another key.
    expect(await check('hello')).toEqual({ ok: false, reason: 'forged' });
    expect(await check(`${randomBytes(25).toString('base64url')}.${randomBytes(32).toString('base64url')}`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    const otherKey = randomBytes(32);
    const forged = signTicketToken(
      { conferenceId: freeConf.conferenceId, ticketId: 999999, nonce: randomBytes(16).toString('base64url') },
      otherKey,
    );
    expect(await check(forged)).toEqual({ ok: false, reason: 'forged' });

    // One character changed: in the signature, or in the nonce of the payload.
    const [payload, tag] = token.split('.');
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    expect(await check(`${payload}.${flip(tag, 5)}`)).toEqual({ ok: false, reason: 'altered' });
    expect(await check(`${flip(payload, 20)}.${tag}`)).toEqual({ ok: false, reason: 'altered' });
    // The real ticket signed with another key is altered too (names a real ticket, not our signature).
    expect(await check(signTicketToken({ conferenceId: freeConf.conferenceId, ticketId: row.id, nonce: row.nonce }, otherKey))).toEqual({
      ok: false,
      reason: 'altered',
    });

    // A genuine ticket of another conference at this door.
    expect(await check(token, paidConf.conferenceId)).toEqual({ ok: false, reason: 'other-conference' });
  });

  it('refuses the old token after a reissue, and accepts the new one', async () => {
    const who = await register(freeConf);
    const scope = { conferenceId: freeConf.conferenceId, registrationId: who.registrationId };
    const first = (await issueTicket(database.db, scope))!;
    const manager = await plantAccount(database, freeConf.conferenceId, 'manager');
    const second = await reissueTicket(database.db, { ...scope, actorUserId: manager.userId });
    expect(second.token).not.toBe(first.token);
    expect(second.ticket.generation).toBe(2);
    expect(await verifyTicketToken(database.db, freeConf.conferenceId, first.token)).toEqual({ ok: false, reason: 'superseded' });
    expect(await verifyTicketToken(database.db, freeConf.conferenceId, second.token)).toMatchObject({ ok: true, generation: 2 });
    // Reissuing from another conference touches nothing.
    await expect(
      reissueTicket(database.db, { ...scope, conferenceId: paidConf.conferenceId, actorUserId: manager.userId }),
    ).rejects.toThrow('REGISTRANT_NOT_FOUND');
    expect(await verifyTicketToken(database.db, freeConf.conferenceId, second.token)).toMatchObject({ ok: true });
    expect(await ticketMails(who.email)).toHaveLength(2);
  });

  it('refuses a refunded or cancelled registration’s ticket', async () => {
    const refunded = await register(paidConf);
    const refundedOrder = await order(paidConf, refunded.userId, refunded.registrationId, 'paid');
    const a = (await issueTicket(database.db, { conferenceId: paidConf.conferenceId, registrationId: refunded.registrationId }))!;
    expect(await verifyTicketToken(database.db, paidConf.conferenceId, a.token)).toMatchObject({ ok: true });
    // Refunded in full: the order becomes abnormal (lib/payments/refund.ts).
    await database.db.update(conferenceOrder).set({ payStatus: 'abnormal' }).where(eq(conferenceOrder.id, refundedOrder.id));
    expect(await verifyTicketToken(database.db, paidConf.conferenceId, a.token)).toEqual({ ok: false, reason: 'cancelled' });

    const cancelled = await register(paidConf);
    const cancelledOrder = await order(paidConf, cancelled.userId, cancelled.registrationId, 'success');
    const b = (await issueTicket(database.db, { conferenceId: paidConf.conferenceId, registrationId: cancelled.registrationId }))!;
    await database.db
      .update(conferenceOrder)
      .set({ orderStatus: 'invalid', invalidReason: 'cancelled', payStatus: 'cancelled' })
      .where(eq(conferenceOrder.id, cancelledOrder.id));
    expect(await verifyTicketToken(database.db, paidConf.conferenceId, b.token)).toEqual({ ok: false, reason: 'cancelled' });

    const withdrawn = await register(freeConf);
    const c = (await issueTicket(database.db, { conferenceId: freeConf.conferenceId, registrationId: withdrawn.registrationId }))!;
    await database.db
      .update(conferenceRegistration)
      .set({ status: 'cancelled' })
      .where(eq(conferenceRegistration.id, withdrawn.registrationId));
    expect(await verifyTicketToken(database.db, freeConf.conferenceId, c.token)).toEqual({ ok: false, reason: 'cancelled' });
    // And no new ticket is issued to it.
    expect(await issueTicket(database.db, { conferenceId: freeConf.conferenceId, registrationId: withdrawn.registrationId })).toBeNull();
  });
});

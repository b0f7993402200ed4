import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { insertAccount } from '@/lib/accounts/create-account';
import { createBill } from '@/lib/payments/create-bill';
import { decideRemittance } from '@/lib/payments/remittance';
import { registerParticipant } from '@/lib/registration/register-participant';
import type { DB } from './client';
import { conference, conferenceMember, conferenceOrder, conferenceRegistration, registrationFee, user } from './schema';
import { DEMO_ACCOUNTS, DEMO_SLUG } from './seed';

/** Registrants of the demo with a paid registration fee, so its door has someone to check in (the first signs in). */
export const DEMO_ATTENDEES = [
  { email: 'attendee@confhub.test', name: '李参会 Li Canhui', unit: '中国科学院计算机网络信息中心', banquet: true, locale: 'zh' },
  { email: 'wang.fang@confhub.test', name: '王芳', unit: '北京大学', banquet: false, locale: 'zh' },
  { email: 'maria.rossi@confhub.test', name: 'Maria Rossi', unit: 'Università di Bologna', banquet: true, locale: 'en' },
] as const;

/**
 * Registers the demo attendees and pays their fees by a confirmed transfer, which issues and mails their tickets, as
 * a real registrant's would be. Only `npm start` and `npm run seed` plant them (the browser tests count the demo's
 * registrants). The first signs in with `password` to show a ticket at /profile.
 */
export async function seedDemoAttendees(db: DB, slug: string, password: string): Promise<void> {
  const [demo] = await db.select().from(conference).where(eq(conference.slug, slug));
  if (!demo) return;
  const [organiser] = await db
    .select({ id: conferenceMember.userId })
    .from(conferenceMember)
    .where(and(eq(conferenceMember.conferenceId, demo.id), eq(conferenceMember.role, 'manager')))
    .limit(1);
  const fees = await db
    .select()
    .from(registrationFee)
    .where(eq(registrationFee.conferenceId, demo.id))
    .orderBy(asc(registrationFee.sortOrder));
  const delegate = fees.find((f) => f.kind === 'register');
  const banquet = fees.find((f) => f.kind === 'optional');
  if (!organiser || !delegate) return;
  for (const [i, person] of DEMO_ATTENDEES.entries()) {
    let [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, person.email));
    if (!account) {
      const passwordHash = i === 0 ? await hashPassword(password) : null;
      account = { id: await db.transaction((tx) => insertAccount(tx, { email: person.email, name: person.name, passwordHash })) };
    }
    const [registered] = await db
      .select({ id: conferenceRegistration.id })
      .from(conferenceRegistration)
      .where(and(eq(conferenceRegistration.conferenceId, demo.id), eq(conferenceRegistration.userId, account.id)));
    if (registered) continue;
    const [fresh] = await db.select().from(conference).where(eq(conference.id, demo.id));
    await registerParticipant(db, {
      conference: fresh,
      userId: account.id,
      answers: { country: 'CN', name: person.name, unit: person.unit },
      fees: {
        registerFeeId: delegate.id,
        optional: person.banquet && banquet ? [{ feeId: banquet.id, quantity: 1 }] : [],
        invitationCode: '',
      },
      locale: person.locale,
    });
    const orders = await db
      .select({ id: conferenceOrder.id })
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.userId, account.id), eq(conferenceOrder.conferenceId, demo.id)));
    const bill = await createBill(db, {
      conferenceId: demo.id,
      user: { id: account.id, email: person.email },
      orderIds: orders.map((o) => o.id),
      kind: 'bankRemit',
      locale: person.locale,
      origin: 'http://localhost',
      ip: null,
    });
    await decideRemittance(db, { conferenceId: demo.id, billId: bill.billId, decision: 'confirm', note: '', actorUserId: organiser.id });
  }
}

/**
 * The demo's registrants with paid fees and tickets, planted once with a freshly created demo by `npm start` and
 * `npm run seed` (never by the browser tests' seed, which counts the demo's registrants). A module of its own: the
 * browser tests import db/seed.ts for the logins, and this one brings in the registration and payment services.
 */
export async function seedDemoRegistrants(db: DB): Promise<void> {
  await seedDemoAttendees(db, DEMO_SLUG, DEMO_ACCOUNTS.attendee.password);
}

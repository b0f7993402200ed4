import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conference, conferenceOrder, hotel, hotelRoomType, registrationFee, submissionSession, user } from '@/db/schema';
import { shiftDays } from '@/db/seed-submissions';
import { placeBooking } from '@/lib/hotel/place-booking';
import { createBill } from '@/lib/payments/create-bill';
import { decideRemittance } from '@/lib/payments/remittance';
import { registerParticipant } from '@/lib/registration/register-participant';
import { submitSubmission } from '@/lib/submissions/submit-submission';
import { E2E } from './support/fixtures-data';

/**
 * The phone test's participant (e2e/phones.spec.ts) on the demo: a registration fee paid by a
 * confirmed bank transfer (a payment result and a receipt), an unpaid banquet (pay and change), a
 * hotel booking waiting for its payment and a submission. Only read by that test.
 */
export async function seedPhoneParticipant(db: DB, userId: string, organiserId: string) {
  const [demo] = await db.select().from(conference).where(eq(conference.slug, 'demo'));
  const fees = await db
    .select()
    .from(registrationFee)
    .where(eq(registrationFee.conferenceId, demo.id))
    .orderBy(asc(registrationFee.sortOrder));
  const delegate = fees.find((f) => f.kind === 'register')!;
  const banquet = fees.find((f) => f.kind === 'optional')!;
  await registerParticipant(db, {
    conference: demo,
    userId,
    answers: { country: 'CN' },
    fees: { registerFeeId: delegate.id, optional: [{ feeId: banquet.id, quantity: 1 }], invitationCode: '' },
  });
  const [registration] = await db
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.userId, userId), eq(conferenceOrder.conferenceId, demo.id), eq(conferenceOrder.type, 'registration')));
  const bill = await createBill(db, {
    conferenceId: demo.id,
    user: { id: userId, email: E2E.phoneParticipant.email },
    orderIds: [registration.id],
    kind: 'bankRemit',
    locale: 'zh',
    origin: 'http://localhost',
    ip: null,
  });
  await decideRemittance(db, { conferenceId: demo.id, billId: bill.billId, decision: 'confirm', note: '', actorUserId: organiserId });

  const [inn] = await db.select().from(hotel).where(eq(hotel.conferenceId, demo.id)).orderBy(asc(hotel.sortOrder)).limit(1);
  const [room] = await db
    .select()
    .from(hotelRoomType)
    .where(eq(hotelRoomType.hotelId, inn.id))
    .orderBy(asc(hotelRoomType.sortOrder))
    .limit(1);
  await placeBooking(db, {
    conferenceId: demo.id,
    userId,
    locale: 'zh',
    values: {
      hotelId: String(inn.id),
      roomTypeId: String(room.id),
      checkIn: room.checkInStart!,
      checkOut: shiftDays(room.checkInStart!, 2),
      rooms: 1,
      requirements: '',
      guests: '',
    },
  });

  // A theme without sub-themes (a submission goes to a leaf).
  const sessions = await db
    .select()
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, demo.id))
    .orderBy(asc(submissionSession.id));
  const session = sessions.find((s) => !sessions.some((child) => child.parentId === s.id))!;
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  await submitSubmission(db, {
    conference: demo,
    user: { id: userId, email: person.email, name: person.name },
    locale: 'zh',
    values: {
      title: '手机上的会议：移动端参会体验研究 / Conferences on a phone',
      sessionId: session.id,
      reportType: 'oral',
      category: 'research',
      keywords: ['mobile'],
      abstract: '参会者多在手机上打开会议链接。 Most participants open the links on a phone.',
      abstractFileId: null,
      fullTextFileId: null,
      authors: [
        { name: '小明', surname: '王', email: person.email, phone: '13900000001', country: 'CN', company: '北京大学', corresponding: true },
      ],
    },
  });
}

/**
 * Seeds a fresh embedded database for the browser tests: the demo conference plus an
 * unpublished one, an English-only one, and accounts in known states. Run before the server starts.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { PUBLISHED } from '@/lib/conferences/status';
import { openDatabase } from '@/db/client';
import { cmsPage, conference, conferenceMember, conferenceOrder, registrationConfig, registrationFee, user } from '@/db/schema';
import { registerParticipant } from '@/lib/registration/register-participant';
import { DEMO_ACCOUNTS, seedDemo } from '@/db/seed';
import { insertAccount } from '@/lib/accounts/create-account';
import { E2E } from './support/fixtures-data';
import { createBill } from '@/lib/payments/create-bill';
import { decideRemittance } from '@/lib/payments/remittance';
import { paymentMethod } from '@/db/schema';
import { encryptSecrets } from '@/lib/server/secrets';
import type { ProviderConfig } from '@/lib/payments/providers/types';
import { seedPhoneParticipant } from './seed-phones';
import { seedLanding } from './seed-landing';
import { seedProgrammeBook } from './seed-programme-book';
import { seedProgramme } from './seed-programme';
import { seedAgenda } from './seed-agenda';
import { seedProgrammeEditor } from './seed-programme-editor';
import { seedCertificates } from './seed-certificates';
import { seedSso } from './seed-sso';

async function main() {
  const database = await openDatabase({});
  const { db } = database;
  await seedDemo(db);
  const hash = await hashPassword(E2E.password);
  const account = (email: string, name = email.split('@')[0]) =>
    db.transaction((tx) => insertAccount(tx, { email, name, passwordHash: hash }));

  const draftManager = await account(E2E.draftManager, 'Draft Manager');
  const [draft] = await db
    .insert(conference)
    .values({
      slug: E2E.draftSlug,
      status: '1',
      title: { zh: '未发布的会议', en: 'An Unpublished Conference' },
      shortTitle: { zh: '草稿会议', en: 'Draft Conf' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: draft.id, userId: draftManager, role: 'manager' });

  const [intl] = await db
    .insert(conference)
    .values({
      slug: E2E.englishOnlySlug,
      status: PUBLISHED,
      languageType: 2,
      title: { zh: '国际研讨会', en: 'International Workshop' },
      shortTitle: { zh: '国际研讨会', en: 'Intl Workshop' },
    })
    .returning();
  await db.insert(registrationConfig).values({ conferenceId: intl.id, startDate: '2000-01-01', endDate: '2999-12-31' });

  await db.insert(conference).values({
    slug: E2E.chineseOnlySlug,
    status: PUBLISHED,
    languageType: 1,
    title: { zh: '中文研讨会', en: 'Chinese Workshop' },
    shortTitle: { zh: '中文研讨会', en: 'CN Workshop' },
  });
  const [closed] = await db
    .insert(conference)
    .values({
      slug: E2E.closedSlug,
      status: PUBLISHED,
      title: { zh: '已截止的会议', en: 'A Closed Conference' },
      shortTitle: { zh: '已截止', en: 'Closed' },
    })
    .returning();
  await db.insert(registrationConfig).values({ conferenceId: closed.id, startDate: '2020-01-01', endDate: '2020-02-01' });
  const [full] = await db
    .insert(conference)
    .values({
      slug: E2E.fullSlug,
      status: PUBLISHED,
      registerFlag: true,
      registerNum: 1,
      title: { zh: '满员的会议', en: 'A Full Conference' },
      shortTitle: { zh: '满员', en: 'Full' },
    })
    .returning();
  await db.insert(registrationConfig).values({ conferenceId: full.id, startDate: '2000-01-01', endDate: '2999-12-31' });

  const looksManager = await account(E2E.looksManager, 'Looks Manager');
  const [looks] = await db
    .insert(conference)
    .values({
      slug: E2E.looksSlug,
      status: PUBLISHED,
      title: { zh: '外观测试大会', en: 'Appearance Test Congress' },
      shortTitle: { zh: '外观大会', en: 'Looks' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: looks.id, userId: looksManager, role: 'manager' });
  await db.insert(registrationConfig).values({ conferenceId: looks.id, startDate: '2000-01-01', endDate: '2999-12-31' });

  const [demo] = await db.select().from(conference).where(eq(conference.slug, 'demo'));
  const registered = await account(E2E.registeredParticipant, 'Registered Person');
  const [delegateFee] = await db
    .select()
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, demo.id), eq(registrationFee.kind, 'register')))
    .orderBy(registrationFee.sortOrder)
    .limit(1);
  await registerParticipant(db, {
    conference: demo,
    userId: registered,
    answers: { country: 'CN' },
    fees: { registerFeeId: delegateFee.id, optional: [], invitationCode: '' },
  });
  await registerParticipant(db, { conference: full, userId: registered });

  // For the accessibility walk (e2e/accessibility.spec.ts): the demo participant holds a registration
  // order and an optional-fee order (so both order pages render their form), and the demo has a
  // published content page.
  const [banquet, tour] = await db
    .select()
    .from(registrationFee)
    .where(and(eq(registrationFee.conferenceId, demo.id), eq(registrationFee.kind, 'optional')))
    .orderBy(registrationFee.sortOrder)
    .limit(2);
  const [demoParticipant] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.participant.email));
  await registerParticipant(db, {
    conference: demo,
    userId: demoParticipant.id,
    answers: { country: 'CN' },
    fees: { registerFeeId: delegateFee.id, optional: [{ feeId: banquet.id, quantity: 1 }], invitationCode: '' },
  });
  // The demo participant's registration fee is paid by a confirmed bank transfer (a receipt and a
  // payment result to show); the banquet stays unpaid (the pay page).
  const [registrationOrder] = (
    await db
      .select()
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.userId, demoParticipant.id), eq(conferenceOrder.conferenceId, demo.id)))
  ).filter((o) => o.type === 'registration');
  const bill = await createBill(db, {
    conferenceId: demo.id,
    user: { id: demoParticipant.id, email: DEMO_ACCOUNTS.participant.email },
    orderIds: [registrationOrder.id],
    kind: 'bankRemit',
    locale: 'zh',
    origin: 'http://localhost',
    ip: null,
  });
  const [organiser] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.manager.email));
  await decideRemittance(db, { conferenceId: demo.id, billId: bill.billId, decision: 'confirm', note: '', actorUserId: organiser.id });

  // Two registrants with a paid registration fee, for the e-invoice browser test (one per language).
  for (const email of Object.values(E2E.financePayers)) {
    const payer = await account(email, email.startsWith('finance-en') ? 'Finance English' : '财务测试');
    await registerParticipant(db, {
      conference: demo,
      userId: payer,
      answers: { country: 'CN' },
      fees: { registerFeeId: delegateFee.id, optional: [], invitationCode: '' },
    });
    const [order] = await db
      .select()
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.userId, payer), eq(conferenceOrder.conferenceId, demo.id)));
    const paid = await createBill(db, {
      conferenceId: demo.id,
      user: { id: payer, email },
      orderIds: [order.id],
      kind: 'bankRemit',
      locale: 'zh',
      origin: 'http://localhost',
      ip: null,
    });
    await decideRemittance(db, { conferenceId: demo.id, billId: paid.billId, decision: 'confirm', note: '', actorUserId: organiser.id });
  }

  // A ticket holder per language (e2e/tickets.spec.ts): the registration fee paid by a confirmed transfer issues the ticket.
  const holders = [...Object.entries(E2E.ticketHolders), ['zh', E2E.ticketReissue]] as ['zh' | 'en', { email: string; name: string }][];
  for (const [locale, holder] of holders) {
    const userId = await account(holder.email, holder.name);
    await registerParticipant(db, {
      conference: demo,
      userId,
      answers: { country: 'CN', name: holder.name, unit: locale === 'zh' ? '中国科学院' : 'CERN' },
      fees: { registerFeeId: delegateFee.id, optional: [], invitationCode: '' },
      locale,
    });
    const [order] = await db
      .select()
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.userId, userId), eq(conferenceOrder.conferenceId, demo.id)));
    const bill = await createBill(db, {
      conferenceId: demo.id,
      user: { id: userId, email: holder.email },
      orderIds: [order.id],
      kind: 'bankRemit',
      locale,
      origin: 'http://localhost',
      ip: null,
    });
    await decideRemittance(db, { conferenceId: demo.id, billId: bill.billId, decision: 'confirm', note: '', actorUserId: organiser.id });
  }

  await registerParticipant(db, {
    conference: demo,
    userId: await account(E2E.ticketUnpaid.email, E2E.ticketUnpaid.name),
    answers: { country: 'CN' },
    fees: { registerFeeId: delegateFee.id, optional: [], invitationCode: '' },
  });

  // WeChat Pay and Alipay for the payment browser test, keyed to the stand-ins global-setup started.
  const online = JSON.parse(process.env.E2E_PAYMENT_METHODS ?? '{}') as Record<string, ProviderConfig>;
  for (const [kind, config] of Object.entries(online)) {
    await db
      .insert(paymentMethod)
      .values({ conferenceId: demo.id, kind, enabled: true, settings: config.settings, secrets: encryptSecrets(config.secrets) });
  }
  for (const email of E2E.payers) {
    const payer = await account(email, email.startsWith('payer-en') ? 'Payer English' : '付款人');
    await registerParticipant(db, {
      conference: demo,
      userId: payer,
      answers: { country: 'CN' },
      fees: {
        registerFeeId: delegateFee.id,
        optional: [
          { feeId: banquet.id, quantity: 1 },
          { feeId: tour.id, quantity: 1 },
        ],
        invitationCode: '',
      },
    });
  }

  // The hotel test's own conference (e2e/hotel.spec.ts): an organiser, bank transfer, registered guests.
  const innManager = await account(E2E.innManager, 'Inn Manager');
  const [inn] = await db
    .insert(conference)
    .values({
      slug: E2E.innSlug,
      status: PUBLISHED,
      title: { zh: '酒店预订测试会议', en: 'Hotel Booking Test Conference' },
      shortTitle: { zh: '住宿会议', en: 'Inn' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: inn.id, userId: innManager, role: 'manager' });
  await db.insert(registrationConfig).values({ conferenceId: inn.id, startDate: '2000-01-01', endDate: '2999-12-31' });
  await db.insert(paymentMethod).values({
    conferenceId: inn.id,
    kind: 'bankRemit',
    enabled: true,
    settings: {
      accountName: { zh: '住宿会议会务组', en: 'Inn Conference Office' },
      account: '6222 0200 0000 1234',
      bankName: { zh: '中国银行北京分行', en: 'Bank of China Beijing Branch' },
    },
  });
  for (const guest of Object.values(E2E.innGuests)) {
    await registerParticipant(db, { conference: inn, userId: await account(guest.email, guest.name) });
  }

  // The notices and downloads test's own conference (e2e/notices.spec.ts): an organiser, registered readers, an outsider.
  const newsManager = await account(E2E.newsManager, 'News Manager');
  const [news] = await db
    .insert(conference)
    .values({
      slug: E2E.newsSlug,
      status: PUBLISHED,
      title: { zh: '通知与资料测试会议', en: 'Notices and Downloads Test Conference' },
      shortTitle: { zh: '通知会议', en: 'News' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: news.id, userId: newsManager, role: 'manager' });
  await db.insert(registrationConfig).values({ conferenceId: news.id, startDate: '2000-01-01', endDate: '2999-12-31' });
  for (const reader of Object.values(E2E.newsReaders)) {
    await registerParticipant(db, { conference: news, userId: await account(reader.email, reader.name) });
  }
  await account(E2E.newsOutsider, 'News Outsider');

  // The mail test's own conference (e2e/mail.spec.ts): an organiser and a registrant in each language.
  const postManager = await account(E2E.postManager, 'Post Manager');
  const [post] = await db
    .insert(conference)
    .values({
      slug: E2E.postSlug,
      status: PUBLISHED,
      title: { zh: '邮件测试会议', en: 'Mail Test Conference' },
      shortTitle: { zh: '邮件会议', en: 'Post' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: post.id, userId: postManager, role: 'manager' });
  await db.insert(registrationConfig).values({ conferenceId: post.id, startDate: '2000-01-01', endDate: '2999-12-31' });
  for (const locale of ['zh', 'en'] as const) {
    const person = E2E.postRegistrants[locale];
    await registerParticipant(db, { conference: post, userId: await account(person.email, person.name), locale });
  }

  // The pay-by test's own conference (e2e/pay-by.spec.ts): New York time, a fee with its own deadline, a registrant per language.
  const paybyManager = await account(E2E.paybyManager, 'Payby Manager');
  const [payby] = await db
    .insert(conference)
    .values({
      slug: E2E.paybySlug,
      status: PUBLISHED,
      timeZone: E2E.paybyTimeZone,
      title: { zh: '支付期限测试会议', en: 'Pay-by Test Conference' },
      shortTitle: { zh: '支付期限', en: 'Pay-by' },
    })
    .returning();
  await db.insert(conferenceMember).values({ conferenceId: payby.id, userId: paybyManager, role: 'manager' });
  await db.insert(registrationConfig).values({ conferenceId: payby.id, startDate: '2000-01-01', endDate: '2999-12-31', costsSet: true });
  const [paybyFee] = await db
    .insert(registrationFee)
    .values({
      conferenceId: payby.id,
      kind: 'register',
      title: { zh: '正式代表', en: 'Delegate' },
      priceMinor: 150000,
      displayPriceMinor: 150000,
      deadline: E2E.paybyFeeDeadline,
    })
    .returning();
  for (const locale of ['zh', 'en'] as const) {
    const person = E2E.paybyRegistrants[locale];
    await registerParticipant(db, {
      conference: payby,
      userId: await account(person.email, person.name),
      answers: { country: 'CN' },
      fees: { registerFeeId: paybyFee.id, optional: [], invitationCode: '' },
      locale,
    });
  }

  await db.insert(cmsPage).values({
    conferenceId: demo.id,
    name: { zh: '参会指南', en: 'Visitor guide' },
    content: {
      zh: '<h2>交通</h2><p>会场位于北京中关村，地铁 4 号线可达。<a href="/conferenceRegister">立即注册</a></p>',
      en: '<h2>Getting there</h2><p>The venue is in Zhongguancun, Beijing, on metro line 4. <a href="/en/conferenceRegister">Register now</a></p>',
    },
    published: true,
  });
  // The phone test's participant (e2e/phones.spec.ts): orders, a payment, a booking and a submission.
  await seedPhoneParticipant(db, await account(E2E.phoneParticipant.email, E2E.phoneParticipant.name), organiser.id);
  for (const email of E2E.freshParticipants) await account(email, 'Fresh Participant');
  await account(E2E.resetUser.email, E2E.resetUser.name);
  await account(E2E.logoutUser, 'Logout Tester');
  await account(E2E.formVisitor, 'Form Visitor');
  await seedLanding(db, demo, delegateFee.id, account);
  await seedProgrammeBook(database, account);
  await seedProgramme(db, account);
  await seedAgenda(database, account);
  await seedProgrammeEditor(db, account);
  await seedCertificates(db, account);
  await seedSso(db, account);
  await database.close();
  console.info('[e2e] seeded');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

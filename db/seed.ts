import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { PUBLISHED } from '@/lib/conferences/status';
import { insertAccount } from '@/lib/accounts/create-account';
import { todayIn } from '@/lib/conferences/website-config';
import type { DB } from './client';
import { seedDemoFeedback } from './seed-feedback';
import { seedDemoHotel } from './seed-hotel';
import { seedDemoProgramme } from './seed-programme';
import { seedDemoSubmissions, shiftDays } from './seed-submissions';
import { DEMO_STRIPE_KEYS } from '@/lib/payments/demo-keys';
import { encryptSecrets } from '@/lib/server/secrets';
import { seedDemoIdentity } from './seed-identity';
import { seedDemoNotices } from './seed-notices';
import { seedDemoOnsiteDocs } from './seed-onsite-docs';
import { seedDemoCheckin } from './seed-checkin';
import {
  appearance,
  conference,
  conferenceMember,
  pageTemplate,
  paymentMethod,
  platformAdmin,
  registrationConfig,
  registrationFee,
  user,
} from './schema';

export const DEMO_SLUG = 'demo';

/** The demo logins `npm start` prints. Change them after the first start of a real deployment. */
export const DEMO_ACCOUNTS = {
  platformAdmin: { email: 'admin@confhub.test', password: 'Admin-2026-demo', name: '平台管理员 Platform Admin' },
  manager: { email: 'organiser@confhub.test', password: 'Organiser-2026-demo', name: '会务组 Organiser' },
  reviewer: { email: 'reviewer@confhub.test', password: 'Reviewer-2026-demo', name: '审稿人 Reviewer' },
  participant: { email: 'participant@confhub.test', password: 'Participant-2026-demo', name: '张三 Zhang San' },
  checkinStaff: { email: 'checkin@confhub.test', password: 'Checkin-2026-demo', name: '签到员 Door Staff' },
  attendee: { email: 'attendee@confhub.test', password: 'Attendee-2026-demo', name: '李参会 Li Canhui' },
} as const;

async function ensureAccount(db: DB, input: { email: string; name: string; password: string }): Promise<string> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email)).limit(1);
  if (existing) return existing.id;
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => insertAccount(tx, { email: input.email, name: input.name, passwordHash }));
}

/**
 * A bilingual demo conference (published, registration open from a month ago to a year ahead,
 * charged, with registration and optional fees)
 * with a platform administrator, a conference administrator, a reviewer and a participant.
 * Idempotent: an existing demo conference is left as it is. Returns whether it created anything.
 */
export async function seedDemo(db: DB, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ id: conference.id }).from(conference).where(eq(conference.slug, DEMO_SLUG)).limit(1);
  const ids = {
    platformAdmin: await ensureAccount(db, DEMO_ACCOUNTS.platformAdmin),
    manager: await ensureAccount(db, DEMO_ACCOUNTS.manager),
    reviewer: await ensureAccount(db, DEMO_ACCOUNTS.reviewer),
    participant: await ensureAccount(db, DEMO_ACCOUNTS.participant),
    checkinStaff: await ensureAccount(db, DEMO_ACCOUNTS.checkinStaff),
  };
  const emails = {
    participant: DEMO_ACCOUNTS.participant.email,
    reviewer: DEMO_ACCOUNTS.reviewer.email,
    manager: DEMO_ACCOUNTS.manager.email,
  };
  if (existing) {
    await seedDemoPayments(db, existing.id);
    await seedDemoSubmissions(db, { ...ids, conferenceId: existing.id }, emails, now);
    await seedDemoProgramme(db, { conferenceId: existing.id, manager: ids.manager }, now);
    await seedDemoHotel(db, existing.id, now);
    await seedDemoNotices(db, existing.id, ids.manager);
    await seedDemoFeedback(db, { ...ids, conferenceId: existing.id }, emails, now);
    await seedDemoIdentity(db);
    await seedDemoOnsiteDocs(db, existing.id, ids.manager);
    await seedDemoCheckin(db, existing.id, ids.checkinStaff);
    return false;
  }
  const today = todayIn('Asia/Shanghai', now);
  const demoId = await db.transaction(async (tx) => {
    const [hasDefault] = await tx.select({ id: conference.id }).from(conference).where(eq(conference.isDefault, true)).limit(1);
    const [created] = await tx
      .insert(conference)
      .values({
        slug: DEMO_SLUG,
        isDefault: !hasDefault,
        title: { zh: '2026 全国科学数据与开放科学大会', en: '2026 National Conference on Scientific Data and Open Science' },
        title2: { zh: '数据驱动的科学发现', en: 'Data-driven Scientific Discovery' },
        title3: { zh: '主办：中国科研网络', en: 'Hosted by the China Research Network' },
        shortTitle: { zh: '科学数据大会 2026', en: 'SciData 2026' },
        city: { zh: '北京', en: 'Beijing' },
        address: { zh: '北京市海淀区中关村南四街 4 号', en: '4 Zhongguancun South 4th Street, Haidian, Beijing' },
        startDate: shiftDays(today, 120),
        endDate: shiftDays(today, 122),
        languageType: 3,
        status: PUBLISHED,
        registerModuleEnabled: true,
        registerFlag: true,
        registerNum: 500,
        recordNumber: '京ICP备00000000号',
        createdBy: ids.manager,
      })
      .returning({ id: conference.id });
    await tx.insert(registrationConfig).values({
      conferenceId: created.id,
      instructions: {
        zh: '<p>请如实填写注册信息。注册费缴纳后不予退还，如有疑问请联系会务组。</p>',
        en: '<p>Please fill in your registration truthfully. Registration fees are not refundable once paid; contact the organisers with any question.</p>',
      },
      startDate: shiftDays(today, -30),
      endDate: shiftDays(today, 365),
      costsSet: true,
      ruleType: 'REGISTER_FIRST_AND_PAY_LATER',
    });
    const fee = {
      conferenceId: created.id,
      currency: 'CNY',
      displayCurrency: 'USD',
      openDate: shiftDays(today, -30),
      deadline: shiftDays(today, 365),
    };
    await tx.insert(registrationFee).values([
      {
        ...fee,
        kind: 'register',
        sortOrder: 10,
        title: { zh: '正式代表', en: 'Delegate' },
        category: { zh: '普通', en: 'Regular' },
        priceMinor: 120000,
        displayPriceMinor: 17000,
      },
      {
        ...fee,
        kind: 'register',
        sortOrder: 20,
        title: { zh: '学生代表', en: 'Student delegate' },
        category: { zh: '学生', en: 'Student' },
        priceMinor: 60000,
        displayPriceMinor: 8500,
        cap: 100,
      },
      {
        ...fee,
        kind: 'register',
        sortOrder: 30,
        title: { zh: '发展中国家代表', en: 'Delegate from a developing economy' },
        category: { zh: '资助', en: 'Supported' },
        priceMinor: 30000,
        displayPriceMinor: 4200,
        thirdWorldOnly: true,
      },
      {
        ...fee,
        kind: 'optional',
        sortOrder: 40,
        title: { zh: '会议晚宴', en: 'Conference banquet' },
        priceMinor: 30000,
        displayPriceMinor: 4200,
        cap: 200,
        perAccountMax: 2,
      },
      {
        ...fee,
        kind: 'optional',
        sortOrder: 50,
        title: { zh: '中关村科学城参观', en: 'Zhongguancun Science City tour' },
        priceMinor: 15000,
        displayPriceMinor: 2100,
        cap: 40,
      },
    ]);
    await tx.insert(platformAdmin).values({ userId: ids.platformAdmin }).onConflictDoNothing();
    await tx.insert(conferenceMember).values([
      { conferenceId: created.id, userId: ids.manager, role: 'manager' },
      { conferenceId: created.id, userId: ids.reviewer, role: 'reviewer' },
    ]);
    // An example look for the appearance manager (not in use: the demo shows the built-in look).
    const hero = (lang: 'zh' | 'en') =>
      `<section class="demo-look"><p class="demo-look-kicker">{{dates}} · {{city}}</p><h1>{{title}}</h1><p>{{title2}}</p><p><a class="demo-look-button" href="{{registerUrl}}">${lang === 'zh' ? '立即注册' : 'Register now'}</a> {{countdown}}</p></section><div class="demo-look-body">{{content}}</div>`;
    const [home] = await tx
      .insert(pageTemplate)
      .values({
        conferenceId: created.id,
        name: { zh: '青绿首页', en: 'Teal home' },
        type: 'home',
        content: { zh: hero('zh'), en: hero('en') },
        css: '.demo-look{padding:64px 24px;text-align:center;color:#fff;background:linear-gradient(135deg,#0b7285,#2b8a3e)}.demo-look h1{font-size:36px;margin:8px 0}.demo-look-button{display:inline-block;margin-top:12px;padding:8px 20px;border-radius:4px;background:#fff;color:#0b7285;text-decoration:none;font-weight:600}.demo-look-body{max-width:960px;margin:32px auto;padding:0 16px}',
      })
      .returning({ id: pageTemplate.id });
    await tx.insert(appearance).values({ conferenceId: created.id, name: { zh: '青绿', en: 'Teal' }, homeTemplateId: home.id });
    return created.id;
  });
  await seedDemoPayments(db, demoId);
  await seedDemoSubmissions(db, { ...ids, conferenceId: demoId }, emails, now);
  await seedDemoProgramme(db, { conferenceId: demoId, manager: ids.manager }, now);
  await seedDemoHotel(db, demoId, now);
  await seedDemoNotices(db, demoId, ids.manager);
  await seedDemoFeedback(db, { ...ids, conferenceId: demoId }, emails, now);
  await seedDemoIdentity(db);
  await seedDemoOnsiteDocs(db, demoId, ids.manager);
  await seedDemoCheckin(db, demoId, ids.checkinStaff);
  return true;
}

/**
 * The demo's payment methods, once (also added to a demo seeded before payments existed): bank
 * transfer with bilingual payee details, and cards through Stripe with the demo sandbox's keys
 * (scripts/demo-sandbox.ts), stored encrypted like any organiser's.
 */
export async function seedDemoPayments(db: DB, conferenceId: number): Promise<void> {
  const [any] = await db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.conferenceId, conferenceId)).limit(1);
  if (any) return;
  await db
    .insert(paymentMethod)
    .values([
      {
        conferenceId,
        kind: 'stripe',
        enabled: true,
        settings: {},
        secrets: encryptSecrets({ ...DEMO_STRIPE_KEYS }),
      },
      {
        conferenceId,
        kind: 'bankRemit',
        enabled: true,
        settings: {
          accountName: { zh: '中国科研网络会务中心', en: 'China Research Network Conference Office' },
          account: '1100 2233 4455 6677 889',
          bankName: { zh: '中国工商银行北京中关村支行', en: 'ICBC Beijing Zhongguancun Branch' },
        },
      },
    ])
    .onConflictDoNothing();
}

export function demoLoginsText(port: number | string): string {
  const rows = Object.entries(DEMO_ACCOUNTS).map(([role, a]) => `  ${role.padEnd(14)} ${a.email.padEnd(28)} ${a.password}`);
  return [`Demo conference: http://localhost:${port}/ (中文) and http://localhost:${port}/en (English)`, 'Demo logins:', ...rows].join(
    '\n',
  );
}

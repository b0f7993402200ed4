import { count, eq, sql } from 'drizzle-orm';
import { insertAccount } from '@/lib/accounts/create-account';
import type { DB } from './client';
import {
  conference,
  programmeContribution,
  programmeDay,
  programmeRoom,
  programmeSession,
  programmeVersion,
  submission,
  submissionAuthor,
  submissionConfig,
  submissionEvent,
  submissionSession,
  submissionVersion,
  user,
  type ProgrammePerson,
  type ProgrammeSessionType,
  type SubmissionSnapshot,
} from './schema';
import { shiftDays } from './seed-submissions';

/** The account the demo's accepted abstracts are submitted under (it has no password: nobody signs in as it). */
export const DEMO_SPEAKERS_EMAIL = 'speakers@demo.confhub.test';

type Author = [surname: string, name: string, company: string, country: string];
type Accepted = {
  theme: 'A' | 'AP' | 'B';
  type: 'oral' | 'poster';
  locale: 'zh' | 'en';
  title: string;
  keywords: string[];
  abstract: string;
  authors: Author[];
};

const PKU: Author = ['王', '磊', '北京大学信息管理系', 'CN'];
const CNIC: Author = ['刘', '静', '中国科学院计算机网络信息中心', 'CN'];
const ZJU: Author = ['陈', '晨', '浙江大学图书馆', 'CN'];
const GOE: Author = ['Schmidt', 'Anna', 'University of Göttingen', 'DE'];
const EDI: Author = ['Taylor', 'James', 'University of Edinburgh, Digital Curation Centre', 'GB'];
const KYO: Author = ['Tanaka', 'Yui', 'Kyoto University Library', 'JP'];

/** Accepted abstracts of the demo's call, in the language each was written in (a submission has one). */
const ACCEPTED: Accepted[] = [
  {
    theme: 'A',
    type: 'oral',
    locale: 'zh',
    title: '科研数据管理计划在高校的落地实践',
    keywords: ['数据管理计划', '高校'],
    abstract: '本文介绍了五所高校推行科研数据管理计划的经验，分析了模板设计、评审流程与培训中的常见问题，并提出改进建议。',
    authors: [PKU, CNIC],
  },
  {
    theme: 'A',
    type: 'oral',
    locale: 'en',
    title: 'Persistent identifiers for research instruments',
    keywords: ['PID', 'instruments'],
    abstract:
      'We describe a registry that gives persistent identifiers to research instruments and links them to the datasets they produce, and report on its first two years of use.',
    authors: [GOE, EDI],
  },
  {
    theme: 'A',
    type: 'oral',
    locale: 'zh',
    title: '面向领域知识库的元数据质量评估',
    keywords: ['元数据', '质量评估'],
    abstract: '我们构建了一套元数据质量评估指标，包括完整性、准确性与一致性，并在三个领域知识库上进行了验证。',
    authors: [ZJU, PKU, CNIC],
  },
  {
    theme: 'B',
    type: 'oral',
    locale: 'en',
    title: 'Open peer review at a national preprint server',
    keywords: ['open peer review', 'preprints'],
    abstract:
      'Two years of open peer review at a national preprint server: participation, the tone of reviews, and what authors changed in response.',
    authors: [EDI, KYO],
  },
  {
    theme: 'B',
    type: 'oral',
    locale: 'zh',
    title: '开放获取期刊的可持续出版模式',
    keywords: ['开放获取', '出版模式'],
    abstract: '通过对国内一百余种开放获取期刊的调查，本文比较了不同经费来源下的出版模式及其可持续性。',
    authors: [CNIC, ZJU],
  },
  {
    theme: 'B',
    type: 'oral',
    locale: 'en',
    title: 'Research software as a first-class research output',
    keywords: ['research software', 'citation'],
    abstract:
      'We propose criteria for citing research software and show how three institutions now count software in their evaluation of researchers.',
    authors: [KYO, GOE, PKU],
  },
  {
    theme: 'AP',
    type: 'oral',
    locale: 'zh',
    title: '数据论文的同行评议标准研究',
    keywords: ['数据论文', '同行评议'],
    abstract: '数据论文的评议不同于传统论文。本文提出了围绕数据可用性、描述充分性和可复用性的评议要点。',
    authors: [CNIC, PKU],
  },
  {
    theme: 'AP',
    type: 'oral',
    locale: 'en',
    title: 'Tracking dataset citations in the literature',
    keywords: ['data citation', 'text mining'],
    abstract:
      'Text mining of two million articles finds that most datasets are mentioned rather than cited; we discuss what repositories can do about it.',
    authors: [EDI, GOE],
  },
  {
    theme: 'B',
    type: 'oral',
    locale: 'zh',
    title: '科研基础设施的开放共享评价',
    keywords: ['科研基础设施', '开放共享'],
    abstract: '本文构建了大型科研仪器开放共享的评价体系，并以某国家实验室为例分析了共享成效与障碍。',
    authors: [ZJU, CNIC],
  },
  {
    theme: 'B',
    type: 'oral',
    locale: 'en',
    title: 'FAIR workflows in computational biology',
    keywords: ['FAIR', 'workflows'],
    abstract:
      'Packaging computational workflows with their inputs and provenance makes them findable and reusable; we report on 120 workflows packaged this way.',
    authors: [KYO, EDI],
  },
  {
    theme: 'A',
    type: 'poster',
    locale: 'zh',
    title: '高校图书馆数据素养培训课程设计',
    keywords: ['数据素养', '培训'],
    abstract: '介绍一门面向研究生的数据素养课程的设计与评估结果。',
    authors: [ZJU],
  },
  {
    theme: 'A',
    type: 'poster',
    locale: 'en',
    title: 'A checklist for sharing qualitative data',
    keywords: ['qualitative data', 'ethics'],
    abstract: 'A one-page checklist helps researchers share interview data responsibly: consent, anonymisation and access conditions.',
    authors: [GOE],
  },
  {
    theme: 'AP',
    type: 'poster',
    locale: 'zh',
    title: '数据引用格式在中文期刊中的采用情况',
    keywords: ['数据引用', '中文期刊'],
    abstract: '统计了 50 种中文核心期刊的数据引用格式要求及实际采用情况。',
    authors: [PKU, CNIC],
  },
  {
    theme: 'B',
    type: 'poster',
    locale: 'en',
    title: 'Costs of open access publishing in Japan',
    keywords: ['open access', 'costs'],
    abstract: 'Article processing charges paid by Japanese universities between 2020 and 2024, and how they were funded.',
    authors: [KYO],
  },
];

const person = (zh: string, en: string, affZh: string, affEn: string): ProgrammePerson => ({
  name: { zh, en },
  affiliation: { zh: affZh, en: affEn },
  email: '',
});

/** Creates the accepted abstracts (once: the demo's call holds them after the first run). Returns their ids by index. */
async function seedAcceptedSubmissions(db: DB, conferenceId: number, decidedBy: string, now: Date): Promise<number[]> {
  const themes = await db
    .select({ id: submissionSession.id, prefix: submissionSession.prefix })
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId));
  const themeId = new Map(themes.map((t) => [t.prefix, t.id]));
  const [existingAuthor] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_SPEAKERS_EMAIL));
  const speakers =
    existingAuthor?.id ??
    (await db.transaction((tx) => insertAccount(tx, { email: DEMO_SPEAKERS_EMAIL, name: 'Demo speakers', passwordHash: null })));
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(submission).where(eq(submission.conferenceId, conferenceId));
    const ids: number[] = [];
    for (const [i, a] of ACCEPTED.entries()) {
      const authors: SubmissionSnapshot['authors'] = a.authors.map(([surname, name, company, country], k) => ({
        surname,
        name,
        company,
        country,
        email: `${surname.toLowerCase().replace(/[^a-z]/g, '') || 'author'}${i}${k}@example.org`,
        phone: '',
        corresponding: k === 0,
      }));
      const snapshot: SubmissionSnapshot = {
        title: a.title,
        sessionId: themeId.get(a.theme) ?? null,
        reportType: a.type,
        category: 'research',
        keywords: a.keywords,
        abstract: a.abstract,
        abstractFileId: null,
        fullTextFileId: null,
        authors,
      };
      const [row] = await tx
        .insert(submission)
        .values({
          conferenceId,
          userId: speakers,
          code: `${a.theme}${String(n + i + 1).padStart(4, '0')}`,
          title: a.title,
          sessionId: snapshot.sessionId,
          reportType: a.type,
          category: 'research',
          keywords: a.keywords,
          abstract: a.abstract,
          status: 'accepted',
          decision: 'accepted',
          decidedBy,
          decidedAt: now,
          releasedAt: now,
          locale: a.locale,
        })
        .returning({ id: submission.id });
      await tx
        .insert(submissionAuthor)
        .values(authors.map((author, k) => ({ ...author, conferenceId, submissionId: row.id, sortOrder: k })));
      await tx.insert(submissionVersion).values({ conferenceId, submissionId: row.id, version: 1, snapshot });
      await tx.insert(submissionEvent).values([
        { conferenceId, submissionId: row.id, actorId: speakers, action: 'submit', toStatus: 'waiting' },
        { conferenceId, submissionId: row.id, actorId: decidedBy, action: 'decide', fromStatus: 'waiting', toStatus: 'accepted' },
      ]);
      ids.push(row.id);
    }
    await tx
      .update(submissionConfig)
      .set({ used: sql`${submissionConfig.used} + ${ACCEPTED.length}` })
      .where(eq(submissionConfig.conferenceId, conferenceId));
    return ids;
  });
}

/**
 * The demo's programme as a draft (issue 23 point 8), once: two days from the conference's first day in three rooms —
 * an opening keynote (added by hand), parallel sessions filled from the call's themes with accepted abstracts (made
 * here, in Chinese and English), a poster session with numbered boards, and coffee and lunch breaks. The organiser
 * sees it in the editor; publishing it makes the public programme and the book of abstracts.
 */
export async function seedDemoProgramme(db: DB, ids: { conferenceId: number; manager: string }, now = new Date()): Promise<boolean> {
  const { conferenceId } = ids;
  const [any] = await db.select({ id: programmeRoom.id }).from(programmeRoom).where(eq(programmeRoom.conferenceId, conferenceId)).limit(1);
  if (any) {
    await publishOnce(db, ids);
    return false;
  }
  const [conf] = await db
    .select({ startDate: conference.startDate, timeZone: conference.timeZone })
    .from(conference)
    .where(eq(conference.id, conferenceId));
  if (!conf?.startDate) return false;
  const accepted = await seedAcceptedSubmissions(db, conferenceId, ids.manager, now);
  const themes = await db
    .select({ id: submissionSession.id, prefix: submissionSession.prefix })
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId));
  const themeId = (prefix: string) => themes.find((t) => t.prefix === prefix)?.id ?? null;
  const d1 = conf.startDate;
  const d2 = shiftDays(d1, 1);
  // The demo conference is in Asia/Shanghai (UTC+8 all year): a wall-clock time there as an instant.
  const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

  await db.transaction(async (tx) => {
    await tx.insert(programmeDay).values([
      { conferenceId, day: d1, title: { zh: '第一天 · 开幕', en: 'Day 1 · Opening' } },
      { conferenceId, day: d2, title: { zh: '第二天', en: 'Day 2' } },
    ]);
    const rooms = await tx
      .insert(programmeRoom)
      .values([
        { conferenceId, name: { zh: '主会场', en: 'Main hall' }, capacity: 400, sortOrder: 10 },
        { conferenceId, name: { zh: '分会场 A', en: 'Room A' }, capacity: 120, sortOrder: 20 },
        { conferenceId, name: { zh: '分会场 B', en: 'Room B' }, capacity: 120, sortOrder: 30 },
      ])
      .returning({ id: programmeRoom.id });
    const [main, roomA, roomB] = rooms.map((r) => r.id);
    const session = async (
      title: { zh: string; en: string },
      type: ProgrammeSessionType,
      roomId: number | null,
      startsAt: Date,
      durationMinutes: number,
      extra: { theme?: string; chairs?: ProgrammePerson[] } = {},
    ) => {
      const [row] = await tx
        .insert(programmeSession)
        .values({
          conferenceId,
          title,
          type,
          roomId,
          startsAt,
          durationMinutes,
          chairs: extra.chairs ?? [],
          themeId: extra.theme ? themeId(extra.theme) : null,
        })
        .returning({ id: programmeSession.id });
      return row.id;
    };
    const talks = async (sessionId: number, prefix: string, picks: number[], minutes: number, board = false) => {
      await tx.insert(programmeContribution).values(
        picks.map((index, order) => ({
          conferenceId,
          sessionId,
          submissionId: accepted[index],
          kind: 'submission' as const,
          code: `${prefix}-${String(order + 1).padStart(2, '0')}`,
          sortOrder: order + 1,
          durationMinutes: minutes,
          boardNumber: board ? String(order + 1) : '',
          presenterAuthor: 0,
        })),
      );
    };
    const chair = person('王芳', 'Wang Fang', '中国科研网络', 'China Research Network');

    const opening = await session({ zh: '开幕式与大会报告', en: 'Opening and keynote' }, 'plenary', main, at(d1, '09:00'), 60, {
      chairs: [chair],
    });
    await tx.insert(programmeContribution).values({
      conferenceId,
      sessionId: opening,
      kind: 'keynote',
      code: 'K1',
      title: { zh: '开放科学的下一个十年', en: 'The next decade of open science' },
      abstract: {
        zh: '开放科学正在从倡议走向制度。本报告回顾了过去十年数据开放、开放获取和科研评价改革的进展，并展望基础设施、激励机制与国际合作的下一步。',
        en: 'Open science is moving from advocacy to institutions. This talk reviews a decade of open data, open access and research-assessment reform, and looks ahead at infrastructure, incentives and international collaboration.',
      },
      speakers: [person('陈立新', 'Chen Lixin', '中国科学院', 'Chinese Academy of Sciences')],
      sortOrder: 1,
      durationMinutes: 45,
    });
    await session({ zh: '茶歇', en: 'Coffee break' }, 'break', null, at(d1, '10:00'), 30);
    const a1 = await session({ zh: '科学数据管理（一）', en: 'Scientific data management I' }, 'parallel', roomA, at(d1, '10:30'), 90, {
      theme: 'A',
      chairs: [person('刘静', 'Liu Jing', '中国科学院计算机网络信息中心', 'CNIC, Chinese Academy of Sciences')],
    });
    await talks(a1, 'A1', [0, 1, 2], 20);
    const b1 = await session(
      { zh: '开放科学与基础设施（一）', en: 'Open science and infrastructure I' },
      'parallel',
      roomB,
      at(d1, '10:30'),
      90,
      { theme: 'B' },
    );
    await talks(b1, 'B1', [3, 4, 5], 20);
    await session({ zh: '午餐', en: 'Lunch' }, 'break', null, at(d1, '12:00'), 90);
    const posters = await session({ zh: '墙报展示', en: 'Poster session' }, 'poster', main, at(d1, '13:30'), 90);
    await talks(posters, 'P', [10, 11, 12, 13], 90, true);
    await session({ zh: '欢迎晚宴', en: 'Welcome dinner' }, 'social', null, at(d1, '18:00'), 120);

    const a2 = await session({ zh: '数据出版与引用', en: 'Data publishing and citation' }, 'parallel', roomA, at(d2, '09:00'), 60, {
      theme: 'AP',
    });
    await talks(a2, 'A2', [6, 7], 20);
    const b2 = await session(
      { zh: '开放科学与基础设施（二）', en: 'Open science and infrastructure II' },
      'parallel',
      roomB,
      at(d2, '09:00'),
      60,
      { theme: 'B' },
    );
    await talks(b2, 'B2', [8, 9], 20);
    await session({ zh: '茶歇', en: 'Coffee break' }, 'break', null, at(d2, '10:00'), 30);
    await session({ zh: '闭幕式', en: 'Closing' }, 'plenary', main, at(d2, '10:30'), 30, { chairs: [chair] });
  });
  await publishOnce(db, ids);
  return true;
}

/** Publishes the demo's programme as its version 1 unless a version exists (the book is then built in the background). */
async function publishOnce(db: DB, { conferenceId, manager }: { conferenceId: number; manager: string }) {
  const [published] = await db
    .select({ id: programmeVersion.id })
    .from(programmeVersion)
    .where(eq(programmeVersion.conferenceId, conferenceId))
    .limit(1);
  if (published) return;
  // Imported when needed: the publishing service reaches the mail templates and their JSON messages, which the
  // browser tests' loader (importing db/seed for the demo logins) cannot import without an import attribute.
  const { publishProgramme } = await import('@/lib/programme/publish-programme');
  await publishProgramme(db, { conferenceId, userId: manager });
}

import type { DB } from '@/db/client';
import {
  conference,
  conferenceMember,
  programmeContribution,
  programmeDay,
  programmeRoom,
  programmeSession,
  submission,
  submissionAuthor,
  submissionSession,
} from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { PROGRAMME } from './support/programme-data';

const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

/**
 * The public programme test's conference (e2e/programme-public.spec.ts): a draft programme over two days in two
 * rooms — a keynote typed by hand, a break for every room, two parallel sessions from two themes with accepted
 * submissions, posters on day 2 — not yet published, and its manager. One submission's author may still withdraw it.
 */
export async function seedProgramme(db: DB, account: (email: string, name: string) => Promise<string>) {
  const [conf] = await db
    .insert(conference)
    .values({ slug: PROGRAMME.slug, status: PUBLISHED, timeZone: 'Asia/Shanghai', title: PROGRAMME.title, shortTitle: PROGRAMME.title })
    .returning({ id: conference.id });
  const conferenceId = conf.id;
  await db
    .insert(conferenceMember)
    .values({ conferenceId, userId: await account(PROGRAMME.manager, 'Programme Manager'), role: 'manager' });
  const [optics, acoustics] = await db
    .insert(submissionSession)
    .values([
      { conferenceId, name: { zh: '光学', en: 'Optics' }, prefix: 'O' },
      { conferenceId, name: { zh: '声学', en: 'Acoustics' }, prefix: 'C', sortOrder: 1 },
    ])
    .returning({ id: submissionSession.id });
  const author = await account(PROGRAMME.author, 'Programme Author');
  const paper = async (
    code: string,
    title: string,
    locale: 'zh' | 'en',
    themeId: number,
    people: Array<[string, string, string, string]>,
  ) => {
    const [row] = await db
      .insert(submission)
      .values({
        conferenceId,
        userId: author,
        code,
        title,
        sessionId: themeId,
        keywords: locale === 'zh' ? ['微腔', '光子学'] : ['cavity', 'photonics'],
        abstract:
          locale === 'zh' ? `${title}的摘要：我们研究了微腔中的光。` : `The abstract of ${title}: we study light in small cavities.`,
        status: 'accepted',
        decision: 'accepted',
        locale,
      })
      .returning({ id: submission.id });
    await db.insert(submissionAuthor).values(
      people.map(([name, surname, email, company], i) => ({
        conferenceId,
        submissionId: row.id,
        name,
        surname,
        email,
        company,
        corresponding: i === 0,
        sortOrder: i,
      })),
    );
    return row.id;
  };
  const s1 = await paper('O-0001', 'Light in small cavities', 'en', optics.id, [
    ['Ana', 'Silva', PROGRAMME.presenters.en, 'University of Porto'],
    ['芳', '王', 'wang-coauthor@confhub.test', '清华大学'],
  ]);
  const s2 = await paper('O-0002', '光学微腔中的非线性效应', 'zh', optics.id, [
    ['芳', '王', PROGRAMME.presenters.zh, '清华大学'],
    ['雷', '李', 'li-lei@confhub.test', '清华大学'],
  ]);
  const s3 = await paper('C-0001', 'Acoustic metamaterials', 'en', acoustics.id, [
    ['Kenji', 'Sato', 'kenji@confhub.test', 'Kyoto University'],
  ]);
  const s4 = await paper('C-0002', 'Underwater sound channels', 'en', acoustics.id, [['Dora', 'Lee', 'dora@confhub.test', 'MIT']]);
  const s5 = await paper('O-0003', 'Photonic crystal posters', 'en', optics.id, [['Eve', 'Stone', 'eve@confhub.test', 'ETH Zurich']]);

  const [hallA, roomB] = await db
    .insert(programmeRoom)
    .values([
      { conferenceId, name: { zh: '报告厅 A', en: 'Hall A' }, capacity: 300, sortOrder: 0 },
      { conferenceId, name: { zh: '会议室 B', en: 'Room B' }, capacity: 80, sortOrder: 1 },
    ])
    .returning({ id: programmeRoom.id });
  await db.insert(programmeDay).values([
    { conferenceId, day: PROGRAMME.days[0], title: { zh: '第一天', en: 'Day 1' } },
    { conferenceId, day: PROGRAMME.days[1], title: { zh: '第二天', en: 'Day 2' } },
  ]);
  const session = async (values: Omit<typeof programmeSession.$inferInsert, 'conferenceId'>) =>
    (
      await db
        .insert(programmeSession)
        .values({ conferenceId, ...values })
        .returning({ id: programmeSession.id })
    )[0].id;
  const [d1, d2] = PROGRAMME.days;
  const keynote = await session({
    title: { zh: '大会报告', en: 'Keynote' },
    type: 'plenary',
    roomId: hallA.id,
    startsAt: at(d1, '09:00'),
    durationMinutes: 60,
  });
  await session({ title: { zh: '茶歇', en: 'Coffee break' }, type: 'break', roomId: null, startsAt: at(d1, '10:00'), durationMinutes: 30 });
  const opticsSession = await session({
    title: { zh: '光学分会场', en: 'Optics session' },
    type: 'parallel',
    roomId: hallA.id,
    startsAt: at(d1, '10:30'),
    durationMinutes: 60,
    themeId: optics.id,
  });
  const acousticsSession = await session({
    title: { zh: '声学分会场', en: 'Acoustics session' },
    type: 'parallel',
    roomId: roomB.id,
    startsAt: at(d1, '10:30'),
    durationMinutes: 60,
    themeId: acoustics.id,
  });
  const posters = await session({
    title: { zh: '墙报展示', en: 'Poster session' },
    type: 'poster',
    roomId: roomB.id,
    startsAt: at(d2, '14:00'),
    durationMinutes: 90,
    themeId: optics.id,
  });
  await db.insert(programmeContribution).values([
    {
      conferenceId,
      sessionId: keynote,
      kind: 'keynote',
      code: 'K1',
      title: { zh: '量子材料的未来', en: 'The future of quantum materials' },
      abstract: { zh: '主旨报告摘要。', en: 'The keynote’s abstract.' },
      speakers: [
        { name: { zh: '李娜', en: 'Li Na' }, affiliation: { zh: '北京大学', en: 'Peking University' }, email: 'li-na@confhub.test' },
      ],
      durationMinutes: 60,
    },
    { conferenceId, sessionId: opticsSession, kind: 'submission', submissionId: s1, code: 'A-01', sortOrder: 0, durationMinutes: 20 },
    { conferenceId, sessionId: opticsSession, kind: 'submission', submissionId: s2, code: 'A-02', sortOrder: 1, durationMinutes: 20 },
    { conferenceId, sessionId: acousticsSession, kind: 'submission', submissionId: s3, code: 'B-01', sortOrder: 0, durationMinutes: 20 },
    { conferenceId, sessionId: acousticsSession, kind: 'submission', submissionId: s4, code: 'B-02', sortOrder: 1, durationMinutes: 20 },
    { conferenceId, sessionId: posters, kind: 'submission', submissionId: s5, code: 'P-01', boardNumber: '12', durationMinutes: 90 },
  ]);
}

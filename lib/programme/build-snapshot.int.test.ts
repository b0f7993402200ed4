import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, submission } from '@/db/schema';
import { resubmitSubmission } from '@/lib/submissions/change-submission';
import { submitSubmission } from '@/lib/submissions/submit-submission';
import type { SubmissionInput } from '@/lib/submissions/schemas';
import { plantCall, plantUsers, validSubmission, type CallFixture } from '@/testing/fixtures/submissions';
import { changeContribution, plantContribution, plantDay, plantRooms, plantSession, shanghai } from '@/testing/fixtures/programme-draft';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { buildProgrammeSnapshot } from './build-snapshot';

/**
 * The snapshot a version freezes, read from a planted draft: placed sessions only, in time order; contributions
 * timed from their session's start in their order unless pinned; a linked contribution's title, authors and
 * numbered affiliations from its submission (and, after a resubmission, from the new version); a typed keynote's
 * speakers; a withdrawn presenter's contribution left out; another conference's draft never read.
 */
const D1 = '2030-10-12';
const D2 = '2030-10-13';

const authors: SubmissionInput['authors'] = [
  { name: '芳', surname: '王', email: 'wang.fang@example.org', phone: '', country: 'China', company: '清华大学', corresponding: false },
  {
    name: 'Ana',
    surname: 'Silva',
    email: 'Ana.Silva@example.org',
    phone: '',
    country: 'PT',
    company: ' University of  Porto ',
    corresponding: true,
  },
  { name: '雷', surname: '李', email: 'li.lei@example.org', phone: '', country: 'China', company: '清华大学', corresponding: false },
];

describe.each(testBackends())('the programme snapshot on %s', (backend) => {
  let database: Database;
  let fx: CallFixture;
  let otherConference: number;
  let submissionId: number;
  let ownerId: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    fx = await plantCall(database, `snap${backend}`);
    const [owner] = await plantUsers(database, 1, `snap${backend}`);
    ownerId = owner.id;
    const conf = { id: fx.conferenceId, title: { zh: '会议', en: 'Conference' }, timeZone: 'Asia/Shanghai' };
    const submitted = await submitSubmission(database.db, {
      conference: conf,
      user: owner,
      locale: 'en',
      values: validSubmission(fx, { title: 'Light in small cavities', keywords: ['optics', 'cavity'], authors }),
    });
    submissionId = submitted.id;
    await database.db.update(submission).set({ status: 'accepted' }).where(eq(submission.id, submissionId));

    const [hallA, roomB] = await plantRooms(database, fx.conferenceId, [
      { zh: '报告厅 A', en: 'Hall A' },
      { zh: '会议室 B', en: 'Room B' },
    ]);
    ids.hallA = hallA;
    ids.roomB = roomB;
    await plantDay(database, fx.conferenceId, D1, { zh: '第一天', en: 'Day 1' });
    // Planted out of time order: the break on day 2 first, then the morning session of day 1.
    ids.lunch = await plantSession(database, fx.conferenceId, {
      title: { zh: '茶歇', en: 'Break' },
      type: 'break',
      roomId: null,
      startsAt: shanghai(D2, '08:30'),
      durationMinutes: 30,
    });
    ids.morning = await plantSession(database, fx.conferenceId, {
      title: { zh: '光学', en: 'Optics' },
      roomId: hallA,
      startsAt: shanghai(D1, '09:00'),
      themeId: fx.sessionIds[0],
    });
    ids.unplaced = await plantSession(database, fx.conferenceId, { title: { zh: '待定', en: 'Later' }, startsAt: null });
    ids.linked = await plantContribution(database, fx.conferenceId, { code: 'A-01', sessionId: ids.morning, submissionId, sortOrder: 0 });
    ids.withdrawn = await plantContribution(database, fx.conferenceId, {
      code: 'A-02',
      sessionId: ids.morning,
      kind: 'invited',
      title: { zh: '撤回的报告', en: 'Withdrawn talk' },
      sortOrder: 1,
      presenterState: 'withdrawn',
    });
    ids.keynote = await plantContribution(database, fx.conferenceId, {
      code: 'K1',
      sessionId: ids.morning,
      title: { zh: '主旨报告', en: 'Keynote' },
      abstract: { zh: '摘要', en: 'Abstract' },
      speakers: [
        { name: { zh: '李娜', en: 'Li Na' }, affiliation: { zh: '北京大学', en: 'Peking University' }, email: 'li.na@example.org' },
        { name: { zh: '', en: 'Maria Rossi' }, affiliation: { zh: '北京大学', en: 'Peking University' }, email: '' },
      ],
      sortOrder: 2,
      durationMinutes: 10,
    });
    ids.pinned = await plantContribution(database, fx.conferenceId, {
      code: 'A-03',
      sessionId: ids.morning,
      kind: 'other',
      title: { zh: '讨论', en: 'Discussion' },
      sortOrder: 3,
      startsAt: shanghai(D1, '09:55'),
      durationMinutes: 5,
    });
    await plantContribution(database, fx.conferenceId, { code: 'U-01', sessionId: ids.unplaced, title: { zh: '未排', en: 'Unplaced' } });

    // Another conference's draft on the same day: never part of this one's snapshot.
    const other = await plantCall(database, `snapother${backend}`);
    otherConference = other.conferenceId;
    const otherSession = await plantSession(database, otherConference, {
      title: { zh: '别家', en: 'Theirs' },
      startsAt: shanghai(D1, '09:00'),
    });
    await plantContribution(database, otherConference, { code: 'X-01', sessionId: otherSession, title: { zh: '别家', en: 'Theirs' } });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('holds the placed sessions in time order, with rooms, days (named or not) and the theme, in the conference’s zone', async () => {
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    expect(snapshot.timeZone).toBe('Asia/Shanghai');
    expect(snapshot.days).toEqual([
      { date: D1, title: { zh: '第一天', en: 'Day 1' } },
      { date: D2, title: { zh: '', en: '' } },
    ]);
    expect(snapshot.rooms.map((r) => r.name.en)).toEqual(['Hall A', 'Room B']);
    expect(snapshot.sessions.map((s) => s.id)).toEqual([ids.morning, ids.lunch]);
    const [morning, lunch] = snapshot.sessions;
    expect(morning).toMatchObject({
      roomId: ids.hallA,
      startsAt: `${D1}T09:00:00+08:00`,
      endsAt: `${D1}T10:00:00+08:00`,
      themeId: fx.sessionIds[0],
      theme: { zh: '光学', en: 'Optics' },
    });
    expect(lunch).toMatchObject({ roomId: null, type: 'break', startsAt: `${D2}T08:30:00+08:00`, contributions: [] });
    const codes = snapshot.sessions.flatMap((s) => s.contributions.map((c) => c.code));
    expect(codes).toEqual(['A-01', 'K1', 'A-03']);
  });

  it('times contributions one after another from the session’s start, a withdrawn one keeping its slot empty, a pinned one at its time', async () => {
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    const times = snapshot.sessions[0].contributions.map((c) => [c.code, c.startsAt.slice(11, 16), c.endsAt.slice(11, 16)]);
    expect(times).toEqual([
      ['A-01', '09:00', '09:20'],
      ['K1', '09:40', '09:50'],
      ['A-03', '09:55', '10:00'],
    ]);
  });

  it('takes a linked contribution from its submission: title, keywords, authors with numbered affiliations, the presenter and their language', async () => {
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    const linked = snapshot.sessions[0].contributions[0];
    expect(linked).toMatchObject({
      kind: 'submission',
      submissionId,
      title: { zh: 'Light in small cavities', en: 'Light in small cavities' },
      keywords: ['optics', 'cavity'],
      affiliations: ['清华大学', 'University of Porto'],
      presenterEmail: 'ana.silva@example.org',
      presenterLocale: 'en',
    });
    expect(linked.authors).toEqual([
      { name: '王芳', affiliations: [1], presenter: false, corresponding: false },
      { name: 'Ana Silva', affiliations: [2], presenter: true, corresponding: true },
      { name: '李雷', affiliations: [1], presenter: false, corresponding: false },
    ]);

    // The organiser names the third author as the presenter.
    await changeContribution(database, ids.linked, { presenterAuthor: 2 });
    const named = (await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId })).sessions[0].contributions[0];
    expect(named.authors.map((a) => a.presenter)).toEqual([false, false, true]);
    expect(named.presenterEmail).toBe('li.lei@example.org');
    await changeContribution(database, ids.linked, { presenterAuthor: null });
  });

  it('takes a typed keynote from its own title and speakers, both languages of a name in one line', async () => {
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    const keynote = snapshot.sessions[0].contributions[1];
    expect(keynote).toMatchObject({
      kind: 'keynote',
      submissionId: null,
      title: { zh: '主旨报告', en: 'Keynote' },
      affiliations: ['北京大学 (Peking University)'],
      presenterEmail: 'li.na@example.org',
      presenterLocale: 'zh',
    });
    expect(keynote.authors).toEqual([
      { name: '李娜 (Li Na)', affiliations: [1], presenter: true, corresponding: false },
      { name: 'Maria Rossi', affiliations: [1], presenter: false, corresponding: false },
    ]);
  });

  it('follows the submission’s last version after a resubmission', async () => {
    await database.db
      .update(submission)
      .set({ status: 'modify', decision: 'modify', releasedAt: new Date() })
      .where(eq(submission.id, submissionId));
    await resubmitSubmission(database.db, {
      conference: { id: fx.conferenceId, timeZone: 'Asia/Shanghai' },
      userId: ownerId,
      submissionId,
      values: validSubmission(fx, {
        title: 'Light in smaller cavities',
        keywords: ['photonics'],
        authors: [
          {
            name: 'Kenji',
            surname: 'Sato',
            email: 'kenji@example.org',
            phone: '',
            country: 'JP',
            company: 'Kyoto University',
            corresponding: true,
          },
          authors[1],
        ],
      }),
    });
    await database.db.update(submission).set({ status: 'accepted' }).where(eq(submission.id, submissionId));
    const linked = (await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId })).sessions[0].contributions[0];
    expect(linked.title.en).toBe('Light in smaller cavities');
    expect(linked.keywords).toEqual(['photonics']);
    expect(linked.affiliations).toEqual(['Kyoto University', 'University of Porto']);
    expect(linked.authors.map((a) => [a.name, a.presenter])).toEqual([
      ['Kenji Sato', true],
      ['Ana Silva', false],
    ]);
    expect(linked.presenterEmail).toBe('kenji@example.org');
  });

  it('reads only its own conference’s draft (the other conference’s session is its own)', async () => {
    const mine = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    expect(mine.sessions.flatMap((s) => s.contributions.map((c) => c.code))).not.toContain('X-01');
    // Control: the other conference's own snapshot does hold it.
    const theirs = await buildProgrammeSnapshot(database.db, { conferenceId: otherConference });
    expect(theirs.sessions.flatMap((s) => s.contributions.map((c) => c.code))).toEqual(['X-01']);
    expect(theirs.rooms).toEqual([]);
  });

  it('uses the conference’s zone for the offsets', async () => {
    await database.db.update(conference).set({ timeZone: 'Europe/Berlin' }).where(eq(conference.id, fx.conferenceId));
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    expect(snapshot.timeZone).toBe('Europe/Berlin');
    // 09:00 in Shanghai is 03:00 in Berlin (CEST, +02:00 in October).
    expect(snapshot.sessions[0].startsAt).toBe(`${D1}T03:00:00+02:00`);
    await database.db.update(conference).set({ timeZone: 'Asia/Shanghai' }).where(eq(conference.id, fx.conferenceId));
  });
  it('stands every poster of a poster session for the whole session, as the editor shows it (a pinned one at its time)', async () => {
    const posters = await plantSession(database, fx.conferenceId, {
      title: { zh: '墙报', en: 'Posters' },
      type: 'poster',
      roomId: ids.roomB,
      startsAt: shanghai(D2, '13:30'),
      durationMinutes: 90,
    });
    for (const [i, code] of ['P-02', 'P-03', 'P-04'].entries())
      await plantContribution(database, fx.conferenceId, {
        code,
        sessionId: posters,
        kind: 'other',
        title: { zh: code, en: code },
        sortOrder: i,
      });
    await plantContribution(database, fx.conferenceId, {
      code: 'P-05',
      sessionId: posters,
      kind: 'other',
      title: { zh: 'P-05', en: 'P-05' },
      sortOrder: 3,
      startsAt: shanghai(D2, '14:00'),
      durationMinutes: 30,
    });
    const snapshot = await buildProgrammeSnapshot(database.db, { conferenceId: fx.conferenceId });
    const session = snapshot.sessions.find((s) => s.id === posters)!;
    expect(session.contributions.map((c) => [c.code, c.startsAt.slice(11, 16), c.endsAt.slice(11, 16)])).toEqual([
      ['P-02', '13:30', '15:00'],
      ['P-03', '13:30', '15:00'],
      ['P-04', '13:30', '15:00'],
      ['P-05', '14:00', '14:30'],
    ]);
  });
});

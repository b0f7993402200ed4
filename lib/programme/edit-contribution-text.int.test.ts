import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { programmeContribution, programmeSession, programmeVersion } from '@/db/schema';
import { POST as ADD_ROOM } from '@/app/api/conference/manage/programme/rooms/route';
import { POST as ADD_DAY } from '@/app/api/conference/manage/programme/days/route';
import { POST as ADD_SESSION } from '@/app/api/conference/manage/programme/sessions/route';
import { PUT as PUT_SESSION } from '@/app/api/conference/manage/programme/sessions/[id]/route';
import { PUT as PLACE } from '@/app/api/conference/manage/programme/sessions/[id]/place/route';
import { POST as ADD_HAND } from '@/app/api/conference/manage/programme/contributions/route';
import { POST as ADD_SUBMISSIONS } from '@/app/api/conference/manage/programme/contributions/submissions/route';
import { PUT as MOVE } from '@/app/api/conference/manage/programme/contributions/[id]/move/route';
import { PUT as PUT_TEXT } from '@/app/api/conference/manage/programme/contributions/[id]/text/route';
import { POST as PUBLISH } from '@/app/api/conference/manage/programme/publish/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantSubmission, plantTheme } from '@/testing/fixtures/programme-editor-draft';

/**
 * A hand-added contribution's text (kind, title, abstract, speakers) changed after it was added, through
 * PUT …/contributions/:id/text: by the conference's organisers only; refused for a contribution from a submission (its
 * text is the submission's) and for another conference's contribution, with nothing changed. And a session's chairs
 * and description, set in the draft, reach the published version.
 */
describe.each(testBackends())('a hand-added contribution’s text and a session’s chairs on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let participant: string;
  let talk: number;
  let linked: number;
  let foreign: number;

  type Handler = Parameters<typeof callHandler>[0];
  const send = (
    handler: Handler,
    fx: ConferenceFixture,
    token: string | undefined,
    body?: unknown,
    id?: number | string,
    method = 'POST',
    locale = 'en',
  ) =>
    callHandler(handler, fx, {
      method,
      token,
      params: id === undefined ? {} : { id: String(id) },
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'x-locale': locale },
    });
  const idOf = (res: Awaited<ReturnType<typeof send>>) => (res.json?.data as { id: number }).id;
  const row = async (id: number) => (await database.db.select().from(programmeContribution).where(eq(programmeContribution.id, id)))[0];
  const person = (zh: string, en: string, email = '', affiliation = { zh: '', en: '' }) => ({ name: { zh, en }, affiliation, email });
  const newText = {
    kind: 'panel',
    title: { zh: '圆桌：光子学的未来', en: 'Panel: the future of photonics' },
    abstract: { zh: '三位嘉宾讨论。', en: 'Three guests discuss.' },
    speakers: [
      person('李娜', 'Li Na', 'li.na@example.org', { zh: '北京大学', en: 'Peking University' }),
      person('席尔瓦', 'Ana Silva', '', { zh: '', en: 'Lisbon Lab' }),
    ],
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, `prtexta${backend.slice(0, 2)}`);
    b = await plantConference(database, `prtextb${backend.slice(0, 2)}`);
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    ({ token: participant } = await plantAccount(database, a.conferenceId, 'user'));
    const keynote = {
      kind: 'keynote',
      title: { zh: '主旨报告', en: 'Keynote' },
      speakers: [person('王芳', 'Wang Fang')],
      durationMinutes: 40,
    };
    talk = idOf(await send(ADD_HAND, a, managerA, keynote));
    foreign = idOf(await send(ADD_HAND, b, managerB, keynote));
    const theme = await plantTheme(database, a.conferenceId, 'OPT');
    const submissionId = await plantSubmission(database, a.conferenceId, { code: 'S-1', title: 'Cavities', themeId: theme });
    linked = ((await send(ADD_SUBMISSIONS, a, managerA, { submissionIds: [submissionId] })).json?.data as { ids: number[] }).ids[0];
  }, 120_000);
  afterAll(async () => database?.close());

  it('changes the kind, title, abstract and speakers (one to two) of a hand-added contribution; its length and code stay', async () => {
    const before = await row(talk);
    expect(before.speakers).toHaveLength(1);
    const res = await send(PUT_TEXT, a, managerA, { ...newText, durationMinutes: 5 }, talk, 'PUT');
    expect([res.status, res.json?.data]).toEqual([200, { id: talk }]);
    const after = await row(talk);
    expect(after).toMatchObject({
      kind: 'panel',
      title: newText.title,
      abstract: newText.abstract,
      speakers: newText.speakers,
      durationMinutes: 40,
      code: before.code,
    });
    // The draft changed since it was last published.
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    // Back to one speaker.
    const one = { ...newText, speakers: [newText.speakers[1]] };
    expect((await send(PUT_TEXT, a, managerA, one, talk, 'PUT')).status).toBe(200);
    expect((await row(talk)).speakers).toEqual([newText.speakers[1]]);
  });

  it('refuses a text without a speaker, a speaker without a name, a bad email, with the fields named; nothing changes', async () => {
    const kept = await row(talk);
    const none = await send(PUT_TEXT, a, managerA, { ...newText, speakers: [] }, talk, 'PUT');
    expect(none.status).toBe(400);
    expect(Object.keys((none.json as { fields?: Record<string, string> }).fields ?? {})).toContain('speakers');
    const bad = await send(
      PUT_TEXT,
      a,
      managerA,
      { ...newText, speakers: [newText.speakers[0], person('', '', 'not-an-email')] },
      talk,
      'PUT',
    );
    expect(bad.status).toBe(400);
    const fields = Object.keys((bad.json as { fields?: Record<string, string> }).fields ?? {});
    expect(fields).toContain('speakers.1.email');
    expect(fields.some((f) => f.startsWith('speakers.1.name'))).toBe(true);
    const wrongKind = await send(PUT_TEXT, a, managerA, { ...newText, kind: 'submission' }, talk, 'PUT');
    expect(wrongKind.status).toBe(400);
    expect(await row(talk)).toEqual(kept);
  });

  it('is for the conference’s organisers only', async () => {
    const kept = await row(talk);
    expect((await send(PUT_TEXT, a, undefined, newText, talk, 'PUT')).status).toBe(401);
    expect((await send(PUT_TEXT, a, participant, newText, talk, 'PUT')).status).toBe(403);
    expect((await send(PUT_TEXT, a, managerB, newText, talk, 'PUT')).status).toBe(403);
    expect(await row(talk)).toEqual(kept);
  });

  it('refuses a contribution from a submission in the caller’s language: its text is the submission’s', async () => {
    const kept = await row(linked);
    const en = await send(PUT_TEXT, a, managerA, newText, linked, 'PUT');
    expect([en.status, en.json?.error, en.json?.message]).toEqual([
      409,
      'PROGRAMME_CONTRIBUTION_FROM_SUBMISSION',
      'This contribution comes from a submission: its title, abstract and authors are the submission’s and cannot be changed here.',
    ]);
    const zh = await send(PUT_TEXT, a, managerA, newText, linked, 'PUT', 'zh');
    expect([zh.status, zh.json?.message]).toEqual([409, '该报告来自投稿：题目、摘要和作者以投稿为准，不能在此修改。']);
    expect(await row(linked)).toEqual(kept);
  });

  it('does not reach another conference’s contribution, nor an id that is no contribution', async () => {
    const kept = await row(foreign);
    const res = await send(PUT_TEXT, a, managerA, newText, foreign, 'PUT');
    expect([res.status, res.json?.error]).toEqual([404, 'PROGRAMME_CONTRIBUTION_NOT_FOUND']);
    expect(await row(foreign)).toEqual(kept);
    for (const id of ['0', 'x', '99999999999', String(2 ** 31)]) {
      expect((await send(PUT_TEXT, a, managerA, newText, id, 'PUT')).status, id).toBe(404);
    }
  });

  it('a session’s chairs and description set in the draft are in the published version, with the talk’s new text', async () => {
    const room = idOf(await send(ADD_ROOM, a, managerA, { name: { zh: '报告厅', en: 'Hall' } }));
    const day = idOf(await send(ADD_DAY, a, managerA, { day: '2030-10-12' }));
    const base = { title: { zh: '光子学', en: 'Photonics' }, type: 'plenary', durationMinutes: 60 };
    const session = idOf(await send(ADD_SESSION, a, managerA, base));
    const chairs = [
      person('张伟', 'Zhang Wei', 'zhang.wei@example.org', { zh: '清华大学', en: 'Tsinghua University' }),
      person('罗西', 'Maria Rossi'),
    ];
    const description = { zh: '开幕全体会议。', en: 'The opening plenary.' };
    const badChair = await send(PUT_SESSION, a, managerA, { ...base, chairs: [person('', '', 'nope')] }, session, 'PUT');
    expect(badChair.status).toBe(400);
    expect(Object.keys((badChair.json as { fields?: Record<string, string> }).fields ?? {})).toContain('chairs.0.email');
    expect((await send(PUT_SESSION, a, managerA, { ...base, description, chairs }, session, 'PUT')).status).toBe(200);
    const [saved] = await database.db
      .select()
      .from(programmeSession)
      .where(and(eq(programmeSession.id, session), eq(programmeSession.conferenceId, a.conferenceId)));
    expect(saved.chairs).toEqual(chairs);
    expect((await send(PLACE, a, managerA, { dayId: day, roomId: room, start: '09:00' }, session, 'PUT')).status).toBe(200);
    expect((await send(MOVE, a, managerA, { sessionId: session }, talk, 'PUT')).status).toBe(200);

    expect((await send(PUBLISH, a, managerA)).status).toBe(200);
    const [version] = await database.db
      .select()
      .from(programmeVersion)
      .where(eq(programmeVersion.conferenceId, a.conferenceId))
      .orderBy(desc(programmeVersion.number))
      .limit(1);
    const published = version.snapshot.sessions.find((s) => s.id === session);
    expect(published?.chairs).toEqual(chairs);
    expect(published?.description).toEqual(description);
    const publishedTalk = published?.contributions.find((c) => c.id === talk);
    expect(publishedTalk).toMatchObject({ kind: 'panel', title: newText.title, abstract: newText.abstract });
    expect(publishedTalk?.authors.map((x) => x.name)).toEqual([expect.stringContaining('Ana Silva')]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { programmeContribution, programmeDay, programmeRoom, programmeSession } from '@/db/schema';
import { GET as DRAFT } from '@/app/api/conference/manage/programme/route';
import { POST as ADD_ROOM } from '@/app/api/conference/manage/programme/rooms/route';
import { PUT as ORDER_ROOMS } from '@/app/api/conference/manage/programme/rooms/order/route';
import { DELETE as DELETE_ROOM, PUT as PUT_ROOM } from '@/app/api/conference/manage/programme/rooms/[id]/route';
import { POST as ADD_DAY } from '@/app/api/conference/manage/programme/days/route';
import { DELETE as DELETE_DAY } from '@/app/api/conference/manage/programme/days/[id]/route';
import { POST as ADD_SESSION } from '@/app/api/conference/manage/programme/sessions/route';
import { DELETE as UNPLACE, PUT as PLACE } from '@/app/api/conference/manage/programme/sessions/[id]/place/route';
import { POST as FILL } from '@/app/api/conference/manage/programme/sessions/[id]/fill/route';
import { POST as ADD_HAND } from '@/app/api/conference/manage/programme/contributions/route';
import { POST as ADD_SUBMISSIONS } from '@/app/api/conference/manage/programme/contributions/submissions/route';
import { PUT as SET_CONTRIBUTION } from '@/app/api/conference/manage/programme/contributions/[id]/route';
import { PUT as MOVE } from '@/app/api/conference/manage/programme/contributions/[id]/move/route';
import { PUT as SETTINGS } from '@/app/api/conference/manage/programme/settings/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantSubmission, plantTheme } from '@/testing/fixtures/programme-editor-draft';
import type { ProgrammeDraft } from './queries';

/**
 * The programme draft through its handlers: organisers of the conference only; rooms, days, sessions placed and
 * unplaced, contributions from accepted submissions (codes from the theme prefix) and by hand, moved and reordered,
 * times computed from the session's start unless pinned; fill a session from a theme in one action; and every id of
 * another conference (room, day, session, contribution, theme, submission) refused with nothing changed.
 */
describe.each(testBackends())('programme draft on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let participant: string;
  let themeA: number;
  let themeChild: number;
  let themeB: number;

  type Handler = Parameters<typeof callHandler>[0];
  const send = (
    handler: Handler,
    fx: ConferenceFixture,
    token: string | undefined,
    body?: unknown,
    id?: number | string,
    method = 'POST',
  ) =>
    callHandler(handler, fx, {
      method,
      token,
      params: id === undefined ? {} : { id: String(id) },
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'x-locale': 'en' },
    });
  const idOf = (res: Awaited<ReturnType<typeof send>>) => (res.json?.data as { id: number }).id;
  const draft = async (fx = a, token = managerA) =>
    (await send(DRAFT, fx, token, undefined, undefined, 'GET')).json?.data as ProgrammeDraft;
  const snapshot = async () => ({
    rooms: await database.db.select().from(programmeRoom).orderBy(programmeRoom.id),
    days: await database.db.select().from(programmeDay).orderBy(programmeDay.id),
    sessions: await database.db.select().from(programmeSession).orderBy(programmeSession.id),
    contributions: await database.db.select().from(programmeContribution).orderBy(programmeContribution.id),
  });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'progeda');
    b = await plantConference(database, 'progedb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    ({ token: participant } = await plantAccount(database, a.conferenceId, 'user'));
    themeA = await plantTheme(database, a.conferenceId, 'OPT');
    themeChild = await plantTheme(database, a.conferenceId, 'LAS', themeA);
    themeB = await plantTheme(database, b.conferenceId, 'BIO');
  }, 120_000);
  afterAll(async () => database?.close());

  it('only organisers of the conference reach the draft', async () => {
    expect((await send(DRAFT, a, undefined, undefined, undefined, 'GET')).status).toBe(401);
    expect((await send(DRAFT, a, participant, undefined, undefined, 'GET')).status).toBe(403);
    expect((await send(DRAFT, a, managerB, undefined, undefined, 'GET')).status).toBe(403);
    expect((await send(ADD_ROOM, a, participant, { name: { zh: '厅', en: 'Hall' } })).status).toBe(403);
    expect((await send(ADD_ROOM, a, managerB, { name: { zh: '厅', en: 'Hall' } })).status).toBe(403);
    expect((await snapshot()).rooms).toEqual([]);
  });

  it('rooms are added, renamed, reordered and deleted only while empty; days are unique and deleted only while empty', async () => {
    const r1 = idOf(await send(ADD_ROOM, a, managerA, { name: { zh: '一号厅', en: 'Hall 1' }, capacity: 300 }));
    const r2 = idOf(await send(ADD_ROOM, a, managerA, { name: { zh: '二号厅', en: 'Hall 2' }, capacity: '' }));
    const missing = await send(ADD_ROOM, a, managerA, { name: { zh: '', en: 'Hall 3' } });
    expect(missing.status).toBe(400);
    expect((await send(PUT_ROOM, a, managerA, { name: { zh: '主厅', en: 'Main hall' }, capacity: 400 }, r1, 'PUT')).status).toBe(200);
    expect((await send(ORDER_ROOMS, a, managerA, { ids: [r2] }, undefined, 'PUT')).status).toBe(400);
    expect((await send(ORDER_ROOMS, a, managerA, { ids: [r2, r1] }, undefined, 'PUT')).status).toBe(200);
    let d = await draft();
    expect(d.rooms).toEqual([
      { id: r2, name: { zh: '二号厅', en: 'Hall 2' }, capacity: null },
      { id: r1, name: { zh: '主厅', en: 'Main hall' }, capacity: 400 },
    ]);

    const day = idOf(await send(ADD_DAY, a, managerA, { day: '2030-10-12', title: { zh: '第一天', en: 'Day 1' } }));
    const again = await send(ADD_DAY, a, managerA, { day: '2030-10-12' });
    expect(again.status).toBe(409);
    expect(again.json?.message).toBe('The programme already has this day.');
    const s = idOf(await send(ADD_SESSION, a, managerA, { title: { zh: '开幕', en: 'Opening' }, type: 'plenary', durationMinutes: 30 }));
    expect((await send(PLACE, a, managerA, { dayId: day, roomId: r1, start: '08:30' }, s, 'PUT')).status).toBe(200);
    const inUse = await send(DELETE_ROOM, a, managerA, undefined, r1, 'DELETE');
    expect([inUse.status, inUse.json?.error]).toEqual([409, 'PROGRAMME_ROOM_IN_USE']);
    const dayInUse = await send(DELETE_DAY, a, managerA, undefined, day, 'DELETE');
    expect([dayInUse.status, dayInUse.json?.error]).toEqual([409, 'PROGRAMME_DAY_NOT_EMPTY']);
    expect((await send(DELETE_ROOM, a, managerA, undefined, r2, 'DELETE')).status).toBe(200);
    d = await draft();
    expect(d.rooms.map((r) => r.id)).toEqual([r1]);
    expect(d.sessions).toMatchObject([{ id: s, roomId: r1, startsAt: '2030-10-12T00:30:00.000Z', endsAt: '2030-10-12T01:00:00.000Z' }]);
    expect((await send(UNPLACE, a, managerA, undefined, s, 'DELETE')).status).toBe(200);
    expect((await draft()).sessions).toMatchObject([{ id: s, roomId: null, startsAt: null, endsAt: null }]);
    expect((await send(DELETE_DAY, a, managerA, undefined, day, 'DELETE')).status).toBe(200);
  });

  it('adds only accepted submissions of the same conference, coded from the theme prefix; another conference’s ids change nothing', async () => {
    const s1 = await plantSubmission(database, a.conferenceId, { code: 'S-002', title: 'Second', themeId: themeA });
    const s2 = await plantSubmission(database, a.conferenceId, { code: 'S-001', title: 'First', themeId: themeA });
    const rejected = await plantSubmission(database, a.conferenceId, { code: 'S-003', title: 'No', themeId: themeA, status: 'rejected' });
    const foreign = await plantSubmission(database, b.conferenceId, { code: 'B-001', title: 'Theirs', themeId: themeB });
    const before = await snapshot();
    for (const ids of [[s1, rejected], [s1, foreign], [foreign]]) {
      const res = await send(ADD_SUBMISSIONS, a, managerA, { submissionIds: ids });
      expect([res.status, res.json?.error]).toEqual([404, 'PROGRAMME_SUBMISSION_NOT_ACCEPTED']);
    }
    expect(await snapshot()).toEqual(before);

    const added = await send(ADD_SUBMISSIONS, a, managerA, { submissionIds: [s1, s2] });
    expect(added.status).toBe(200);
    const d = await draft();
    const mine = d.contributions.filter((c) => c.submissionId === s1 || c.submissionId === s2);
    expect(mine.map((c) => [c.submissionId, c.code, c.sessionId, c.kind])).toEqual([
      [s2, 'OPT-01', null, 'submission'],
      [s1, 'OPT-02', null, 'submission'],
    ]);
    expect(mine[0].title).toEqual({ zh: 'First', en: 'First' });
    expect(mine[0].people).toEqual([{ name: 'Wei Zhang', names: ['Wei Zhang'], email: 's-001@example.org', presenter: true }]);
    expect(d.submissionsToAdd.map((s) => s.id)).not.toContain(s1);
    // Adding again leaves them as they are.
    expect((await send(ADD_SUBMISSIONS, a, managerA, { submissionIds: [s1] })).status).toBe(200);
    expect((await snapshot()).contributions).toHaveLength(2);
  });

  it('builds a session: contributions moved in at positions, times from the session start unless pinned, codes unique', async () => {
    const day = idOf(await send(ADD_DAY, a, managerA, { day: '2030-10-13' }));
    const room = (await draft()).rooms[0].id;
    const s = idOf(await send(ADD_SESSION, a, managerA, { title: { zh: '光学', en: 'Optics' }, type: 'parallel', durationMinutes: 60 }));
    const keynote = await send(ADD_HAND, a, managerA, {
      kind: 'keynote',
      title: { zh: '主旨报告', en: 'Keynote' },
      speakers: [{ name: { zh: '罗西', en: 'Maria Rossi' }, affiliation: { zh: '', en: 'Sapienza' }, email: 'rossi@example.org' }],
      durationMinutes: 30,
    });
    expect(keynote.json?.data).toMatchObject({ code: 'K-01' });
    const [c1, c2] = (await draft()).contributions.filter((c) => c.kind === 'submission').map((c) => c.id);
    const k = idOf(keynote);
    for (const [id, position] of [
      [c1, 0],
      [c2, 1],
      [k, 0],
    ] as const) {
      expect((await send(MOVE, a, managerA, { sessionId: s, position }, id, 'PUT')).status).toBe(200);
    }
    expect((await send(PLACE, a, managerA, { dayId: day, roomId: room, start: '09:00' }, s, 'PUT')).status).toBe(200);
    let d = await draft();
    const times = () => d.contributions.filter((c) => c.sessionId === s).map((c) => [c.id, c.startsAt?.slice(11, 16)]);
    // 09:00 Shanghai is 01:00 UTC: keynote 30 min, then 15 and 15.
    expect(times()).toEqual([
      [k, '01:00'],
      [c1, '01:30'],
      [c2, '01:45'],
    ]);
    const taken = await send(SET_CONTRIBUTION, a, managerA, { durationMinutes: 15, start: '', boardNumber: '', code: 'k-01' }, c2, 'PUT');
    expect([taken.status, taken.json?.error]).toEqual([409, 'PROGRAMME_CODE_TAKEN']);
    expect((taken.json as { fields?: Record<string, string> }).fields?.code).toBe('This programme code is already in use.');
    // `print` is the print page's address (/programme/print), in any case: refused on the field, nothing changed.
    const reserved = await send(
      SET_CONTRIBUTION,
      a,
      managerA,
      { durationMinutes: 15, start: '', boardNumber: '', code: 'Print' },
      c2,
      'PUT',
    );
    expect(reserved.status).toBe(400);
    expect((reserved.json as { fields?: Record<string, string> }).fields?.code).toBe(
      'This code is the address of a programme page; choose another.',
    );
    const badTime = await send(
      SET_CONTRIBUTION,
      a,
      managerA,
      { durationMinutes: 15, start: '25:00', boardNumber: '', code: 'X1' },
      c2,
      'PUT',
    );
    expect(badTime.status).toBe(400);
    const pinned = await send(
      SET_CONTRIBUTION,
      a,
      managerA,
      { durationMinutes: 10, start: '09:50', boardNumber: 'P7', code: 'OPT-99' },
      c2,
      'PUT',
    );
    expect(pinned.status).toBe(200);
    // Reorder: the second talk first; the pinned one keeps its time.
    expect((await send(MOVE, a, managerA, { sessionId: s, position: 0 }, c1, 'PUT')).status).toBe(200);
    d = await draft();
    expect(times()).toEqual([
      [c1, '01:00'],
      [k, '01:15'],
      [c2, '01:50'],
    ]);
    expect(d.contributions.find((c) => c.id === c2)).toMatchObject({
      code: 'OPT-99',
      boardNumber: 'P7',
      pinned: true,
      durationMinutes: 10,
    });
    // Moving the session an hour later moves the pinned start with it.
    expect((await send(PLACE, a, managerA, { dayId: day, roomId: room, start: '10:00' }, s, 'PUT')).status).toBe(200);
    d = await draft();
    expect(times()[2]).toEqual([c2, '02:50']);
  });

  it('refuses another conference’s room, day, session, contribution and theme, changing nothing on either side', async () => {
    const roomB = idOf(await send(ADD_ROOM, b, managerB, { name: { zh: '乙厅', en: 'Hall B' } }));
    const dayB = idOf(await send(ADD_DAY, b, managerB, { day: '2030-10-12' }));
    const sessionB = idOf(await send(ADD_SESSION, b, managerB, { title: { zh: '乙', en: 'B' }, type: 'parallel', durationMinutes: 60 }));
    const d = await draft();
    const sessionA = d.sessions[0].id;
    const dayA = d.days[0].id;
    const contributionA = d.contributions[0].id;
    const before = await snapshot();
    const attempts: Array<[Handler, unknown, number | undefined, string, string]> = [
      [PLACE, { dayId: dayA, roomId: roomB, start: '09:00' }, sessionA, 'PUT', 'PROGRAMME_ROOM_NOT_FOUND'],
      [PLACE, { dayId: dayB, roomId: null, start: '09:00' }, sessionA, 'PUT', 'PROGRAMME_DAY_NOT_FOUND'],
      [PLACE, { dayId: dayA, roomId: null, start: '09:00' }, sessionB, 'PUT', 'PROGRAMME_SESSION_NOT_FOUND'],
      [MOVE, { sessionId: sessionB, position: 0 }, contributionA, 'PUT', 'PROGRAMME_SESSION_NOT_FOUND'],
      [PUT_ROOM, { name: { zh: '改', en: 'Renamed' } }, roomB, 'PUT', 'PROGRAMME_ROOM_NOT_FOUND'],
      [DELETE_ROOM, undefined, roomB, 'DELETE', 'PROGRAMME_ROOM_NOT_FOUND'],
      [DELETE_DAY, undefined, dayB, 'DELETE', 'PROGRAMME_DAY_NOT_FOUND'],
      [
        ADD_SESSION,
        { title: { zh: '甲', en: 'A' }, type: 'parallel', durationMinutes: 30, themeId: themeB },
        undefined,
        'POST',
        'PROGRAMME_THEME_NOT_FOUND',
      ],
      [FILL, { themeId: themeB }, sessionA, 'POST', 'PROGRAMME_THEME_NOT_FOUND'],
      [FILL, { themeId: themeA }, sessionB, 'POST', 'PROGRAMME_SESSION_NOT_FOUND'],
      [UNPLACE, undefined, sessionB, 'DELETE', 'PROGRAMME_SESSION_NOT_FOUND'],
    ];
    for (const [handler, body, id, method, code] of attempts) {
      const res = await send(handler, a, managerA, body, id, method);
      expect([res.status, res.json?.error], `${method} ${code}`).toEqual([404, code]);
    }
    // B's contribution out of A's reach.
    const subB = (await database.db.select().from(programmeContribution).where(eq(programmeContribution.conferenceId, b.conferenceId)))[0];
    expect(subB).toBeUndefined();
    const handB = idOf(
      await send(ADD_HAND, b, managerB, {
        kind: 'invited',
        title: { zh: '特邀', en: 'Invited' },
        speakers: [{ name: { zh: '某', en: 'Someone' }, email: '' }],
      }),
    );
    const afterB = await snapshot();
    const move = await send(MOVE, a, managerA, { sessionId: sessionA, position: 0 }, handB, 'PUT');
    expect([move.status, move.json?.error]).toEqual([404, 'PROGRAMME_CONTRIBUTION_NOT_FOUND']);
    expect(await snapshot()).toEqual(afterB);
    // Every refused attempt left both conferences' drafts as they were (B's only gained its own invited talk).
    expect({ ...afterB, contributions: afterB.contributions.filter((c) => c.id !== handB) }).toEqual(before);
  });

  it('fills a session from a theme in one action: accepted, not yet placed submissions of the theme and those under it, in code order', async () => {
    const placedElsewhere = (await draft()).contributions.find((c) => c.kind === 'submission' && c.sessionId !== null)!;
    const z = await plantSubmission(database, a.conferenceId, { code: 'S-010', title: 'Ten', themeId: themeA });
    const y = await plantSubmission(database, a.conferenceId, { code: 'S-005', title: 'Five', themeId: themeChild });
    await plantSubmission(database, a.conferenceId, { code: 'S-004', title: 'Withdrawn', themeId: themeA, status: 'withdrawn' });
    const other = await plantTheme(database, a.conferenceId, 'ACO');
    await plantSubmission(database, a.conferenceId, { code: 'S-000', title: 'Other theme', themeId: other });
    const s = idOf(await send(ADD_SESSION, a, managerA, { title: { zh: '填充', en: 'Filled' }, type: 'parallel', durationMinutes: 90 }));
    const filled = await send(FILL, a, managerA, { themeId: themeA }, s);
    expect(filled.status).toBe(200);
    const d = await draft();
    const inSession = d.contributions.filter((c) => c.sessionId === s);
    expect(inSession.map((c) => [c.submissionId, c.code])).toEqual([
      [y, 'LAS-01'],
      // OPT-02 was freed when its contribution was renamed OPT-99: the first free number is taken.
      [z, 'OPT-02'],
    ]);
    expect(inSession.map((c) => c.id)).not.toContain(placedElsewhere.id);
    expect(d.sessions.find((x) => x.id === s)?.themeId).toBe(themeA);
    // Again: nothing left to add.
    const again = await send(FILL, a, managerA, { themeId: themeA }, s);
    expect(again.json?.data).toEqual({ added: [] });
    expect((await draft()).contributions.filter((c) => c.sessionId === s)).toHaveLength(2);
  });

  it('keeps the slides setting', async () => {
    expect((await send(SETTINGS, a, managerA, { showSlides: true }, undefined, 'PUT')).status).toBe(200);
    expect((await draft()).showSlides).toBe(true);
    expect((await draft(b, managerB)).showSlides).toBe(false);
  });
});

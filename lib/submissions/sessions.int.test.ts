import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { submission, submissionSession } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { POST as addPost } from '@/app/api/conference/platform/config/contribute/session/route';
import { DELETE as sessionDelete, PUT as sessionPut } from '@/app/api/conference/platform/config/contribute/session/[id]/route';
import { POST as movePost } from '@/app/api/conference/platform/config/contribute/session/[id]/move/route';
import { callForPapers } from './config';
import { flattenSessions } from './session-tree';
import { addSession, deleteSession, moveSession, sessionTree, updateSession } from './sessions';

/**
 * The session tree of the call: add, rename, move and reorder, delete (refused with children or
 * submissions), the depth limit and unique prefixes; every refusal leaves the tree as it was, and
 * one conference's sessions cannot be touched through another's.
 */

const name = (en: string) => ({ zh: `${en}（中）`, en });

describe.each(testBackends('both'))('session tree on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let userA: { token: string; userId: string };

  /** The whole table, to see that a refusal changed nothing. */
  const snapshot = () => database.db.select().from(submissionSession).orderBy(asc(submissionSession.id));
  /** [name, depth, order] of a conference's sessions in reading order. */
  const outline = async (conferenceId: number) =>
    flattenSessions(await sessionTree(database.db, conferenceId)).map((s) => [s.name.en, s.depth, s.sortOrder]);
  const idOf = async (conferenceId: number, en: string) =>
    flattenSessions(await sessionTree(database.db, conferenceId)).find((s) => s.name.en === en)!.id;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'sesa');
    b = await plantConference(database, 'sesb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    userA = await plantAccount(database, a.conferenceId, 'user');
  }, 120_000);
  afterAll(() => database?.close());

  it('adds sessions level by level, each last among its siblings, at most three levels deep', async () => {
    const add = (body: unknown, fx = a, token = managerA) =>
      callHandler(addPost, fx, { token, body: JSON.stringify(body), headers: { 'x-locale': 'en' } });
    const physics = (await add({ name: name('Physics'), prefix: 'P' })).json?.data as { id: number };
    await add({ name: name('Chemistry'), prefix: 'C' });
    const optics = (await add({ parentId: physics.id, name: name('Optics'), prefix: 'PO' })).json?.data as { id: number };
    await add({ parentId: physics.id, name: name('Acoustics') });
    const lasers = await addSession(database.db, a.conferenceId, { parentId: optics.id, name: name('Lasers') });
    expect(await outline(a.conferenceId)).toEqual([
      ['Physics', 0, 0],
      ['Optics', 1, 0],
      ['Lasers', 2, 0],
      ['Acoustics', 1, 1],
      ['Chemistry', 0, 1],
    ]);
    await addSession(database.db, b.conferenceId, { name: name('Biology'), prefix: 'P' });

    const before = await snapshot();
    const tooDeep = await add({ parentId: lasers.id, name: name('Fibre lasers') });
    expect(tooDeep).toMatchObject({
      status: 400,
      json: { error: 'SUBMISSION_SESSION_TOO_DEEP', message: 'Sessions go at most 3 levels deep' },
    });
    const foreignParent = await add({ parentId: await idOf(b.conferenceId, 'Biology'), name: name('Stowaway') });
    expect(foreignParent).toMatchObject({ status: 400, json: { error: 'SUBMISSION_SESSION_PARENT_INVALID' } });
    expect((await add({ name: name('Photonics'), prefix: 'p' })).json).toMatchObject({ error: 'SUBMISSION_SESSION_PREFIX_TAKEN' });
    const noName = await add({ name: { zh: '', en: 'Maths' } });
    expect(noName).toMatchObject({ status: 400, json: { message: 'Please give the name in Chinese and in English' } });
    expect((await add({ name: name('Maths'), prefix: 'A B' })).status).toBe(400);
    expect((await callHandler(addPost, a, { token: userA.token, body: JSON.stringify({ name: name('Mine') }) })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('renames a session, keeping prefixes unique in the conference only', async () => {
    const optics = await idOf(a.conferenceId, 'Optics');
    const put = (id: number, body: unknown) =>
      callHandler(sessionPut, a, { method: 'PUT', token: managerA, body: JSON.stringify(body), params: { id: String(id) } });
    expect((await put(optics, { name: { zh: '光学', en: 'Optics and photonics' }, prefix: 'PO' })).status).toBe(200);
    const before = await snapshot();
    expect((await put(optics, { name: name('Optics'), prefix: 'c' })).json).toMatchObject({ error: 'SUBMISSION_SESSION_PREFIX_TAKEN' });
    expect((await put(optics, { name: { zh: '', en: 'Optics' }, prefix: 'PO' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await put(optics, { name: name('Optics'), prefix: 'PO' })).status).toBe(200); // its own prefix is fine
    expect(await snapshot()).not.toEqual(before);
    await updateSession(database.db, a.conferenceId, optics, { name: { zh: '光学', en: 'Optics' }, prefix: 'PO' });
    const call = await callForPapers(database.db, a.conferenceId);
    expect(call.sessions[0].children[0]).toMatchObject({ name: { zh: '光学', en: 'Optics' }, prefix: 'PO' });
  });

  it('moves and reorders, renumbering both levels; never into itself, its subtree or too deep', async () => {
    const move = (id: number, body: unknown) =>
      callHandler(movePost, a, { token: managerA, body: JSON.stringify(body), params: { id: String(id) } });
    const [physics, chemistry, optics, acoustics, lasers] = await Promise.all(
      ['Physics', 'Chemistry', 'Optics', 'Acoustics', 'Lasers'].map((n) => idOf(a.conferenceId, n)),
    );
    expect((await move(chemistry, { parentId: null, position: 0 })).status).toBe(200);
    expect((await move(acoustics, { parentId: physics, position: 0 })).status).toBe(200);
    expect(await outline(a.conferenceId)).toEqual([
      ['Chemistry', 0, 0],
      ['Physics', 0, 1],
      ['Acoustics', 1, 0],
      ['Optics', 1, 1],
      ['Lasers', 2, 0],
    ]);
    // Optics (with Lasers) under Chemistry, last; Physics keeps Acoustics at 0.
    await moveSession(database.db, a.conferenceId, optics, { parentId: chemistry, position: 99 });
    expect(await outline(a.conferenceId)).toEqual([
      ['Chemistry', 0, 0],
      ['Optics', 1, 0],
      ['Lasers', 2, 0],
      ['Physics', 0, 1],
      ['Acoustics', 1, 0],
    ]);

    const before = await snapshot();
    expect((await move(chemistry, { parentId: lasers, position: 0 })).json).toMatchObject({ error: 'SUBMISSION_SESSION_PARENT_INVALID' });
    expect((await move(optics, { parentId: optics, position: 0 })).json).toMatchObject({ error: 'SUBMISSION_SESSION_PARENT_INVALID' });
    expect((await move(optics, { parentId: acoustics, position: 0 })).json).toMatchObject({ error: 'SUBMISSION_SESSION_TOO_DEEP' });
    expect((await move(optics, { parentId: await idOf(b.conferenceId, 'Biology'), position: 0 })).json).toMatchObject({
      error: 'SUBMISSION_SESSION_PARENT_INVALID',
    });
    expect((await move(optics, { parentId: null, position: -1 })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to delete a session with sub-sessions or with submissions; deletes a free leaf and closes the gap', async () => {
    const del = (id: number, locale = 'en') =>
      callHandler(sessionDelete, a, { method: 'DELETE', token: managerA, params: { id: String(id) }, headers: { 'x-locale': locale } });
    const [chemistry, optics, physics, acoustics] = await Promise.all(
      ['Chemistry', 'Optics', 'Physics', 'Acoustics'].map((n) => idOf(a.conferenceId, n)),
    );
    await addSession(database.db, a.conferenceId, { parentId: physics, name: name('Mechanics') });
    await database.db
      .insert(submission)
      .values({ conferenceId: a.conferenceId, userId: userA.userId, code: 'PA001', title: 'On sound', sessionId: acoustics });

    const before = await snapshot();
    expect(await del(chemistry)).toMatchObject({
      status: 409,
      json: { error: 'SUBMISSION_SESSION_HAS_CHILDREN', message: 'It has sub-sessions: delete failed' },
    });
    expect((await del(optics, 'zh')).json?.message).toBe('存在子主题，删除失败');
    expect(await del(acoustics)).toMatchObject({
      status: 409,
      json: { error: 'SUBMISSION_SESSION_IN_USE', message: '1 submission(s) chose this session: it cannot be deleted' },
    });
    expect(await snapshot()).toEqual(before);

    await database.db.update(submission).set({ sessionId: null }).where(eq(submission.conferenceId, a.conferenceId));
    expect((await del(acoustics)).status).toBe(200);
    expect(await outline(a.conferenceId)).toEqual([
      ['Chemistry', 0, 0],
      ['Optics', 1, 0],
      ['Lasers', 2, 0],
      ['Physics', 0, 1],
      ['Mechanics', 1, 0],
    ]);
    await expect(deleteSession(database.db, a.conferenceId, acoustics)).rejects.toMatchObject({ code: 'SUBMISSION_SESSION_NOT_FOUND' });
  });

  it("answers 404 for another conference's sessions and leaves them as they were", async () => {
    const biology = await idOf(b.conferenceId, 'Biology');
    const lasers = await idOf(a.conferenceId, 'Lasers');
    const before = await snapshot();
    const asA = { token: managerA, params: { id: String(biology) } };
    expect(
      await callHandler(sessionPut, a, { ...asA, method: 'PUT', body: JSON.stringify({ name: name('Hijacked'), prefix: '' }) }),
    ).toMatchObject({
      status: 404,
      json: { error: 'SUBMISSION_SESSION_NOT_FOUND' },
    });
    expect((await callHandler(movePost, a, { ...asA, body: JSON.stringify({ parentId: null, position: 0 }) })).status).toBe(404);
    expect((await callHandler(sessionDelete, a, { ...asA, method: 'DELETE' })).status).toBe(404);
    // B's manager on B's host cannot reach A's session either; on A's host B's manager is nobody.
    const asB = { token: managerB, params: { id: String(lasers) } };
    expect((await callHandler(sessionDelete, b, { ...asB, method: 'DELETE' })).status).toBe(404);
    expect((await callHandler(sessionDelete, a, { ...asB, method: 'DELETE' })).status).toBe(403);
    expect((await callHandler(movePost, b, { ...asB, body: JSON.stringify({ parentId: biology, position: 0 }) })).status).toBe(404);
    // A bad id in the address is not found, not an error.
    expect((await callHandler(sessionDelete, a, { token: managerA, method: 'DELETE', params: { id: '99999999999' } })).status).toBe(404);
    await expect(updateSession(database.db, a.conferenceId, biology, { name: name('X'), prefix: '' })).rejects.toMatchObject({
      code: 'SUBMISSION_SESSION_NOT_FOUND',
    });
    expect(await snapshot()).toEqual(before);
    expect(await outline(b.conferenceId)).toEqual([['Biology', 0, 0]]);
  });

  it('tree changes at the same moment take turns: every level stays numbered 0, 1, 2 …', async () => {
    const parent = await addSession(database.db, b.conferenceId, { name: name('Parallel') });
    const adds = Array.from({ length: 8 }, (_, i) =>
      addSession(database.db, b.conferenceId, { parentId: parent.id, name: name(`Child ${i}`) }),
    );
    await Promise.all(adds);
    const orders = (await sessionTree(database.db, b.conferenceId)).find((s) => s.id === parent.id)!.children.map((c) => c.sortOrder);
    expect(orders).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const children = (await sessionTree(database.db, b.conferenceId)).find((s) => s.id === parent.id)!.children;
    await Promise.all(
      children.slice(0, 4).map((c) => moveSession(database.db, b.conferenceId, c.id, { parentId: parent.id, position: 7 })),
    );
    const after = (await sessionTree(database.db, b.conferenceId)).find((s) => s.id === parent.id)!.children;
    expect(after.map((c) => c.sortOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(after.map((c) => c.id))).toEqual(new Set(children.map((c) => c.id)));
  });
});

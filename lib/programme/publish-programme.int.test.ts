import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox, programmeVersion, submission } from '@/db/schema';
import { POST as publishPost } from '@/app/api/conference/manage/programme/publish/route';
import { GET as versionsGet } from '@/app/api/conference/manage/programme/versions/route';
import { GET as versionGet } from '@/app/api/conference/manage/programme/versions/[number]/route';
import { submitSubmission } from '@/lib/submissions/submit-submission';
import { plantCall, plantUsers, validSubmission, type CallFixture } from '@/testing/fixtures/submissions';
import { changeContribution, moveSession, plantContribution, plantRooms, plantSession, shanghai } from '@/testing/fixtures/programme-draft';
import { callHandler, plantAccount, type Account } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { publishProgramme } from './publish-programme';

/**
 * Publishing versions: numbered 1, 2, 3 … per conference, also when organisers publish at once (with a control that
 * shows unlocked numbering collides); each version's change list against the one before; and the mails — none for
 * version 1, then exactly one per presenter whose slot, room or session changed, in their language, listing every
 * such contribution of theirs, none to presenters whose contribution stayed, was added or was removed.
 */
const D1 = '2030-10-12';

describe.each(testBackends('both'))('publishing the programme on %s', (backend) => {
  let database: Database;
  let fx: CallFixture;
  let manager: Account;
  const ids: Record<string, number> = {};
  const emails = {
    ana: `ana-${backend}@example.org`,
    wang: `wang-${backend}@example.org`,
    dora: `dora-${backend}@example.org`,
    keynote: `keynote-${backend}@example.org`,
    added: `added-${backend}@example.org`,
  };

  const linked = async (title: string, locale: 'zh' | 'en', presenter: { name: string; surname: string; email: string }) => {
    const [owner] = await plantUsers(database, 1, `pub${backend}${title.length}`);
    const { id } = await submitSubmission(database.db, {
      conference: { id: fx.conferenceId, title: { zh: '会议', en: 'Conference' }, timeZone: 'Asia/Shanghai' },
      user: owner,
      locale,
      values: validSubmission(fx, {
        title,
        authors: [{ ...presenter, phone: '', country: '', company: 'Lab', corresponding: true }],
      }),
    });
    await database.db.update(submission).set({ status: 'accepted' }).where(eq(submission.id, id));
    return id;
  };

  const changedMails = () =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, fx.conferenceId), eq(mailOutbox.template, 'programmeChanged')));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantCall(database, `pub${backend}`);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    const [hallA, roomB] = await plantRooms(database, fx.conferenceId, [
      { zh: '报告厅 A', en: 'Hall A' },
      { zh: '会议室 B', en: 'Room B' },
    ]);
    ids.hallA = hallA;
    ids.roomB = roomB;
    ids.opening = await plantSession(database, fx.conferenceId, {
      title: { zh: '开幕', en: 'Opening' },
      type: 'plenary',
      roomId: hallA,
      startsAt: shanghai(D1, '08:00'),
    });
    ids.s1 = await plantSession(database, fx.conferenceId, {
      title: { zh: '光学', en: 'Optics' },
      roomId: hallA,
      startsAt: shanghai(D1, '09:00'),
    });
    ids.s2 = await plantSession(database, fx.conferenceId, {
      title: { zh: '声学', en: 'Acoustics' },
      roomId: roomB,
      startsAt: shanghai(D1, '10:30'),
    });
    const speaker = (email: string, zh: string, en: string) => [{ name: { zh, en }, affiliation: { zh: '', en: '' }, email }];
    ids.keynote = await plantContribution(database, fx.conferenceId, {
      code: 'K1',
      sessionId: ids.opening,
      title: { zh: '主旨报告', en: 'Keynote' },
      speakers: speaker(emails.keynote, '李娜', 'Li Na'),
    });
    const subA = await linked('Cavities', 'en', { name: 'Ana', surname: 'Silva', email: emails.ana });
    const subB = await linked('光学微腔', 'zh', { name: '芳', surname: '王', email: emails.wang });
    const subC = await linked('声学超材料', 'zh', { name: '芳', surname: '王', email: emails.wang });
    const subD = await linked('Lenses', 'en', { name: 'Dora', surname: 'Lee', email: emails.dora });
    ids.a = await plantContribution(database, fx.conferenceId, { code: 'A-01', sessionId: ids.s1, submissionId: subA, sortOrder: 0 });
    ids.b = await plantContribution(database, fx.conferenceId, { code: 'A-02', sessionId: ids.s1, submissionId: subB, sortOrder: 1 });
    ids.d = await plantContribution(database, fx.conferenceId, { code: 'A-03', sessionId: ids.s1, submissionId: subD, sortOrder: 2 });
    ids.c = await plantContribution(database, fx.conferenceId, { code: 'B-01', sessionId: ids.s2, submissionId: subC, sortOrder: 0 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('refuses what only a manager may do, and an empty programme in the caller’s language', async () => {
    expect((await callHandler(publishPost, fx, {})).status).toBe(401);
    const participant = await plantAccount(database, fx.conferenceId);
    expect((await callHandler(publishPost, fx, { token: participant.token })).status).toBe(403);
    expect((await callHandler(versionsGet, fx, { method: 'GET', token: participant.token })).status).toBe(403);

    const empty = await plantCall(database, `pubempty${backend}`);
    const emptyManager = await plantAccount(database, empty.conferenceId, 'manager');
    const refused = await callHandler(publishPost, empty, { token: emptyManager.token, headers: { 'x-locale': 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.json?.message).toContain('place at least one session');
    expect(await database.db.select().from(programmeVersion).where(eq(programmeVersion.conferenceId, empty.conferenceId))).toEqual([]);
  });

  it('version 1: no change list and no mails; a second one with nothing moved: none either', async () => {
    const first = await callHandler(publishPost, fx, { token: manager.token });
    expect(first.status).toBe(200);
    expect(first.json?.data).toMatchObject({ number: 1, changes: [], mails: 0 });
    const second = await publishProgramme(database.db, { conferenceId: fx.conferenceId, userId: manager.userId });
    expect(second).toMatchObject({ number: 2, changes: [], mails: 0 });
    expect(await changedMails()).toEqual([]);
    const [row] = await database.db.select().from(programmeVersion).where(eq(programmeVersion.id, second.id));
    expect(row).toMatchObject({ bookState: 'pending', publishedBy: manager.userId });
  });

  it('lists what changed since the previous version and mails each moved presenter once, in their language', async () => {
    // A-01 moves to the acoustics session (other session, room and time); so A-02 moves up to 09:00; the acoustics
    // session starts at 11:00 (B-01's time); A-03's presenter withdraws (removed); a talk is added to the opening.
    await changeContribution(database, ids.a, { sessionId: ids.s2, sortOrder: 5 });
    await changeContribution(database, ids.d, { presenterState: 'withdrawn' });
    await moveSession(database, ids.s2, { startsAt: shanghai(D1, '11:00') });
    ids.added = await plantContribution(database, fx.conferenceId, {
      code: 'K2',
      sessionId: ids.opening,
      sortOrder: 1,
      title: { zh: '特邀报告', en: 'Invited talk' },
      speakers: [{ name: { zh: '', en: 'Eve Added' }, affiliation: { zh: '', en: '' }, email: emails.added }],
    });

    const third = await publishProgramme(database.db, { conferenceId: fx.conferenceId, userId: manager.userId });
    expect(third.number).toBe(3);
    expect(third.changes.map((c) => [c.code, c.changes])).toEqual([
      ['K2', ['added']],
      ['A-02', ['time']],
      ['B-01', ['time']],
      ['A-01', ['time', 'room', 'session']],
      ['A-03', ['removed']],
    ]);
    expect(third.mails).toBe(2);

    const mails = await changedMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([emails.ana, emails.wang].sort());
    const ana = mails.find((m) => m.toAddress === emails.ana)!;
    expect(ana.locale).toBe('en');
    expect(ana.subject).toContain('Your slot in the programme changed');
    expect(ana.text).toContain('Dear Ana Silva');
    expect(ana.text).toContain('version 3');
    expect(ana.text).toContain('A-01 Cavities — 12 Oct 2030, 11:20–11:40 (GMT+8), Room B, Acoustics');
    expect(ana.text).toMatch(/\/en\/programme\b/);
    // One mail for both of Wang Fang's talks, in Chinese.
    const wang = mails.find((m) => m.toAddress === emails.wang)!;
    expect(wang.locale).toBe('zh');
    expect(wang.text).toContain('王芳，您好');
    expect(wang.text).toContain('A-02 光学微腔');
    expect(wang.text).toContain('09:00–09:20');
    expect(wang.text).toContain('B-01 声学超材料');
    expect(wang.text).toContain('会议室 B，声学');
    expect(wang.text).not.toContain('/en/programme');
    // None to the unchanged keynote speaker, the withdrawn presenter or the added speaker.
    for (const quiet of [emails.keynote, emails.dora, emails.added]) expect(mails.map((m) => m.toAddress)).not.toContain(quiet);
  });

  it('keeps older versions readable for its organisers only', async () => {
    const list = await callHandler(versionsGet, fx, { method: 'GET', token: manager.token });
    expect(list.status).toBe(200);
    const versions = list.json?.data as Array<{ number: number; changeCount: number; publishedBy: { email: string } }>;
    expect(versions.map((v) => [v.number, v.changeCount])).toEqual([
      [3, 5],
      [2, 0],
      [1, 0],
    ]);
    expect(versions[0].publishedBy.email).toBe(manager.email);
    const one = await callHandler(versionGet, fx, { method: 'GET', token: manager.token, params: { number: '1' } });
    expect(one.status).toBe(200);
    const snapshot = (one.json?.data as { snapshot: { sessions: Array<{ contributions: Array<{ code: string }> }> } }).snapshot;
    expect(snapshot.sessions.flatMap((s) => s.contributions.map((c) => c.code))).toEqual(['K1', 'A-01', 'A-02', 'A-03', 'B-01']);
    for (const number of ['4', 'abc', '99999999999'])
      expect((await callHandler(versionGet, fx, { method: 'GET', token: manager.token, params: { number } })).status).toBe(404);
    // Another conference's manager sees none of them: their own conference has no versions.
    const other = await plantCall(database, `pubother${backend}`);
    const stranger = await plantAccount(database, other.conferenceId, 'manager');
    expect((await callHandler(versionGet, other, { method: 'GET', token: stranger.token, params: { number: '1' } })).status).toBe(404);
    expect((await callHandler(versionsGet, other, { method: 'GET', token: stranger.token })).json?.data).toEqual([]);
  });

  it('numbers versions published at once n, n + 1, … each against the one before', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => publishProgramme(database.db, { conferenceId: fx.conferenceId, userId: manager.userId })),
    );
    expect(results.map((r) => r.number).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8]);
    // Nothing moved since version 3, so each compared with the one just before it lists nothing.
    expect(results.every((r) => r.changes.length === 0 && r.mails === 0)).toBe(true);
    const numbers = await database.db
      .select({ number: programmeVersion.number })
      .from(programmeVersion)
      .where(eq(programmeVersion.conferenceId, fx.conferenceId))
      .orderBy(desc(programmeVersion.number));
    expect(numbers.map((n) => n.number)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it.runIf(backend === 'postgres')('control: numbering the same way without the lock collides', async () => {
    const unlocked = () =>
      database.db.transaction(async (tx) => {
        const [last] = await tx
          .select({ number: sql<number>`coalesce(max(${programmeVersion.number}), 0)`.mapWith(Number) })
          .from(programmeVersion)
          .where(eq(programmeVersion.conferenceId, fx.conferenceId));
        await tx.execute(sql`select pg_sleep(0.05)`);
        const [{ snapshot }] = await tx.select({ snapshot: programmeVersion.snapshot }).from(programmeVersion).limit(1);
        await tx.insert(programmeVersion).values({ conferenceId: fx.conferenceId, number: last.number + 1, snapshot });
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, unlocked));
    expect(outcomes.filter((o) => o.status === 'rejected').length).toBeGreaterThan(0);
  });
});

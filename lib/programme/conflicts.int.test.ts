import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { plantPublishedConference } from '@/testing/harness/conference';
import { plantSubmission, plantTheme } from '@/testing/fixtures/programme-editor-draft';
import { addSubmissionContributions } from './add-contributions';
import { createDay } from './days';
import { updateContribution } from './edit-contribution';
import { moveContribution } from './move-contribution';
import { programmeDraft } from './queries';
import { createRoom } from './rooms';
import { createSession, placeSession } from './sessions';

/**
 * Every conflict rule of the draft, built through the services and read back from the draft read model, each with a
 * control that does not conflict: a person in two places (email matched without case, or the same name in either
 * script when an email is missing), a room used twice (a session
 * without a room takes every room), a session running over its end, a contribution longer than its slot.
 */
describe.each(testBackends())('programme conflicts on %s', (backend) => {
  let database: Database;
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 120_000);
  afterAll(async () => database?.close());

  /** A conference of its own with one day (2030-10-12, Asia/Shanghai) and rooms A and B. */
  async function stage() {
    n += 1;
    const { id: conferenceId } = await plantPublishedConference(database.db, `pconf${n}`);
    const db = database.db;
    const { id: dayId } = await createDay(db, conferenceId, { day: '2030-10-12', title: { zh: '', en: '' } });
    const { id: roomA } = await createRoom(db, conferenceId, { name: { zh: 'A 厅', en: 'Hall A' }, capacity: 100 });
    const { id: roomB } = await createRoom(db, conferenceId, { name: { zh: 'B 厅', en: 'Hall B' }, capacity: 50 });
    const themeId = await plantTheme(database, conferenceId, 'T');
    const session = async (
      start: string | null,
      roomId: number | null,
      durationMinutes = 60,
      type: 'parallel' | 'break' | 'poster' = 'parallel',
    ) => {
      const { id } = await createSession(db, conferenceId, { title: { zh: '分会', en: 'Session' }, type, durationMinutes });
      if (start) await placeSession(db, conferenceId, id, { dayId, roomId, start });
      return id;
    };
    const talk = async (code: string, sessionId: number, email: string, durationMinutes = 15, name = { name: 'A', surname: code }) => {
      const sub = await plantSubmission(database, conferenceId, {
        code: `${code}-${n}`,
        title: code,
        themeId,
        authors: [{ ...name, email, corresponding: true }],
      });
      const { ids } = await addSubmissionContributions(db, conferenceId, { submissionIds: [sub] });
      await moveContribution(db, conferenceId, ids[0], { sessionId, position: 1000 });
      if (durationMinutes !== 15) {
        const draft = await programmeDraft(db, { conferenceId });
        const c = draft.contributions.find((x) => x.id === ids[0])!;
        await updateContribution(db, conferenceId, ids[0], { durationMinutes, start: '', boardNumber: '', code: c.code });
      }
      return ids[0];
    };
    const conflicts = async () => (await programmeDraft(db, { conferenceId })).conflicts;
    return { conferenceId, dayId, roomA, roomB, session, talk, conflicts, db };
  }

  it('a presenter or author in two places at once, matched by email whatever the case; not when the times do not overlap', async () => {
    const s = await stage();
    const one = await s.session('09:00', s.roomA);
    const two = await s.session('09:00', s.roomB);
    const c1 = await s.talk('P1', one, 'alice@example.org');
    const c2 = await s.talk('P2', two, 'ALICE@Example.org ');
    await s.talk('P3', two, 'bob@example.org');
    expect(await s.conflicts()).toEqual([{ kind: 'person', person: 'A P1', sessionIds: [one, two], contributionIds: [c1, c2] }]);
    // Control: Alice's second talk moves behind Bob's — 09:15 to 09:30 against 09:00 to 09:15: no overlap.
    await moveContribution(s.db, s.conferenceId, c2, { sessionId: two, position: 1 });
    expect(await s.conflicts()).toEqual([]);
  });

  it('a chair who also presents elsewhere at the same time is in two places', async () => {
    const s = await stage();
    const { id: chaired } = await createSession(s.db, s.conferenceId, {
      title: { zh: '分会', en: 'Session' },
      type: 'parallel',
      durationMinutes: 60,
      chairs: [{ name: { zh: '李娜', en: 'Li Na' }, affiliation: { zh: '', en: '' }, email: 'li@example.org' }],
    });
    await placeSession(s.db, s.conferenceId, chaired, { dayId: s.dayId, roomId: s.roomA, start: '09:00' });
    const other = await s.session('09:30', s.roomB);
    await s.talk('C1', other, 'li@example.org');
    expect((await s.conflicts()).map((c) => c.kind)).toEqual(['person']);
    await placeSession(s.db, s.conferenceId, other, { dayId: s.dayId, roomId: s.roomB, start: '10:00' });
    expect(await s.conflicts()).toEqual([]);
  });

  it('the same person without an email, by name in either script: 刘静 chairs one room while presenting in the other', async () => {
    const s = await stage();
    const chair = (email: string) => [{ name: { zh: '刘静', en: 'Liu Jing' }, affiliation: { zh: '', en: '' }, email }];
    const { id: chaired } = await createSession(s.db, s.conferenceId, {
      title: { zh: '分会', en: 'Session' },
      type: 'parallel',
      durationMinutes: 90,
      chairs: chair(''),
    });
    await placeSession(s.db, s.conferenceId, chaired, { dayId: s.dayId, roomId: s.roomA, start: '10:30' });
    const other = await s.session('10:30', s.roomB);
    const zh = await s.talk('L1', other, '', 15, { name: '静', surname: '刘' });
    expect(await s.conflicts()).toEqual([{ kind: 'person', person: '刘静', sessionIds: [chaired, other], contributionIds: [zh] }]);

    // The romanised name, written given name first, is the same person too.
    const later = await s.session('12:00', s.roomB);
    await placeSession(s.db, s.conferenceId, chaired, { dayId: s.dayId, roomId: s.roomA, start: '12:00' });
    const en = await s.talk('L2', later, '', 15, { name: 'Jing', surname: 'Liu' });
    expect((await s.conflicts()).filter((c) => c.kind === 'person')).toEqual([
      { kind: 'person', person: '刘静', sessionIds: [chaired, later], contributionIds: [en] },
    ]);
  });

  it('two people of one name, each with an address of their own, are two people', async () => {
    const s = await stage();
    const { id: chaired } = await createSession(s.db, s.conferenceId, {
      title: { zh: '分会', en: 'Session' },
      type: 'parallel',
      durationMinutes: 60,
      chairs: [{ name: { zh: '王伟', en: 'Wang Wei' }, affiliation: { zh: '', en: '' }, email: 'wang.wei@pku.example.org' }],
    });
    await placeSession(s.db, s.conferenceId, chaired, { dayId: s.dayId, roomId: s.roomA, start: '09:00' });
    const other = await s.session('09:00', s.roomB);
    await s.talk('W1', other, 'wang.wei@fudan.example.org', 15, { name: '伟', surname: '王' });
    expect(await s.conflicts()).toEqual([]);
    // Control: the same address is the same person.
    const c = await s.talk('W2', other, 'Wang.Wei@PKU.example.org', 15, { name: '伟', surname: '王' });
    expect(await s.conflicts()).toEqual([{ kind: 'person', person: '王伟', sessionIds: [chaired, other], contributionIds: [c] }]);
  });

  it('a room used twice at overlapping times; the next slot is free', async () => {
    const s = await stage();
    const first = await s.session('09:00', s.roomA);
    const second = await s.session('09:30', s.roomA);
    expect(await s.conflicts()).toEqual([{ kind: 'room', roomId: s.roomA, sessionIds: [first, second], contributionIds: [] }]);
    // Control: back to back in the same room, and at the same time in another room.
    await placeSession(s.db, s.conferenceId, second, { dayId: s.dayId, roomId: s.roomA, start: '10:00' });
    await s.session('09:00', s.roomB);
    expect(await s.conflicts()).toEqual([]);
  });

  it('a session without a room takes every room', async () => {
    const s = await stage();
    const talks = await s.session('09:00', s.roomB);
    const coffee = await s.session('09:45', null, 30, 'break');
    expect(await s.conflicts()).toEqual([{ kind: 'room', roomId: s.roomB, sessionIds: [talks, coffee], contributionIds: [] }]);
    await placeSession(s.db, s.conferenceId, coffee, { dayId: s.dayId, roomId: null, start: '10:00' });
    expect(await s.conflicts()).toEqual([]);
  });

  it("a session's contributions running over its end; not when they fit", async () => {
    const s = await stage();
    const short = await s.session('09:00', s.roomA, 30);
    const a = await s.talk('O1', short, 'o1@example.org', 20);
    const b = await s.talk('O2', short, 'o2@example.org', 20);
    expect(await s.conflicts()).toEqual([{ kind: 'overrun', minutes: 10, sessionIds: [short], contributionIds: [b] }]);
    const draft = await programmeDraft(s.db, { conferenceId: s.conferenceId });
    expect(draft.contributions.filter((c) => c.sessionId === short).map((c) => [c.id, c.startsAt, c.endsAt])).toEqual([
      [a, '2030-10-12T01:00:00.000Z', '2030-10-12T01:20:00.000Z'],
      [b, '2030-10-12T01:20:00.000Z', '2030-10-12T01:40:00.000Z'],
    ]);
    // Control: the same talks in a 40-minute session.
    const { updateSession } = await import('./sessions');
    await updateSession(s.db, s.conferenceId, short, { title: { zh: '分会', en: 'Session' }, type: 'parallel', durationMinutes: 40 });
    expect(await s.conflicts()).toEqual([]);
  });

  it('a contribution longer than its slot: it runs into a pinned one, or a pinned one starts before its session', async () => {
    const s = await stage();
    const sess = await s.session('09:00', s.roomA, 60);
    const a = await s.talk('S1', sess, 's1@example.org', 20);
    const b = await s.talk('S2', sess, 's2@example.org', 15);
    const codeOf = async (id: number) =>
      (await programmeDraft(s.db, { conferenceId: s.conferenceId })).contributions.find((c) => c.id === id)!.code;
    await updateContribution(s.db, s.conferenceId, b, { durationMinutes: 15, start: '09:10', boardNumber: '', code: await codeOf(b) });
    expect(await s.conflicts()).toEqual([{ kind: 'slot', minutes: 10, sessionIds: [sess], contributionIds: [a] }]);
    // Control: pinned at 09:20, the first talk fits exactly.
    await updateContribution(s.db, s.conferenceId, b, { durationMinutes: 15, start: '09:20', boardNumber: '', code: await codeOf(b) });
    expect(await s.conflicts()).toEqual([]);
    // Pinned before the session starts.
    await updateContribution(s.db, s.conferenceId, a, { durationMinutes: 20, start: '08:50', boardNumber: '', code: await codeOf(a) });
    expect(await s.conflicts()).toEqual([{ kind: 'slot', minutes: 10, sessionIds: [sess], contributionIds: [a] }]);
  });

  it('posters stand side by side for the whole session: no slot or overrun among them', async () => {
    const s = await stage();
    const posters = await s.session('14:00', s.roomA, 60, 'poster');
    await s.talk('Q1', posters, 'q1@example.org', 45);
    await s.talk('Q2', posters, 'q2@example.org', 45);
    expect(await s.conflicts()).toEqual([]);
  });
});

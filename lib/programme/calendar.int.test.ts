import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as ICS } from '@/app/api/conference/programme/ics/route';
import type { Database } from '@/db/client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantProgrammeWithContributions, type PlantedProgramme } from '@/testing/fixtures/programme-agenda';
import { sampleProgrammeSnapshot } from '@/testing/fixtures/programme';

/**
 * The programme's calendars through their handler, parsed back with node-ical: every event in the programme's zone
 * (TZID with its VTIMEZONE, the right instants), UIDs that stay the same when a new version moves a talk while
 * SEQUENCE and LAST-MODIFIED follow the version, the day / session / contribution scopes (with their controls), the
 * language, and 404 for what the programme does not hold or before anything is published.
 */
type Answer = Awaited<ReturnType<typeof callHandler>>;
const events = (res: Answer) => Object.values(ical.sync.parseICS(res.text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const byCode = (list: VEvent[], code: string) => list.find((e) => String(e.summary).startsWith(`${code} `));

describe.each(testBackends())('programme calendars on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let empty: ConferenceFixture;
  let planted: PlantedProgramme;
  const get = (query: string, fixture = fx, locale = 'zh') =>
    callHandler(ICS, fixture, { method: 'GET', path: `/api/conference/programme/ics${query}`, headers: { 'x-locale': locale } });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'icsa');
    empty = await plantConference(database, 'icsb');
    planted = await plantProgrammeWithContributions(database, fx.conferenceId);
  });
  afterAll(() => database?.close());

  it('writes the whole programme in its time zone, with room, description and the contribution page', async () => {
    const res = await get('?lang=en');
    expect(res.status, res.text).toBe(200);
    expect(res.text).toContain('BEGIN:VTIMEZONE');
    expect(res.text).toContain('TZID:Asia/Shanghai');
    expect(res.text).toContain('X-WR-TIMEZONE:Asia/Shanghai');
    // The wall-clock time in the zone, not UTC and not the server's zone.
    expect(res.text).toContain('DTSTART;TZID=Asia/Shanghai:20301012T090000');
    const list = events(res);
    // Five contributions and the one session without contributions (the coffee break).
    expect(list).toHaveLength(6);
    const talk = byCode(list, 'A-01')!;
    expect(talk.start.toISOString()).toBe('2030-10-12T02:30:00.000Z');
    expect((talk.start as Date & { tz?: string }).tz).toBe('Asia/Shanghai');
    expect(talk.end?.toISOString()).toBe('2030-10-12T02:50:00.000Z');
    expect(talk.summary).toBe('A-01 Superconductivity in 2D materials');
    expect(talk.location).toBe('Hall A');
    expect(String(talk.description)).toContain('张伟*, Anna Schmidt');
    expect(String(talk.description)).toContain('The abstract of Superconductivity in 2D materials.');
    expect((talk.url as unknown as { val: string }).val).toMatch(/^http:\/\/icsa\.localhost(:\d+)?\/en\/programme\/A-01$/);
    expect(talk.uid).toBe(`programme-${fx.conferenceId}-contribution-${planted.ids['A-01']}@confhub`);
    const poster = byCode(list, 'P-01')!;
    expect(poster.location).toBe('Room B, Board 12');
    const coffee = list.find((e) => e.summary === 'Coffee break')!;
    expect(coffee.uid).toBe(`programme-${fx.conferenceId}-session-2@confhub`);
  });

  it('answers in the language asked, or the caller’s', async () => {
    const zh = events(await get(''));
    expect(byCode(zh, 'A-01')!.summary).toBe('A-01 二维材料中的超导');
    expect(byCode(zh, 'A-01')!.location).toBe('报告厅 A');
    const en = events(await get('', fx, 'en'));
    expect(byCode(en, 'A-01')!.summary).toBe('A-01 Superconductivity in 2D materials');
  });

  it('filters one day, one session, one contribution; refuses several at once and what is not there', async () => {
    const day2 = await get('?day=2030-10-13');
    expect(day2.status).toBe(200);
    expect(events(day2).map((e) => String(e.summary).split(' ')[0])).toEqual(['P-01']);
    const day1 = events(await get('?day=2030-10-12'));
    expect(day1.map((e) => e.summary).sort()).toEqual(
      ['A-01 二维材料中的超导', 'A-02 拓扑绝缘体', 'B-01 引力波探测', 'K1 量子材料的未来', '茶歇'].sort(),
    );
    const session = events(await get('?session=3&lang=en'));
    expect(session).toHaveLength(1);
    expect(session[0].summary).toBe('Condensed matter');
    expect(String(session[0].description)).toContain('A-01 Superconductivity in 2D materials');
    const one = events(await get('?code=K1&lang=en'));
    expect(one.map((e) => e.summary)).toEqual(['K1 The future of quantum materials']);
    const file = await ICS(apiRequest('/api/conference/programme/ics?code=K1', { method: 'GET', host: fx.host }));
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain('programme-K1.ics');

    expect((await get('?day=2030-10-14')).status).toBe(404);
    expect((await get('?session=99')).status).toBe(404);
    expect((await get('?code=ZZ-9')).status).toBe(404);
    expect((await get('?day=2030-10-12&code=K1')).status).toBe(400);
    expect((await get('?day=2030-02-30')).status).toBe(400);
    // Another conference has published nothing.
    expect((await get('', empty)).status).toBe(404);
  });

  it('keeps each UID across versions while SEQUENCE and LAST-MODIFIED follow the newest version', async () => {
    const before = events(await get(''));
    const moved = structuredClone(planted.snapshot);
    const session = moved.sessions.find((s) => s.id === 3)!;
    session.contributions[0].startsAt = '2030-10-12T11:10:00+08:00';
    session.contributions[0].endsAt = '2030-10-12T11:30:00+08:00';
    await plantProgrammeWithContributions(database, fx.conferenceId, { snapshot: moved, number: 2, ids: planted.ids });
    const after = events(await get(''));
    expect(after.map((e) => e.uid).sort()).toEqual(before.map((e) => e.uid).sort());
    const talk = byCode(after, 'A-01')!;
    expect(talk.uid).toBe(byCode(before, 'A-01')!.uid);
    expect(talk.start.toISOString()).toBe('2030-10-12T03:10:00.000Z');
    expect(Number(byCode(before, 'A-01')!.sequence)).toBe(1);
    expect(Number(talk.sequence)).toBe(2);
    expect(talk.lastmodified).toBeInstanceOf(Date);
  });

  it('writes a zone with summer time with its rules, the instants right on both sides of the change', async () => {
    const berlin = await plantConference(database, 'icsc');
    const snapshot = sampleProgrammeSnapshot();
    snapshot.timeZone = 'Europe/Berlin';
    snapshot.days = [
      { date: '2030-10-26', title: { zh: '', en: '' } },
      { date: '2030-10-27', title: { zh: '', en: '' } },
    ];
    const [k1] = snapshot.sessions[0].contributions;
    k1.startsAt = '2030-10-26T09:00:00+02:00';
    k1.endsAt = '2030-10-26T10:00:00+02:00';
    const p1 = snapshot.sessions[4].contributions[0];
    p1.startsAt = '2030-10-27T09:00:00+01:00';
    p1.endsAt = '2030-10-27T10:00:00+01:00';
    await plantProgrammeWithContributions(database, berlin.conferenceId, { snapshot });
    const res = await get('?lang=en', berlin);
    expect(res.text).toContain('BEGIN:DAYLIGHT');
    expect(res.text).toContain('DTSTART;TZID=Europe/Berlin:20301026T090000');
    expect(res.text).toContain('DTSTART;TZID=Europe/Berlin:20301027T090000');
    const list = events(res);
    expect(byCode(list, 'K1')!.start.toISOString()).toBe('2030-10-26T07:00:00.000Z');
    expect(byCode(list, 'P-01')!.start.toISOString()).toBe('2030-10-27T08:00:00.000Z');
  });
});

import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as STOP, POST as RENEW } from '@/app/api/conference/programme/feed/route';
import { GET as FEED } from '@/app/api/conference/programme/feed/[token]/route';
import { DELETE as UNSTAR, GET as STARS, POST as STAR } from '@/app/api/conference/programme/stars/route';
import type { Database } from '@/db/client';
import { programmeFeed, programmeStar } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type Account, type ConferenceFixture } from '@/testing/harness/conference';
import { plantProgrammeWithContributions, type PlantedProgramme } from '@/testing/fixtures/programme-agenda';
import { hashFeedToken } from './agenda-feed';
import { myAgenda } from './stars';

/**
 * "My agenda" through its handlers: starring and unstarring (twice is once; another conference's contribution and
 * an unknown one refused with nothing written; a visitor refused), each account seeing only its own stars, and the
 * personal feed — its calendar holds exactly the caller's stars, only the token's SHA-256 is stored, a new address
 * makes the old one answer 404, and stopping the feed closes it.
 */
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe.each(testBackends())('my agenda on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let programmeA: PlantedProgramme;
  let programmeB: PlantedProgramme;
  let alice: Account;
  let bob: Account;

  const send = (handler: Parameters<typeof callHandler>[0], token: string | undefined, body?: unknown, fx = a) =>
    callHandler(handler, fx, { token, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'x-locale': 'en' } });
  const starredIds = async (token: string | undefined) => {
    const res = await callHandler(STARS, a, { method: 'GET', token });
    expect(res.status, res.text).toBe(200);
    return res.json!.data as { signedIn: boolean; ids: number[] };
  };
  const feedToken = (url: string) => /feed\/([A-Za-z0-9_-]+)\.ics/.exec(url)![1];
  const readFeed = (token: string, query = '') =>
    callHandler(FEED, a, { method: 'GET', path: `/api/conference/programme/feed/${token}.ics${query}`, params: { token: `${token}.ics` } });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'agda');
    b = await plantConference(database, 'agdb');
    programmeA = await plantProgrammeWithContributions(database, a.conferenceId);
    programmeB = await plantProgrammeWithContributions(database, b.conferenceId);
    alice = await plantAccount(database, a.conferenceId);
    bob = await plantAccount(database, a.conferenceId);
  });
  afterAll(() => database?.close());

  it('stars and unstars a published contribution; starring twice keeps one star', async () => {
    const k1 = programmeA.ids.K1;
    expect((await send(STAR, alice.token, { contributionId: k1 })).status).toBe(200);
    expect((await send(STAR, alice.token, { contributionId: k1 })).status).toBe(200);
    expect((await send(STAR, alice.token, { contributionId: programmeA.ids['P-01'] })).status).toBe(200);
    expect(await starredIds(alice.token)).toEqual({ signedIn: true, ids: expect.arrayContaining([k1, programmeA.ids['P-01']]) });
    expect((await starredIds(alice.token)).ids).toHaveLength(2);
    expect((await send(UNSTAR, alice.token, { contributionId: programmeA.ids['P-01'] })).status).toBe(200);
    expect((await starredIds(alice.token)).ids).toEqual([k1]);
  });

  it("refuses another conference's contribution, an unknown one and a visitor, writing nothing", async () => {
    const before = await database.db.select().from(programmeStar);
    const foreign = await send(STAR, alice.token, { contributionId: programmeB.ids.K1 });
    expect(foreign.status).toBe(404);
    expect(foreign.json?.message).toBe('This contribution is not in the published programme.');
    expect((await send(STAR, alice.token, { contributionId: 2_000_000 })).status).toBe(404);
    expect((await send(STAR, undefined, { contributionId: programmeA.ids.K1 })).status).toBe(401);
    expect((await send(STAR, alice.token, { contributionId: 'K1' })).status).toBe(400);
    // The control: the same contribution on its own conference's host is starred.
    expect((await send(STAR, alice.token, { contributionId: programmeB.ids.K1 }, b)).status).toBe(200);
    const after = await database.db.select().from(programmeStar);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((s) => s.contributionId === programmeB.ids.K1).map((s) => s.conferenceId)).toEqual([b.conferenceId]);
  });

  it("shows each account only its own stars, and one cannot remove another's", async () => {
    expect(await starredIds(bob.token)).toEqual({ signedIn: true, ids: [] });
    expect(await starredIds(undefined)).toEqual({ signedIn: false, ids: [] });
    expect((await send(UNSTAR, bob.token, { contributionId: programmeA.ids.K1 })).status).toBe(200);
    expect((await starredIds(alice.token)).ids).toEqual([programmeA.ids.K1]);
    await send(STAR, bob.token, { contributionId: programmeA.ids['B-01'] });
    const agenda = await myAgenda(database.db, { conferenceId: a.conferenceId, userId: alice.userId });
    expect(agenda.items.map((i) => i.contribution.code)).toEqual(['K1']);
  });

  it('lists the agenda in time order from the latest version', async () => {
    await send(STAR, alice.token, { contributionId: programmeA.ids['P-01'] });
    await send(STAR, alice.token, { contributionId: programmeA.ids['A-02'] });
    const agenda = await myAgenda(database.db, { conferenceId: a.conferenceId, userId: alice.userId });
    expect(agenda.items.map((i) => i.contribution.code)).toEqual(['K1', 'A-02', 'P-01']);
    expect(agenda.programme?.number).toBe(1);
  });

  it('serves the personal feed at a secret address stored only as its hash; a new address revokes the old one', async () => {
    const made = await send(RENEW, alice.token);
    expect(made.status, made.text).toBe(200);
    const { url, webcal } = made.json!.data as { url: string; webcal: string };
    expect(url).toMatch(/^http:\/\/agda\.localhost\/api\/conference\/programme\/feed\/[A-Za-z0-9_-]{43}\.ics\?lang=en$/);
    expect(webcal.startsWith('webcal://agda.localhost/')).toBe(true);
    const token = feedToken(url);
    const [row] = await database.db.select().from(programmeFeed).where(eq(programmeFeed.userId, alice.userId));
    expect(row.tokenHash).toBe(hashFeedToken(token));
    expect(JSON.stringify(await database.db.select().from(programmeFeed))).not.toContain(token);

    const feed = await readFeed(token, '?lang=en');
    expect(feed.status, feed.text).toBe(200);
    const list = events(feed.text);
    expect(list.map((e) => String(e.summary).split(' ')[0]).sort()).toEqual(['A-02', 'K1', 'P-01']);
    expect(feed.text).toContain('DTSTART;TZID=Asia/Shanghai:20301012T090000');
    // Bob's star is not in Alice's feed; Bob's own feed holds only his.
    const bobs = await send(RENEW, bob.token);
    const bobFeed = await readFeed(feedToken((bobs.json!.data as { url: string }).url));
    expect(events(bobFeed.text).map((e) => String(e.summary).split(' ')[0])).toEqual(['B-01']);

    const renewed = await send(RENEW, alice.token);
    const fresh = feedToken((renewed.json!.data as { url: string }).url);
    expect(fresh).not.toBe(token);
    const old = await readFeed(token);
    expect(old.status).toBe(404);
    expect(old.json?.code).toBe(404);
    expect((await readFeed(fresh)).status).toBe(200);
    expect(await database.db.select().from(programmeFeed).where(eq(programmeFeed.userId, alice.userId))).toHaveLength(1);

    // A token of conference A does not open anything on conference B's host.
    const elsewhere = await callHandler(FEED, b, { method: 'GET', params: { token: `${fresh}.ics` } });
    expect(elsewhere.status).toBe(404);
    expect((await readFeed('not-a-token')).status).toBe(404);

    expect((await send(STOP, alice.token)).status).toBe(200);
    expect((await readFeed(fresh)).status).toBe(404);
    expect((await send(RENEW, undefined)).status).toBe(401);
  });
});

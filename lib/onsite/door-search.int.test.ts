import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceRegistration, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as configGet, POST as configRoute } from '@/app/api/conference/manage/checkin/config/route';
import { GET as searchRoute } from '@/app/api/conference/manage/checkin/search/route';
import type { Attendee } from './attendee';
import { ensureDoorList } from './lists';

/**
 * The door's search matches only what the door shows (names, registration number, organisation), so staff cannot
 * recover a registrant's email address or phone number a character at a time by watching which searches find them.
 * Only where the organiser turns contact search on do email and phone match too, and then each result found that way
 * shows the address or number that matched.
 */
const ACCOUNT_EMAIL = 'hidden.fragment-xq@example.org';
const ANSWER_EMAIL = 'answer-only-zv@example.net';
const PHONE = '+86 139 8765 4321';

describe.each(testBackends())('the door’s search on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;
  let door: number;
  let staffToken: string;
  let managerToken: string;
  let registrationId: number;
  let code: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `door-search-${backend}`);
    other = await plantConference(database, `door-search-other-${backend}`);
    door = await ensureDoorList(database.db, { conferenceId: fx.conferenceId });
    staffToken = (await plantAccount(database, fx.conferenceId, 'checkin')).token;
    managerToken = (await plantAccount(database, fx.conferenceId, 'manager')).token;
    // The registrant whose contact details the search must not give away: an account email, a different email and a
    // phone number among the answers, and an account name in the other script than the registered one.
    const account = await plantAccount(database, fx.conferenceId);
    await database.db.update(user).set({ email: ACCOUNT_EMAIL, name: 'Lin Wanqing' }).where(eq(user.id, account.userId));
    const [reg] = await database.db
      .insert(conferenceRegistration)
      .values({
        conferenceId: fx.conferenceId,
        userId: account.userId,
        code: `DS-${backend}-0007`,
        answers: { name: '林婉清', unit: '复旦大学化学系', telephone: PHONE, email: ANSWER_EMAIL },
      })
      .returning();
    registrationId = reg.id;
    code = reg.code;
  }, 120_000);
  afterAll(() => database?.close());

  const search = async (q: string, token = staffToken) => {
    const res = await callHandler(searchRoute, fx, {
      method: 'GET',
      token,
      path: `/api/x?${new URLSearchParams({ listId: String(door), q })}`,
    });
    expect(res.status).toBe(200);
    return { text: res.text, attendees: (res.json?.data as { attendees: Attendee[] }).attendees };
  };
  const setContactSearch = (contactSearch: boolean, token = managerToken) =>
    callHandler(configRoute, fx, { token, body: JSON.stringify({ contactSearch }) });

  it('finds a registrant by what the door shows: both names, the registration number, the organisation', async () => {
    for (const q of ['婉清', 'wanqing', code.slice(-6), '复旦大学']) {
      const { attendees, text } = await search(q);
      expect(attendees, q).toEqual([
        expect.objectContaining({ registrationId, name: '林婉清', accountName: 'Lin Wanqing', code, organisation: '复旦大学化学系' }),
      ]);
      expect(attendees[0]).not.toHaveProperty('contact');
      expect(text).not.toContain('@');
      expect(text).not.toContain('8765');
    }
  });

  it('with contact search off (the default), an email or phone fragment finds nobody and the answer holds no email', async () => {
    expect((await callHandler(configGet, fx, { method: 'GET', token: managerToken })).json?.data).toEqual({ contactSearch: false });
    // A prober's first steps through an address, and whole addresses and numbers.
    for (const q of ['hi', 'hidden', 'fragment-xq', ACCOUNT_EMAIL, 'answer-only', ANSWER_EMAIL, '@example', '8765', '13987654321', PHONE]) {
      const { attendees, text } = await search(q);
      expect(attendees, q).toEqual([]);
      expect(text).not.toContain('@example');
      expect(text).not.toContain('8765');
    }
  });

  it('only a manager of this conference turns contact search on; then a match shows the email or phone that matched', async () => {
    const otherManager = await plantAccount(database, other.conferenceId, 'manager');
    expect((await setContactSearch(true, staffToken)).status).toBe(403);
    expect((await setContactSearch(true, otherManager.token)).status).toBe(403);
    expect((await search('fragment-xq')).attendees).toEqual([]);

    expect((await setContactSearch(true)).json?.data).toEqual({ contactSearch: true });
    const byAccountEmail = await search('fragment-xq');
    expect(byAccountEmail.attendees).toEqual([expect.objectContaining({ registrationId, contact: { email: ACCOUNT_EMAIL, phone: null } })]);
    expect((await search('answer-only')).attendees).toEqual([
      expect.objectContaining({ registrationId, contact: { email: ANSWER_EMAIL, phone: null } }),
    ]);
    expect((await search('139 8765')).attendees).toEqual([
      expect.objectContaining({ registrationId, contact: { email: null, phone: PHONE } }),
    ]);
    // Found by name, nothing of the contact details is shown.
    const byName = await search('婉清');
    expect(byName.attendees[0]).not.toHaveProperty('contact');
    expect(byName.text).not.toContain('@');

    // Off again: the fragment finds nobody.
    expect((await setContactSearch(false)).json?.data).toEqual({ contactSearch: false });
    expect((await search('fragment-xq')).attendees).toEqual([]);
  });
});

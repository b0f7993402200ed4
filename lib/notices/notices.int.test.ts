import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as MY_NOTICES } from '@/app/api/conference/notice/route';
import { POST as READ } from '@/app/api/conference/notice/[id]/read/route';
import { GET as LIST, POST as CREATE } from '@/app/api/conference/platform/manage/notice/route';
import { DELETE, PUT } from '@/app/api/conference/platform/manage/notice/[id]/route';
import { POST as PUBLISH } from '@/app/api/conference/platform/manage/notice/[id]/publish/route';
import type { Database } from '@/db/client';
import { conferenceRegistration, notice, noticeRead } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import type { MyNotice } from './my-notices';
import type { OrganiserNotice } from './notices';
import type { NoticeInput } from './schemas';

/**
 * Notices through their handlers: organisers of the conference only write, publish and delete
 * (another conference's organiser is refused on this host and finds nothing on theirs), both
 * languages are required with nothing written otherwise, registrants alone read the published
 * ones (pinned first, then the newest) with read marks and an unread count, drafts stay hidden.
 */
type Answer = Awaited<ReturnType<typeof callHandler>>;
const fieldsOf = (res: Answer) => (res.json as { fields?: Record<string, string> } | null)?.fields ?? {};

const NOTICE = (n: string, over: Partial<NoticeInput> = {}): NoticeInput => ({
  title: { zh: `通知 ${n}`, en: `Notice ${n}` },
  content: { zh: `<p>内容 ${n}</p><script>alert(1)</script>`, en: `Content ${n}\nsecond line` },
  pinned: false,
  ...over,
});

describe.each(testBackends())('notices on %s', (backend) => {
  let database: Database;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let registrant: { token: string; userId: string };
  let other: { token: string; userId: string };
  let stranger: string;

  const send = (
    handler: Parameters<typeof callHandler>[0],
    fx: ConferenceFixture,
    token: string | undefined,
    opts: { method?: string; id?: number | string; body?: unknown; locale?: string } = {},
  ) =>
    callHandler(handler, fx, {
      method: opts.method ?? 'POST',
      token,
      params: opts.id === undefined ? {} : { id: String(opts.id) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      headers: { 'x-locale': opts.locale ?? 'en' },
    });
  const create = async (fx: ConferenceFixture, token: string, input: NoticeInput) => {
    const res = await send(CREATE, fx, token, { body: input });
    expect(res.status, res.text).toBe(200);
    return (res.json!.data as { id: number }).id;
  };
  const publish = (fx: ConferenceFixture, token: string, id: number, published = true) =>
    send(PUBLISH, fx, token, { id, body: { published } });
  const mine = async (token: string) => {
    const res = await send(MY_NOTICES, a, token, { method: 'GET' });
    expect(res.status, res.text).toBe(200);
    return res.json!.data as { notices: MyNotice[]; unread: number };
  };
  const noticeRows = (conferenceId: number) => database.db.select().from(notice).where(eq(notice.conferenceId, conferenceId));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    a = await plantConference(database, 'nota');
    b = await plantConference(database, 'notb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    registrant = await plantAccount(database, a.conferenceId);
    other = await plantAccount(database, a.conferenceId);
    ({ token: stranger } = await plantAccount(database, a.conferenceId));
    await database.db.insert(conferenceRegistration).values([
      { conferenceId: a.conferenceId, userId: registrant.userId, code: 'N0001' },
      { conferenceId: a.conferenceId, userId: other.userId, code: 'N0002' },
    ]);
  }, 120_000);
  afterAll(() => database?.close());

  it('refuses a notice without both languages on the field, in the caller’s language, and writes nothing', async () => {
    const res = await send(CREATE, a, managerA, { body: NOTICE('x', { title: { zh: '只有中文', en: ' ' } }) });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ 'title.en': 'Enter the title in Chinese and in English' });
    const zh = await send(CREATE, a, managerA, { locale: 'zh', body: NOTICE('x', { content: { zh: '', en: 'only English' } }) });
    expect(fieldsOf(zh)).toEqual({ 'content.zh': '请填写中文和英文内容' });
    const long = await send(CREATE, a, managerA, { body: NOTICE('x', { title: { zh: '长'.repeat(201), en: 'Long' } }) });
    expect(fieldsOf(long)).toEqual({ 'title.zh': 'The title cannot be longer than 200 characters' });
    expect(await noticeRows(a.conferenceId)).toEqual([]);
    // A control: the same notice with both languages is written.
    const id = await create(a, managerA, NOTICE('ok'));
    expect((await noticeRows(a.conferenceId)).map((n) => n.id)).toEqual([id]);
    await send(DELETE, a, managerA, { method: 'DELETE', id });
  });

  it('only this conference’s organisers write; another conference’s ids are not found', async () => {
    expect((await send(LIST, a, undefined, { method: 'GET' })).status).toBe(401);
    expect((await send(LIST, a, registrant.token, { method: 'GET' })).status).toBe(403);
    expect((await send(CREATE, a, registrant.token, { body: NOTICE('p') })).status).toBe(403);
    expect((await send(CREATE, a, managerB, { body: NOTICE('b') })).status).toBe(403);
    const id = await create(a, managerA, NOTICE('A1'));
    // B's organiser on A's site is refused; on B's own site A's notice is not there.
    expect((await send(PUT, a, managerB, { method: 'PUT', id, body: NOTICE('hijack') })).status).toBe(403);
    for (const [handler, method, body] of [
      [PUT, 'PUT', NOTICE('hijack')],
      [PUBLISH, 'POST', { published: true }],
      [DELETE, 'DELETE', undefined],
    ] as const) {
      const res = await send(handler, b, managerB, { method, id, body });
      expect([res.status, res.json?.error], `${method} from B`).toEqual([404, 'NOTICE_NOT_FOUND']);
    }
    expect((await send(LIST, b, managerB, { method: 'GET' })).json!.data).toEqual([]);
    const [row] = await noticeRows(a.conferenceId);
    expect(row).toMatchObject({ id, title: { zh: '通知 A1', en: 'Notice A1' }, publishedAt: null });
    // Ids past 32 bits and words are simply not found.
    for (const bad of ['4294967296', 'abc', '0']) {
      expect((await send(PUBLISH, a, managerA, { id: bad, body: { published: true } })).status).toBe(404);
    }
    await send(DELETE, a, managerA, { method: 'DELETE', id });
  });

  it('shows registrants the published notices only, pinned first then the newest, with read marks and the unread count', async () => {
    const old = await create(a, managerA, NOTICE('old'));
    const pinned = await create(a, managerA, NOTICE('pinned', { pinned: true }));
    const draft = await create(a, managerA, NOTICE('draft'));
    const fresh = await create(a, managerA, NOTICE('fresh'));
    for (const id of [old, pinned, fresh]) expect((await publish(a, managerA, id)).status).toBe(200);
    const before = await mine(registrant.token);
    expect(before.notices.map((n) => n.id)).toEqual([pinned, fresh, old]);
    expect(before.notices.every((n) => !n.read)).toBe(true);
    expect(before.unread).toBe(3);
    // Stored content is made safe: no script, and plain text keeps its line break.
    const shown = before.notices.find((n) => n.id === old)!;
    expect(shown.content.zh).toBe('<p>内容 old</p>');
    expect(shown.content.en).toBe('<p>Content old<br>second line</p>');

    // Reading marks it for this registrant only; a second time changes nothing.
    expect((await send(READ, a, registrant.token, { id: fresh })).json!.data).toEqual({ unread: 2 });
    expect((await send(READ, a, registrant.token, { id: fresh })).json!.data).toEqual({ unread: 2 });
    const after = await mine(registrant.token);
    expect(after.notices.map((n) => [n.id, n.read])).toEqual([
      [pinned, false],
      [fresh, true],
      [old, false],
    ]);
    expect((await mine(other.token)).unread).toBe(3);
    // A draft, another conference's notice and nonsense are not found, and nothing is marked.
    const foreign = await create(b, managerB, NOTICE('B'));
    await publish(b, managerB, foreign);
    for (const id of [draft, foreign, 4294967296]) {
      const res = await send(READ, a, registrant.token, { id });
      expect([res.status, res.json?.error]).toEqual([404, 'NOTICE_NOT_FOUND']);
    }
    expect(await database.db.select().from(noticeRead).where(eq(noticeRead.userId, registrant.userId))).toHaveLength(1);

    // Taken back to a draft it disappears (and leaves the count); published again it is the newest.
    await publish(a, managerA, old, false);
    expect((await mine(registrant.token)).unread).toBe(1);
    await publish(a, managerA, old, true);
    expect((await mine(registrant.token)).notices.map((n) => n.id)).toEqual([pinned, old, fresh]);

    // The organiser sees drafts too, with how many read each.
    const list = (await send(LIST, a, managerA, { method: 'GET' })).json!.data as OrganiserNotice[];
    expect(list.find((n) => n.id === fresh)).toMatchObject({ readCount: 1 });
    expect(list.find((n) => n.id === draft)).toMatchObject({ publishedAt: null, readCount: 0 });

    // Deleting a published notice takes its read marks with it.
    expect((await send(DELETE, a, managerA, { method: 'DELETE', id: fresh })).status).toBe(200);
    expect(await database.db.select().from(noticeRead).where(eq(noticeRead.noticeId, fresh))).toEqual([]);
    expect((await mine(registrant.token)).notices.map((n) => n.id)).toEqual([pinned, old]);
    expect((await send(DELETE, a, managerA, { method: 'DELETE', id: draft })).status).toBe(200);
  });

  it('gives someone not registered a clear refusal, not the notices', async () => {
    const res = await send(MY_NOTICES, a, stranger, { method: 'GET' });
    expect([res.status, res.json?.error, res.json?.message]).toEqual([403, 'NOT_REGISTERED', 'Please register for the conference first']);
    const [any] = await noticeRows(a.conferenceId);
    const read = await send(READ, a, stranger, { id: any.id });
    expect([read.status, read.json?.error]).toEqual([403, 'NOT_REGISTERED']);
    expect((await send(MY_NOTICES, a, undefined, { method: 'GET' })).status).toBe(401);
    // A registrant of A is not a registrant of B.
    const onB = await send(MY_NOTICES, b, registrant.token, { method: 'GET' });
    expect(onB.status).toBe(403);
  });
});

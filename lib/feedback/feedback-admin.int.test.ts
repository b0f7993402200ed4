import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, feedback, feedbackReply, mailOutbox } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET as mineGet } from '@/app/api/conference/feedback/route';
import { GET as detailGet } from '@/app/api/conference/feedback/detail/route';
import { GET as listGet } from '@/app/api/conference/manage/feedback/list/route';
import { GET as manageDetailGet } from '@/app/api/conference/manage/feedback/detail/route';
import { POST as replyPost } from '@/app/api/conference/manage/feedback/reply/route';
import { GET as exportGet } from '@/app/api/conference/manage/feedback/export/route';
import type { MyFeedbackItem, ReplyView } from './queries';
import { postFeedback } from '@/testing/fixtures/feedback';

/**
 * Feedback for organisers and senders through the route handlers: each conference's organisers see
 * only its feedback and each participant only their own; a reply is stored, marks the feedback
 * replied and is mailed through the outbox in the sender's language in the same transaction; the
 * sender sees it as new once, then read; the filtered list and its xlsx export.
 */

type Account = { token: string; userId: string };
type Row = { feedback: { id: number; title: string; status: string } };

describe.each(testBackends())('feedback for organisers on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let elsewhere: ConferenceFixture;
  let sender: Account;
  let other: Account;
  let manager: Account;
  let outsiderManager: Account;
  let english: number;
  let chinese: number;
  let theirs: number;

  const sent = async (answer: Awaited<ReturnType<typeof postFeedback>>) => {
    expect(answer.status, answer.text).toBe(200);
    return (answer.json!.data as { id: number }).id;
  };
  const get = async <T>(handler: typeof listGet, token: string, query = '', at = fx) => {
    const answer = await callHandler(handler, at, { method: 'GET', token, path: `/api/x?${query}` });
    return { status: answer.status, error: answer.json?.error, data: answer.json?.data as T };
  };
  const reply = (id: number, content: string, token = manager.token, at = fx) =>
    callHandler(replyPost, at, { token, body: JSON.stringify({ id, content }) });
  const replyMails = (to: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'feedbackReply')));

  beforeAll(async () => {
    process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'confhub-feedback-admin-'));
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `fbadmin${backend}`);
    elsewhere = await plantConference(database, `fbadminother${backend}`);
    sender = await plantAccount(database, fx.conferenceId);
    other = await plantAccount(database, fx.conferenceId);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    outsiderManager = await plantAccount(database, elsewhere.conferenceId, 'manager');
    english = await sent(
      await postFeedback(
        database,
        fx,
        sender.token,
        { title: 'Hotel invoice question', type: 'hotel' },
        { lang: 'en', email: 'en-sender@example.org' },
      ),
    );
    chinese = await sent(
      await postFeedback(
        database,
        fx,
        sender.token,
        { title: '网站登录问题', type: 'website' },
        { lang: 'zh', email: 'zh-sender@example.org' },
      ),
    );
    await sent(await postFeedback(database, fx, other.token, { title: 'Someone else’s payment', type: 'payment' }));
    // Feedback at the other conference, which must never show here.
    const outsider = await plantAccount(database, elsewhere.conferenceId);
    theirs = await sent(await postFeedback(database, elsewhere, outsider.token, { title: 'PLANTED-ELSEWHERE', type: 'hotel' }));
  });
  afterAll(() => database?.close());

  it('organisers of another conference never see, open, reply to or export this conference’s feedback', async () => {
    const mineList = await get<{ rows: Row[]; total: number }>(listGet, manager.token);
    expect(mineList.data.total).toBe(3);
    expect(mineList.data.rows.map((r) => r.feedback.title)).not.toContain('PLANTED-ELSEWHERE');
    const theirList = await get<{ rows: Row[]; total: number }>(listGet, outsiderManager.token, '', elsewhere);
    expect(theirList.data.rows.map((r) => r.feedback.id)).toEqual([theirs]);
    // Addressed by id on their own host: not found, and nothing written.
    expect(await get(manageDetailGet, outsiderManager.token, `id=${english}`, elsewhere)).toMatchObject({
      status: 404,
      error: 'FEEDBACK_NOT_FOUND',
    });
    const refused = await reply(english, 'Not yours', outsiderManager.token, elsewhere);
    expect([refused.status, refused.json?.error]).toEqual([404, 'FEEDBACK_NOT_FOUND']);
    // A manager of this conference cannot reach the other conference's feedback from here either.
    expect((await get(manageDetailGet, manager.token, `id=${theirs}`)).status).toBe(404);
    expect((await reply(theirs, 'Not ours')).status).toBe(404);
    const [{ n }] = await database.db.select({ n: count() }).from(feedbackReply);
    expect(n).toBe(0);
    // Participants are refused the organisers' calls.
    expect((await get(listGet, sender.token)).status).toBe(403);
    expect((await reply(english, 'I reply myself', sender.token)).status).toBe(403);
  });

  it('a participant sees only their own feedback, here only', async () => {
    const mine = await get<MyFeedbackItem[]>(mineGet, sender.token);
    expect(mine.data.map((f) => f.id).sort()).toEqual([english, chinese].sort());
    expect(mine.data[0]).not.toHaveProperty('userId');
    const others = await get<MyFeedbackItem[]>(mineGet, other.token);
    expect(others.data.map((f) => f.title)).toEqual(['Someone else’s payment']);
    expect(await get(detailGet, other.token, `id=${english}`)).toMatchObject({ status: 404, error: 'FEEDBACK_NOT_FOUND' });
    // The same account on the other conference's site sees none of it.
    expect((await get<MyFeedbackItem[]>(mineGet, sender.token, '', elsewhere)).data).toEqual([]);
    expect((await get(detailGet, sender.token, `id=${english}`, elsewhere)).status).toBe(404);
  });

  it('a reply is stored, the feedback becomes replied, and the sender is mailed in the language they wrote in', async () => {
    const empty = await reply(english, '   ');
    expect([empty.status, empty.json?.error]).toEqual([400, 'INVALID_INPUT']);
    expect(await replyMails('en-sender@example.org')).toHaveLength(0);

    const answer = await reply(english, 'Please send us the order number.\nWe will correct the invoice.');
    expect(answer.status, answer.text).toBe(200);
    const [row] = await database.db.select().from(feedback).where(eq(feedback.id, english));
    expect(row.status).toBe('replied');
    const [enMail] = await replyMails('en-sender@example.org');
    expect(enMail).toMatchObject({ locale: 'en', conferenceId: fx.conferenceId });
    expect(enMail.subject).toBe(`[fbadmin${backend}] Reply to your feedback: Hotel invoice question`);
    expect(enMail.text).toContain('Please send us the order number.');

    expect((await reply(chinese, '请清除浏览器缓存后重试。')).status).toBe(200);
    const [zhMail] = await replyMails('zh-sender@example.org');
    expect(zhMail.locale).toBe('zh');
    expect(zhMail.subject).toBe(`【fbadmin${backend}】您的反馈已回复：网站登录问题`);
    expect(zhMail.text).toContain('请清除浏览器缓存后重试。');
  });

  it('the sender sees a reply as new once: opening the feedback marks it read', async () => {
    const before = await get<MyFeedbackItem[]>(mineGet, sender.token);
    expect(before.data.find((f) => f.id === english)).toMatchObject({ status: 'replied', replies: 1, unread: 1 });
    const opened = await get<{ replies: ReplyView[] }>(detailGet, sender.token, `id=${english}`);
    expect(opened.data.replies.map((r) => r.unread)).toEqual([true]);
    const again = await get<{ replies: ReplyView[] }>(detailGet, sender.token, `id=${english}`);
    expect(again.data.replies.map((r) => r.unread)).toEqual([false]);
    const after = await get<MyFeedbackItem[]>(mineGet, sender.token);
    expect(after.data.find((f) => f.id === english)).toMatchObject({ replies: 1, unread: 0 });
    // The other feedback's reply is still new (opening one marks only its own).
    expect(after.data.find((f) => f.id === chinese)).toMatchObject({ unread: 1 });
  });

  it('the list filters by type, status, text and dates; the export holds what the filters show, in the organiser’s language', async () => {
    const titles = async (query: string) =>
      (await get<{ rows: Row[] }>(listGet, manager.token, query)).data.rows.map((r) => r.feedback.title).sort();
    expect(await titles('type=hotel')).toEqual(['Hotel invoice question']);
    expect(await titles('status=open')).toEqual(['Someone else’s payment']);
    expect(await titles('status=replied')).toEqual(['Hotel invoice question', '网站登录问题']);
    expect(await titles('q=登录')).toEqual(['网站登录问题']);
    expect(await titles('q=en-sender')).toEqual(['Hotel invoice question']);
    expect(await titles('from=2999-01-01')).toEqual([]);
    expect(await titles('to=2000-01-01')).toEqual([]);
    expect((await get(listGet, manager.token, 'type=nonsense')).status).toBe(400);
    expect((await get(listGet, manager.token, 'from=2026-02-30')).status).toBe(400);

    const res = await exportGet(apiRequest('/api/x?status=replied&lang=en', { host: fx.host, token: manager.token }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Sent', 'Type', 'Status', 'Title', 'Message', 'Name', 'Email', 'Phone', 'File', 'Replies', 'Account email']);
    const rows = [] as unknown[][];
    sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(2);
    const hotel = rows.find((r) => r[3] === 'Hotel invoice question')!;
    expect(hotel.slice(1, 3)).toEqual(['Hotel', 'Replied']);
    expect(hotel[6]).toBe('en-sender@example.org');
    expect(hotel[9]).toContain('Please send us the order number.');
    expect(rows.map((r) => r[3])).not.toContain('PLANTED-ELSEWHERE');

    const zh = await exportGet(apiRequest('/api/x?lang=zh', { host: fx.host, token: manager.token }), { params: Promise.resolve({}) });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(Buffer.from(await zh.arrayBuffer()) as unknown as ArrayBuffer);
    expect(zhBook.worksheets[0].name).toBe('用户反馈');
    expect(zhBook.worksheets[0].rowCount).toBe(4);
    expect((zhBook.worksheets[0].getRow(1).values as unknown[]).slice(1, 5)).toEqual(['提交时间', '反馈类型', '状态', '标题']);
  });

  it("exports times as real date cells showing the conference's wall-clock time (a New York conference)", async () => {
    await database.db.update(conference).set({ timeZone: 'America/New_York' }).where(eq(conference.id, fx.conferenceId));
    forgetConferenceCache();
    // 1 March 2026, 04:30 UTC: 28 February, 23:30 in New York (and 1 March, 12:30 in Beijing).
    await database.db
      .update(feedback)
      .set({ createdAt: new Date('2026-03-01T04:30:00Z') })
      .where(eq(feedback.id, english));
    try {
      const res = await exportGet(apiRequest('/api/x?lang=en', { host: fx.host, token: manager.token }), { params: Promise.resolve({}) });
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const sheet = workbook.worksheets[0];
      const rowNo = (sheet.getColumn(4).values as unknown[]).indexOf('Hotel invoice question');
      const sentAt = sheet.getRow(rowNo).getCell(1);
      expect(sentAt.type).toBe(ExcelJS.ValueType.Date);
      expect(sentAt.numFmt).toBe('yyyy-mm-dd hh:mm');
      // A cell holds no zone: its fields are the wall-clock time in New York.
      expect((sentAt.value as Date).toISOString()).toBe('2026-02-28T23:30:00.000Z');
    } finally {
      await database.db.update(conference).set({ timeZone: 'Asia/Shanghai' }).where(eq(conference.id, fx.conferenceId));
      forgetConferenceCache();
    }
  });
});

import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceMember, mailOutbox, reviewAssignment, reviewer, submission } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { DELETE as removeDelete } from '@/app/api/conference/platform/manage/review/[id]/route';
import { GET as templateGet, POST as importPost } from '@/app/api/conference/platform/manage/review/import/route';
import { POST as activePost } from '@/app/api/conference/platform/manage/review/active/route';
import { POST as mailPost } from '@/app/api/conference/platform/manage/review/mail/route';
import { DELETE as roleDelete, GET as roleGet } from '@/app/api/conference/platform/manage/review/role/[id]/route';
import { POST as rolePost } from '@/app/api/conference/platform/manage/review/role/route';
import { GET as listGet, POST as addPost } from '@/app/api/conference/platform/manage/review/route';
import { manyRows, unzipBomb, xfdBomb } from '@/testing/fixtures/import-bombs';
import { readReviewerSheet } from './sheet';
import { invitationKeyFromMail, signUpCodeFor } from '@/testing/fixtures/reviewers';

/**
 * Reviewer management through the route handlers: import from CSV and xlsx with invalid rows
 * reported, roles, removal (taking the reviewer role; deactivation when assignments exist), and
 * who may call: managers of this conference only, and only for this conference's reviewers.
 */
const FORM = {
  lastName: 'Wang',
  middleName: '',
  firstName: 'Min',
  fullName: 'Wang Min',
  organization: 'Fudan University',
  phone: '13800000000',
  countryArea: 'CN',
  direction: 'Optics',
  password: 'Reviewing2026',
  confirmPassword: 'Reviewing2026',
};

async function multipart(fileName: string, data: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

type ImportAnswer = { added: number; skipped: { row: number; email: string }[]; invalid: { row: number; email: string; reason: string }[] };

describe.each(testBackends('both'))('reviewer management on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;
  let manager: string;
  let participant: string;
  let otherManager: string;

  const json = (body: unknown) => JSON.stringify(body);
  const mailsTo = async (email: string) =>
    (await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0].n;
  const upload = async (name: string, data: Uint8Array, token = manager) => {
    const { body, headers } = await multipart(name, data);
    return callHandler(importPost, fx, { token, body, headers });
  };
  const rowOf = async (email: string, conferenceId = fx.conferenceId) =>
    (
      await database.db
        .select()
        .from(reviewer)
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.email, email)))
    )[0];
  const keyOf = (email: string) => invitationKeyFromMail(database, email);

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'revman');
    other = await plantConference(database, 'revother');
    manager = (await plantAccount(database, fx.conferenceId, 'manager')).token;
    participant = (await plantAccount(database, fx.conferenceId, 'user')).token;
    otherManager = (await plantAccount(database, other.conferenceId, 'manager')).token;
    await callHandler(addPost, fx, { token: manager, body: json({ email: 'existing@example.org' }) });
  });
  afterAll(() => database?.close());

  it('imports a CSV: valid rows invited, existing and repeated emails skipped, invalid rows reported by row number', async () => {
    const csv = [
      'email,lastName,firstName,organization',
      'a.one@example.org,One,A,"Tsinghua University, Beijing"',
      'not-an-email,Two,B,X',
      'existing@example.org,Old,C,Y',
      '',
      'A.ONE@example.org,Again,A,Z',
      ',No,Email,Q',
      'b.two@example.org,Two,B,"Say ""hi"""',
    ].join('\r\n');
    const answer = await upload('reviewers.csv', new TextEncoder().encode('\uFEFF' + csv));
    expect(answer.status).toBe(200);
    const data = answer.json?.data as ImportAnswer;
    expect(data.added).toBe(2);
    expect(data.skipped).toEqual([
      { row: 4, email: 'existing@example.org' },
      { row: 6, email: 'a.one@example.org' },
    ]);
    expect(data.invalid.map((i) => i.row)).toEqual([3, 7]);
    expect(data.invalid[0].reason).toBeTruthy();
    expect(await rowOf('a.one@example.org')).toMatchObject({ organization: 'Tsinghua University, Beijing', lastName: 'One' });
    expect((await rowOf('b.two@example.org')).organization).toBe('Say "hi"');
    expect(await mailsTo('a.one@example.org')).toBe(1);
    expect(await mailsTo('existing@example.org')).toBe(1);
  });

  it('imports an xlsx made with exceljs, headers in Chinese too; a file without an email column is refused', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('list');
    sheet.addRow(['邮箱', '姓', '名', '单位']);
    sheet.addRow(['x.one@example.org', '张', '三', '北京大学']);
    sheet.addRow(['x two@example', '李', '四', '复旦大学']);
    sheet.addRow(['x.three@example.org', '王', '五', '']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await upload('list.xlsx', data);
    expect(answer.status).toBe(200);
    const result = answer.json?.data as ImportAnswer;
    expect(result).toMatchObject({ added: 2, skipped: [] });
    expect(result.invalid).toEqual([expect.objectContaining({ row: 3, email: 'x two@example' })]);
    expect(await rowOf('x.one@example.org')).toMatchObject({ lastName: '张', organization: '北京大学' });

    const noEmail = await upload('bad.csv', new TextEncoder().encode('name,unit\nA,B\n'));
    expect(noEmail.status).toBe(400);
    expect(noEmail.json?.error).toBe('SHEET_UNREADABLE');
    const binary = await upload('bad.csv', new Uint8Array([0xff, 0xfe, 0x00, 0x41]));
    expect(binary.json?.error).toBe('SHEET_UNREADABLE');

    // The template the screen offers is readable by the import itself.
    const template = await templateGet(apiRequest('/api/x', { host: fx.host, token: manager }));
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('reviewers-template.xlsx');
    const templateRows = await readReviewerSheet(new Uint8Array(await template.arrayBuffer()));
    expect(templateRows[0].values.email).toBe('reviewer@example.org');
  });

  it("refuses spreadsheet bombs at the first limit, in the caller's language with the limit named, adding no one", async () => {
    const before = (await database.db.select({ n: count() }).from(reviewer).where(eq(reviewer.conferenceId, fx.conferenceId)))[0].n;
    const send = async (name: string, data: Uint8Array, locale: 'zh' | 'en') => {
      const { body, headers } = await multipart(name, data);
      return callHandler(importPost, fx, { token: manager, body, headers: { ...headers, 'x-locale': locale } });
    };
    const wide = await send('wide.xlsx', xfdBomb(1000), 'zh');
    expect(wide.status).toBe(400);
    expect(wide.json).toMatchObject({ error: 'SHEET_TOO_MANY_COLUMNS', message: expect.stringContaining('50') });
    const tall = await send('tall.xlsx', manyRows(1001), 'en');
    expect(tall.json).toMatchObject({ error: 'SHEET_TOO_MANY_ROWS', message: expect.stringMatching(/1000 rows/) });
    const unzipped = await send('bomb.xlsx', unzipBomb(10), 'en');
    expect(unzipped.status).toBe(413);
    expect(unzipped.json).toMatchObject({ error: 'SHEET_TOO_LARGE', message: expect.stringContaining('8 MB unzipped') });
    const huge = await send('huge.csv', new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41), 'zh');
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ error: 'SHEET_TOO_LARGE', message: expect.stringContaining('2 MB') });
    const after = (await database.db.select({ n: count() }).from(reviewer).where(eq(reviewer.conferenceId, fx.conferenceId)))[0].n;
    expect(after).toBe(before);
  });

  it('lists with filters, sets and resets the role', async () => {
    const id = (await rowOf('a.one@example.org')).id;
    expect((await callHandler(rolePost, fx, { token: manager, body: json({ id, role: 'chair' }) })).status).toBe(200);
    expect((await callHandler(roleGet, fx, { method: 'GET', token: manager, params: { id: String(id) } })).json?.data).toEqual({
      id,
      role: 'chair',
    });
    expect((await callHandler(rolePost, fx, { token: manager, body: json({ id, role: 'boss' }) })).status).toBe(400);

    const chairs = await callHandler(listGet, fx, { method: 'GET', token: manager, path: '/api/x?role=chair' });
    expect((chairs.json?.data as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual(['a.one@example.org']);
    const search = await callHandler(listGet, fx, { method: 'GET', token: manager, path: '/api/x?q=tsinghua&active=no' });
    expect((search.json?.data as { total: number }).total).toBe(1);
    const all = await callHandler(listGet, fx, { method: 'GET', token: manager });
    expect(JSON.stringify(all.json?.data)).not.toContain('keyHash');

    expect((await callHandler(roleDelete, fx, { method: 'DELETE', token: manager, params: { id: String(id) } })).json?.data).toEqual({
      id,
      role: 'reviewer',
    });
  });

  it('removing takes the reviewer role in the same step; with assignments the reviewer is deactivated instead', async () => {
    const activateNew = async (email: string) =>
      callHandler(activePost, fx, { body: json({ key: await keyOf(email), ...FORM, code: await signUpCodeFor(database, fx, email) }) });
    expect((await activateNew('a.one@example.org')).status).toBe(200);
    const one = await rowOf('a.one@example.org');
    expect(one.active).toBe(true);
    const memberOf = async (userId: string) =>
      database.db
        .select()
        .from(conferenceMember)
        .where(
          and(
            eq(conferenceMember.conferenceId, fx.conferenceId),
            eq(conferenceMember.userId, userId),
            eq(conferenceMember.role, 'reviewer'),
          ),
        );
    expect(await memberOf(one.userId!)).toHaveLength(1);
    const removed = await callHandler(removeDelete, fx, { method: 'DELETE', token: manager, params: { id: String(one.id) } });
    expect(removed.json?.data).toEqual({ removed: true, deactivated: false });
    expect(await rowOf('a.one@example.org')).toBeUndefined();
    expect(await memberOf(one.userId!)).toHaveLength(0);

    expect((await activateNew('b.two@example.org')).status).toBe(200);
    const two = await rowOf('b.two@example.org');
    const [sub] = await database.db
      .insert(submission)
      .values({ conferenceId: fx.conferenceId, userId: two.userId!, code: 'S-1', title: 'A paper' })
      .returning();
    await database.db.insert(reviewAssignment).values({
      conferenceId: fx.conferenceId,
      submissionId: sub.id,
      reviewerId: two.id,
      version: 1,
      status: 'submitted',
      submittedAt: new Date(),
    });
    const deactivated = await callHandler(removeDelete, fx, { method: 'DELETE', token: manager, params: { id: String(two.id) } });
    expect(deactivated.json?.data).toEqual({ removed: false, deactivated: true });
    expect(await rowOf('b.two@example.org')).toMatchObject({ active: false, keyHash: null, userId: two.userId });
    expect(await memberOf(two.userId!)).toHaveLength(0);
  });

  it('managers only: a participant is refused (403), an anonymous caller must sign in (401), and nothing changes', async () => {
    const id = String((await rowOf('x.one@example.org')).id);
    const before = (await database.db.select({ n: count() }).from(reviewer))[0].n;
    const calls = [
      callHandler(listGet, fx, { method: 'GET', token: participant }),
      callHandler(addPost, fx, { token: participant, body: json({ email: 'sneaky@example.org' }) }),
      upload('x.csv', new TextEncoder().encode('email\nsneaky2@example.org\n'), participant),
      callHandler(rolePost, fx, { token: participant, body: json({ id: Number(id), role: 'chair' }) }),
      callHandler(roleGet, fx, { method: 'GET', token: participant, params: { id } }),
      callHandler(roleDelete, fx, { method: 'DELETE', token: participant, params: { id } }),
      callHandler(removeDelete, fx, { method: 'DELETE', token: participant, params: { id } }),
      callHandler(mailPost, fx, { token: participant, body: json({ id: Number(id) }) }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(403);
    expect((await callHandler(listGet, fx, { method: 'GET' })).status).toBe(401);
    expect((await database.db.select({ n: count() }).from(reviewer))[0].n).toBe(before);
    expect(await rowOf('x.one@example.org')).toMatchObject({ role: 'reviewer' });
  });

  it("tenant isolation: another conference's manager gets 404 for this conference's reviewer and never sees it", async () => {
    const row = await rowOf('x.one@example.org');
    const id = String(row.id);
    const mailsBefore = await mailsTo('x.one@example.org');
    const answers = await Promise.all([
      callHandler(rolePost, other, { token: otherManager, body: json({ id: row.id, role: 'chair' }) }),
      callHandler(roleGet, other, { method: 'GET', token: otherManager, params: { id } }),
      callHandler(roleDelete, other, { method: 'DELETE', token: otherManager, params: { id } }),
      callHandler(removeDelete, other, { method: 'DELETE', token: otherManager, params: { id } }),
      callHandler(mailPost, other, { token: otherManager, body: json({ id: row.id }) }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json?.error).toBe('REVIEWER_NOT_FOUND');
    }
    // This conference's manager is no manager there either.
    expect((await callHandler(listGet, other, { method: 'GET', token: manager })).status).toBe(403);
    const list = await callHandler(listGet, other, { method: 'GET', token: otherManager });
    expect((list.json?.data as { total: number }).total).toBe(0);
    expect(await rowOf('x.one@example.org')).toEqual(row);
    expect(await mailsTo('x.one@example.org')).toBe(mailsBefore);
    // The same email may be invited by the other conference: reviewers are per conference.
    expect((await callHandler(addPost, other, { token: otherManager, body: json({ email: 'x.one@example.org' }) })).status).toBe(200);
    // A key of this conference does not activate on the other conference's site.
    const key = await keyOf('x.three@example.org');
    expect((await callHandler(activePost, other, { body: json({ key, ...FORM }) })).json?.error).toBe('INVITATION_USED');
  });
});

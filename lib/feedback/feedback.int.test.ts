import { mkdtempSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { emailCode, feedback, uploadedFile } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { LIMITS } from '@/lib/accounts/rate-limit';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { GET as fileGet } from '@/app/api/conference/feedback/file/route';
import { GET as manageFileGet } from '@/app/api/conference/manage/feedback/file/route';
import { freshEmail, mailedCode, PDF, postFeedback, uploadFile, validFeedback } from '@/testing/fixtures/feedback';

/**
 * Feedback rules through the route handlers: the emailed code (wrong, expired, used once), the phone
 * and the required fields, the file's type, size and owner, and the daily limit per account decided
 * under a lock however many sends arrive together (with controls).
 */

const CONCURRENT = 20;
type Account = { token: string; userId: string };

describe.each(testBackends('both'))('feedback rules on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let elsewhere: ConferenceFixture;
  let sender: Account;
  let other: Account;
  let manager: Account;
  let outsiderManager: Account;

  const rowsOf = async (userId: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(feedback)
        .where(and(eq(feedback.conferenceId, fx.conferenceId), eq(feedback.userId, userId)))
    )[0].n;

  beforeAll(async () => {
    process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'confhub-feedback-'));
    database = await createTestDatabase(backend);
    const { useAsProcessDatabase } = await import('@/testing/harness/handlers');
    useAsProcessDatabase(database);
    fx = await plantConference(database, `fbrules${backend}`);
    elsewhere = await plantConference(database, `fbrulesother${backend}`);
    sender = await plantAccount(database, fx.conferenceId);
    other = await plantAccount(database, fx.conferenceId);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    outsiderManager = await plantAccount(database, elsewhere.conferenceId, 'manager');
  });
  afterAll(() => database?.close());

  it('a wrong code and an expired code are refused with the sign-up messages, in the caller’s language; nothing is written', async () => {
    const email = freshEmail('wrong');
    const code = await mailedCode(database, fx, sender.token, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const zh = await postFeedback(database, fx, sender.token, {}, { email, code: wrong, lang: 'zh' });
    expect([zh.status, zh.json?.error, zh.json?.message]).toEqual([400, 'CODE_WRONG', '验证码错误']);
    const en = await postFeedback(database, fx, sender.token, {}, { email, code: wrong, lang: 'en' });
    expect([en.status, en.json?.error, en.json?.message]).toEqual([400, 'CODE_WRONG', 'Verify code wrong']);
    // A code for another address does not prove this one.
    const elsewhereCode = await postFeedback(database, fx, sender.token, {}, { email: freshEmail('unsent'), code, lang: 'en' });
    expect(elsewhereCode.json?.error).toBe('CODE_WRONG');
    await database.db
      .update(emailCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCode.email, email));
    const expired = await postFeedback(database, fx, sender.token, {}, { email, code, lang: 'en' });
    expect([expired.status, expired.json?.error, expired.json?.message]).toEqual([
      400,
      'CODE_EXPIRED',
      'Verify code expired, please resend',
    ]);
    expect(await rowsOf(sender.userId)).toBe(0);
  });

  it('the right code sends the feedback once; the code cannot be used again', async () => {
    const email = freshEmail('right');
    const code = await mailedCode(database, fx, sender.token, email);
    const ok = await postFeedback(database, fx, sender.token, { title: 'First feedback' }, { email, code, lang: 'en' });
    expect(ok.status, ok.text).toBe(200);
    const data = ok.json!.data as Record<string, unknown>;
    expect(data).toMatchObject({ title: 'First feedback', email, status: 'open', locale: 'en', type: 'invoice', file: null });
    expect(data).not.toHaveProperty('userId');
    const again = await postFeedback(database, fx, sender.token, {}, { email, code });
    expect(again.json?.error).toBe('CODE_EXPIRED');
    expect(await rowsOf(sender.userId)).toBe(1);
    // Only a signed-in participant may ask for a code or send feedback.
    const anonymous = await callHandler((await import('@/app/api/conference/feedback/route')).POST, fx, {
      body: JSON.stringify({ ...validFeedback(), email, code }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('the phone must be a plausible number; title, type and message are required; each told in the caller’s language', async () => {
    const before = await rowsOf(sender.userId);
    for (const phone of ['12', 'abc123456', '1111111', '+86 10 6260 0000 0000 0000', '13800138000; drop']) {
      const answer = await postFeedback(database, fx, sender.token, { phone }, { lang: 'en' });
      expect([answer.status, (answer.json as { fields?: Record<string, string> })?.fields?.phone], phone).toEqual([
        400,
        'Please enter a valid phone number',
      ]);
    }
    const missing = await postFeedback(database, fx, sender.token, { title: ' ', type: '', content: '' }, { lang: 'zh' });
    expect(missing.status).toBe(400);
    expect((missing.json as { fields?: Record<string, string> }).fields).toMatchObject({
      title: '请填写反馈标题',
      type: '请选择反馈类型',
      content: '请填写反馈内容',
    });
    expect(await rowsOf(sender.userId)).toBe(before);
    for (const phone of ['13800138000', '+1 (650) 253-0000', '010-62600000']) {
      const answer = await postFeedback(database, fx, sender.token, { phone });
      expect(answer.status, `${phone}: ${answer.text}`).toBe(200);
    }
  });

  it('a file is checked by size, type and content, attached once, and downloaded only by its sender and the organisers', async () => {
    const tooLarge = await uploadFile(fx, sender.token, 'big.pdf', new Uint8Array(20 * 1024 * 1024 + 1));
    expect([tooLarge.status, tooLarge.json?.error]).toEqual([413, 'UPLOAD_TOO_LARGE']);
    const empty = await uploadFile(fx, sender.token, 'empty.pdf', new Uint8Array(0));
    expect(empty.json?.error).toBe('UPLOAD_EMPTY');
    const fake = await uploadFile(fx, sender.token, 'fake.pdf', new TextEncoder().encode('MZ not a pdf'));
    expect([fake.status, fake.json?.error]).toEqual([415, 'UPLOAD_TYPE']);
    const exe = await uploadFile(fx, sender.token, 'tool.exe', PDF);
    expect(exe.json?.error).toBe('UPLOAD_TYPE');
    const [{ before }] = await database.db
      .select({ before: count() })
      .from(uploadedFile)
      .where(eq(uploadedFile.conferenceId, fx.conferenceId));
    expect(before).toBe(0);

    const uploaded = await uploadFile(fx, sender.token, '发票截图.pdf', PDF);
    expect(uploaded.status, uploaded.text).toBe(200);
    const fileId = (uploaded.json!.data as { id: number }).id;
    // Another participant cannot attach my upload.
    const stolen = await postFeedback(database, fx, other.token, { fileId });
    expect(stolen.json?.error).toBe('UPLOAD_MISSING');
    const sent = await postFeedback(database, fx, sender.token, { fileId, title: 'With a file' });
    expect(sent.status, sent.text).toBe(200);
    const made = sent.json!.data as { id: number; file: { name: string; oriName: string; size: number; mime: string } };
    expect(made.file).toMatchObject({ oriName: '发票截图.pdf', size: PDF.byteLength, mime: 'application/pdf' });
    expect(existsSync(path.join(process.env.UPLOAD_DIR!, String(fx.conferenceId), 'files', made.file.name))).toBe(true);
    // Attached once: a second feedback cannot take the same upload.
    expect((await postFeedback(database, fx, sender.token, { fileId })).json?.error).toBe('UPLOAD_MISSING');

    const download = async (handler: typeof fileGet, token: string, at = fx) => {
      const res = await callHandler(handler, at, { method: 'GET', token, path: `/api/x?id=${made.id}` });
      return { status: res.status, text: res.text, error: res.json?.error };
    };
    const mine = await download(fileGet, sender.token);
    expect(mine.status).toBe(200);
    expect(mine.text.startsWith('%PDF')).toBe(true);
    expect(await download(fileGet, other.token)).toMatchObject({ status: 404, error: 'FILE_NOT_FOUND' });
    expect((await download(manageFileGet, manager.token)).status).toBe(200);
    expect((await download(manageFileGet, sender.token)).status).toBe(403);
    expect(await download(manageFileGet, outsiderManager.token, elsewhere)).toMatchObject({ status: 404, error: 'FILE_NOT_FOUND' });
  });

  it(`the daily limit holds under ${CONCURRENT} concurrent sends of one account; another account is not held back`, async () => {
    const account = await plantAccount(database, fx.conferenceId);
    const max = LIMITS.feedbackPerDay.max;
    const prepared = [];
    for (let i = 0; i < CONCURRENT; i++) {
      const email = freshEmail('limit');
      prepared.push({ email, code: await mailedCode(database, fx, account.token, email) });
    }
    const answers = await Promise.all(
      prepared.map(({ email, code }) => postFeedback(database, fx, account.token, {}, { email, code, lang: 'en' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(max);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(CONCURRENT - max);
    expect(refused.every((a) => a.status === 429 && a.json?.error === 'FEEDBACK_DAILY_LIMIT')).toBe(true);
    expect(refused[0].json?.message).toBe(`You can send at most ${max} feedback a day; please try again tomorrow`);
    expect(await rowsOf(account.userId)).toBe(max);
    // A refused send left its code unused: tomorrow it could still be used (while unexpired).
    const unused = await database.db
      .select({ n: count() })
      .from(emailCode)
      .where(and(sql`${emailCode.email} like 'limit-%'`, sql`${emailCode.consumedAt} is null`, gt(emailCode.expiresAt, new Date())));
    expect(unused[0].n).toBe(CONCURRENT - max);
    // Control: another account of the same conference still sends.
    const second = await plantAccount(database, fx.conferenceId);
    expect((await postFeedback(database, fx, second.token)).status).toBe(200);
  });

  // Without the lock, the same count-then-insert lets concurrent sends past the limit (PGlite runs
  // one transaction at a time, so only PostgreSQL shows the race): the test above would catch it.
  it.runIf(backend === 'postgres')('control: counting without the per-account lock lets concurrent sends past the limit', async () => {
    const account = await plantAccount(database, fx.conferenceId);
    const max = LIMITS.feedbackPerDay.max;
    const row = (title: string) => ({
      conferenceId: fx.conferenceId,
      userId: account.userId,
      title,
      name: 'n',
      email: 'n@example.org',
      type: 'other' as const,
      content: 'naive',
    });
    // One place left; RACERS naive sends each count before any of them writes (a barrier, so the
    // race does not depend on timing or the pool size), as a counting check without the lock would.
    for (let i = 0; i < max - 1; i++) await database.db.insert(feedback).values(row(`before ${i}`));
    const RACERS = 5;
    let counted = 0;
    let release!: () => void;
    const allCounted = new Promise<void>((resolve) => (release = resolve));
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, () =>
        database.db.transaction(async (tx) => {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(feedback)
            .where(and(eq(feedback.conferenceId, fx.conferenceId), eq(feedback.userId, account.userId)));
          if (++counted === RACERS) release();
          await allCounted;
          if (n >= max) throw new Error('limit');
          await tx.insert(feedback).values(row('naive'));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(RACERS);
    const [{ n: total }] = await database.db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.conferenceId, fx.conferenceId), eq(feedback.userId, account.userId)));
    expect(total).toBeGreaterThan(max);
  });
});

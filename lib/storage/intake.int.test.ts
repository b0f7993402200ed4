import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { uploadedFile, user } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { attachUploads, DAILY_UPLOAD_LIMIT, publishUploads, receiveUpload, removeStaleUploads, type UploadRule } from './intake';

const PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PAPER: UploadRule = { field: 'paper', types: ['pdf', 'docx'], maxBytes: 1024 };
const SLIP: UploadRule = { field: 'paymentSlip', types: ['pdf', 'png'], maxBytes: 64, tooLarge: 'SLIP_TOO_LARGE' };
const CONCURRENT = 30;

/**
 * The one upload intake: size and type by content for every kind, one daily rule per account
 * across all kinds decided under a lock (with a concurrent test and its control), attach and
 * publish, and the sweep of stale temporary uploads of every kind.
 */
describe.each(testBackends('both'))('upload intake on %s', (backend) => {
  let database: Database;
  let root: string;
  let conf: number;
  let other: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-intake-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    conf = await insertTestConference(database.db, 'intake');
    other = await insertTestConference(database.db, 'intake-other');
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const account = async () => {
    const id = randomUUID();
    await database.db.insert(user).values({ id, name: 'U', email: `${id}@example.org` });
    return id;
  };
  const rowsOf = async (userId: string) =>
    (await database.db.select({ n: count() }).from(uploadedFile).where(eq(uploadedFile.userId, userId)))[0].n;
  const tempFiles = (conferenceId: number) => {
    const dir = path.join(root, String(conferenceId), 'temp');
    return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.part')) : [];
  };

  it('checks size and type by content before anything is stored', async () => {
    const me = await account();
    const receive = (rule: UploadRule, fileName: string, data: Uint8Array) =>
      receiveUpload(database.db, { conferenceId: conf, userId: me, rule, fileName, data });
    await expect(receive(PAPER, 'empty.pdf', new Uint8Array())).rejects.toMatchObject({ code: 'UPLOAD_EMPTY' });
    const big = new Uint8Array(PAPER.maxBytes + 1);
    big.set(PDF);
    await expect(receive(PAPER, 'big.pdf', big)).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    await expect(receive(SLIP, 'big.pdf', big)).rejects.toMatchObject({ code: 'SLIP_TOO_LARGE' });
    // The extension must be allowed AND the first bytes must agree with it.
    await expect(receive(PAPER, 'picture.pdf', PNG)).rejects.toMatchObject({ code: 'UPLOAD_TYPE', values: { types: 'pdf, docx' } });
    await expect(receive(PAPER, 'paper.exe', PDF)).rejects.toMatchObject({ code: 'UPLOAD_TYPE' });
    await expect(receive(PAPER, 'photo.png', PNG)).rejects.toMatchObject({ code: 'UPLOAD_TYPE' });
    expect(await rowsOf(me)).toBe(0);

    const saved = await receive(PAPER, 'D:\\论文\\终稿 final.PDF', PDF);
    expect(saved).toMatchObject({ originalName: '终稿 final.PDF', size: PDF.byteLength, mime: 'application/pdf' });
    expect(saved.name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(existsSync(path.join(root, String(conf), 'temp', saved.name))).toBe(true);
    const [row] = await database.db.select().from(uploadedFile).where(eq(uploadedFile.id, saved.id));
    expect(row).toMatchObject({ conferenceId: conf, userId: me, field: 'paper', status: 'temp' });
  });

  it('one daily rule per account counts every kind together, files and bytes; other accounts and conferences apart', async () => {
    const me = await account();
    const limit = { files: 3, bytes: 10 * PDF.byteLength };
    const receive = (rule: UploadRule, opts: { userId?: string; conferenceId?: number; now?: Date; data?: Uint8Array } = {}) =>
      receiveUpload(
        database.db,
        {
          conferenceId: opts.conferenceId ?? conf,
          userId: opts.userId ?? me,
          rule,
          fileName: 'f.pdf',
          data: opts.data ?? PDF,
          now: opts.now,
        },
        limit,
      );
    await receive(PAPER);
    await receive(SLIP);
    await receive({ ...PAPER, field: 'feedback' });
    await expect(receive(PAPER)).rejects.toMatchObject({ code: 'UPLOAD_DAILY_LIMIT', status: 429, values: { files: 3 } });
    await expect(receive(SLIP)).rejects.toMatchObject({ code: 'UPLOAD_DAILY_LIMIT' });
    expect(await rowsOf(me)).toBe(3);
    // Another account, the same account at another conference, and tomorrow are not held back.
    await receive(PAPER, { userId: await account() });
    await receive(PAPER, { conferenceId: other });
    await receive(PAPER, { now: new Date(Date.now() + 86_400_000 + 60_000) });

    // Bytes count too: one large file uses the day's bytes.
    const heavy = await account();
    const large = new Uint8Array(9 * PDF.byteLength);
    large.set(PDF);
    await receive({ ...PAPER, maxBytes: large.byteLength }, { userId: heavy, data: large });
    await receive(PAPER, { userId: heavy });
    await expect(receive(PAPER, { userId: heavy })).rejects.toMatchObject({ code: 'UPLOAD_DAILY_LIMIT' });
    expect(DAILY_UPLOAD_LIMIT).toEqual({ files: 100, bytes: 500 * 1024 * 1024 });
  });

  it(`the daily rule holds under ${CONCURRENT} concurrent uploads of one account; another account is not held back`, async () => {
    const me = await account();
    const limit = { files: 10, bytes: DAILY_UPLOAD_LIMIT.bytes };
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, i) =>
        receiveUpload(
          database.db,
          { conferenceId: other, userId: me, rule: i % 2 ? PAPER : SLIP, fileName: `f${i}.pdf`, data: PDF },
          limit,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(limit.files);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'UPLOAD_DAILY_LIMIT')).toBe(true);
    expect(await rowsOf(me)).toBe(limit.files);
    // Control: another account of the same conference still uploads.
    await receiveUpload(database.db, { conferenceId: other, userId: await account(), rule: PAPER, fileName: 'f.pdf', data: PDF }, limit);
  });

  // Without the lock, the same count-then-insert lets concurrent uploads past the limit (PGlite runs
  // one transaction at a time, so only PostgreSQL shows the race): the test above would catch it.
  it.runIf(backend === 'postgres')('control: counting without the per-account lock lets concurrent uploads past the limit', async () => {
    const me = await account();
    const max = 3;
    const RACERS = 5;
    let counted = 0;
    let release!: () => void;
    const allCounted = new Promise<void>((resolve) => (release = resolve));
    await Promise.allSettled(
      Array.from({ length: RACERS }, (_, i) =>
        database.db.transaction(async (tx) => {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(uploadedFile)
            .where(
              and(
                eq(uploadedFile.conferenceId, conf),
                eq(uploadedFile.userId, me),
                gt(uploadedFile.createdAt, sql`now() - interval '1 day'`),
              ),
            );
          if (++counted === RACERS) release();
          await allCounted;
          if (n >= max) throw new Error('limit');
          await tx.insert(uploadedFile).values({
            conferenceId: conf,
            userId: me,
            name: `${randomUUID().replaceAll('-', '')}.pdf`,
            originalName: `naive-${i}.pdf`,
            field: 'paper',
            mime: 'application/pdf',
            size: 1,
          });
        }),
      ),
    );
    expect(await rowsOf(me)).toBeGreaterThan(max);
  });

  it('attach takes only my temporary uploads of the right field; publish moves them; the sweep removes stale ones of every kind', async () => {
    const [me, someone] = [await account(), await account()];
    const at = new Date(Date.now() - 2 * 86_400_000);
    const receive = (rule: UploadRule, userId = me, now?: Date) =>
      receiveUpload(database.db, { conferenceId: conf, userId, rule, fileName: 'f.pdf', data: PDF, now });
    const mine = await receive(PAPER);
    const theirs = await receive(PAPER, someone);
    const attach = (files: Parameters<typeof attachUploads>[1]['files']) =>
      database.db.transaction((tx) => attachUploads(tx, { conferenceId: conf, userId: me, files }));
    await expect(attach([{ id: theirs.id, field: 'paper' }])).rejects.toMatchObject({ code: 'UPLOAD_MISSING' });
    await expect(attach([{ id: mine.id, field: 'feedback' }])).rejects.toMatchObject({ code: 'UPLOAD_MISSING' });
    const { fresh } = await attach([{ name: mine.name, field: 'paper' }]);
    expect(fresh).toEqual([mine.name]);
    // Attached once: a second form cannot take it again.
    await expect(attach([{ id: mine.id, field: 'paper' }])).rejects.toMatchObject({ code: 'UPLOAD_MISSING' });
    await publishUploads(conf, fresh);
    expect(existsSync(path.join(root, String(conf), 'files', mine.name))).toBe(true);
    expect(tempFiles(conf)).not.toContain(mine.name);

    // Stale temporary uploads of every kind (registration, submission, feedback, slip, material, image).
    const kinds = ['paper', 'submissionAbstract', 'feedback', 'paymentSlip', 'downloadMaterial', 'publicImage'];
    const stale = [];
    for (const field of kinds) stale.push(await receive({ ...PAPER, field }, me, at));
    expect(tempFiles(conf)).toEqual(expect.arrayContaining(stale.map((s) => s.name)));
    expect(await removeStaleUploads(database.db)).toBeGreaterThanOrEqual(kinds.length);
    for (const s of stale) {
      expect(tempFiles(conf)).not.toContain(s.name);
      expect(await database.db.select().from(uploadedFile).where(eq(uploadedFile.id, s.id))).toHaveLength(0);
    }
    // Today's temporary upload and the attached one stay.
    expect(tempFiles(conf)).toContain(theirs.name);
    expect(existsSync(path.join(root, String(conf), 'files', mine.name))).toBe(true);
  });
});

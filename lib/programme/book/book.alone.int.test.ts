import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import { conference, programmeVersion, uploadedFile } from '@/db/schema';
import { GET as bookGet } from '@/app/api/conference/programme/book/route';
import { GET as exportGet } from '@/app/api/conference/manage/programme/export/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import {
  plantAccount,
  plantConference,
  plantPublishedConference,
  type Account,
  type ConferenceFixture,
} from '@/testing/harness/conference';
import { plantProgrammeVersion, sampleProgrammeSnapshot } from '@/testing/fixtures/programme';
import { BOOK_FIELD, buildPendingBook, claimPendingBook } from './book-sweep';

/**
 * The book of abstracts end to end: a published version is built once in the background (two concurrent claimers,
 * one build), stored, served by the public download in both languages and read back with pdftotext; the organiser's
 * xlsx read back with ExcelJS.
 */

/** The sample programme, with one abstract pasted as HTML (it must reach the book as plain text). */
function snapshotWithHtml() {
  const snapshot = sampleProgrammeSnapshot();
  const talk = snapshot.sessions[2].contributions[0];
  talk.abstract = {
    zh: '<p>石墨烯<b>超导</b>研究 &amp; 展望</p><script>alert(1)</script>',
    en: '<p>We report <b>superconductivity</b> &amp; more.</p><script>alert(1)</script>\n\n**Bold** and [a link](https://example.org).',
  };
  return snapshot;
}

describe.each(testBackends('both'))('the book of abstracts on %s', (backend) => {
  let database: Database;
  let root: string;
  let previousUploadDir: string | undefined;
  let fx: ConferenceFixture;
  let manager: Account;
  let versionId: number;

  const pdfText = (pdf: Buffer) => {
    const file = path.join(root, `read-${randomBytes(4).toString('hex')}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };
  const book = async (lang: string, at: { host: string } = fx) => {
    const res = await bookGet(apiRequest(`/api/conference/programme/book?lang=${lang}`, { host: at.host }));
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const bookFiles = async (conferenceId: number) =>
    database.db
      .select({ id: uploadedFile.id })
      .from(uploadedFile)
      .where(and(eq(uploadedFile.conferenceId, conferenceId), eq(uploadedFile.field, BOOK_FIELD)));

  beforeAll(async () => {
    previousUploadDir = process.env.UPLOAD_DIR;
    root = mkdtempSync(path.join(tmpdir(), 'confhub-book-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `book${backend}`);
    await database.db
      .update(conference)
      .set({ city: { zh: '杭州', en: 'Hangzhou' }, startDate: '2030-10-12', endDate: '2030-10-13' })
      .where(eq(conference.id, fx.conferenceId));
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    versionId = (await plantProgrammeVersion(database, fx.conferenceId, snapshotWithHtml())).id;
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previousUploadDir;
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 while the book is not built', async () => {
    expect((await book('zh')).status).toBe(404);
    expect((await book('en')).status).toBe(404);
  });

  it('builds a pending version exactly once with two claimers at the same time', async () => {
    const results = await Promise.all([buildPendingBook(database.db), buildPendingBook(database.db)]);
    expect(results.filter((r) => r === 'ready')).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const [version] = await database.db.select().from(programmeVersion).where(eq(programmeVersion.id, versionId));
    expect(version.bookState).toBe('ready');
    expect(version.bookClaimedUntil).toBeNull();
    expect(version.bookZhFileId).not.toBeNull();
    expect(version.bookEnFileId).not.toBeNull();
    expect(await bookFiles(fx.conferenceId)).toHaveLength(2);
    // Nothing is pending any more: a later round builds nothing.
    expect(await buildPendingBook(database.db)).toBeNull();
    expect(await bookFiles(fx.conferenceId)).toHaveLength(2);
  }, 180_000);

  it('control: two claimers with two pending versions each build one', async () => {
    const other = await plantPublishedConference(database.db, `bookother${backend}`, { createdBy: manager.userId });
    await plantProgrammeVersion(database, other.id, sampleProgrammeSnapshot(), { number: 1 });
    await plantProgrammeVersion(database, other.id, sampleProgrammeSnapshot(), { number: 2 });
    const results = await Promise.all([buildPendingBook(database.db), buildPendingBook(database.db)]);
    expect(results).toEqual(['ready', 'ready']);
    expect(await bookFiles(other.id)).toHaveLength(4);
  }, 180_000);

  it('takes a version again only when its claim has expired', async () => {
    const other = await plantPublishedConference(database.db, `bookclaim${backend}`, { createdBy: manager.userId });
    const planted = await plantProgrammeVersion(database, other.id);
    const claim = (until: string) =>
      database.db
        .update(programmeVersion)
        .set({ bookClaimedUntil: sql`now() + ${until}::interval` })
        .where(eq(programmeVersion.id, planted.id));
    await claim('5 minutes');
    expect(await claimPendingBook(database.db)).toBeNull();
    await claim('-1 minute');
    expect(await claimPendingBook(database.db)).toEqual({ id: planted.id, conferenceId: other.id });
    // Leave it done, so the other tests' rounds do not build it.
    await database.db.update(programmeVersion).set({ bookState: 'ready' }).where(eq(programmeVersion.id, planted.id));
  });

  it('marks a book it cannot make failed, with a log line, and serves none', async () => {
    const orphan = await plantPublishedConference(database.db, `bookorphan${backend}`);
    const planted = await plantProgrammeVersion(database, orphan.id);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await buildPendingBook(database.db)).toBe('failed');
      expect(log.mock.calls.flat().join(' ')).toMatch(/book of abstracts .* failed: the conference has no manager/);
    } finally {
      log.mockRestore();
    }
    const [version] = await database.db.select().from(programmeVersion).where(eq(programmeVersion.id, planted.id));
    expect(version.bookState).toBe('failed');
    expect((await book('zh', { host: `bookorphan${backend}.localhost` })).status).toBe(404);
  });

  it('serves the Chinese book: cover, numbered contents, affiliations, abstracts as plain text, author index', async () => {
    const res = await book('zh');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const text = pdfText(res.bytes);
    expect(text).toContain('摘要集');
    expect(text).toContain(`book${backend} 会议`);
    expect(text).toContain('杭州');
    expect(text).toContain('目录');
    // Contents: session and contribution lines end in a page number.
    expect(text).toMatch(/凝聚态物理\s+\d+\n/);
    expect(text).toMatch(/A-01\s+二维材料中的超导\s+\d+\n/);
    // Authors with their affiliations' numbers, the numbered list, the presenter, the poster's board.
    expect(text).toMatch(/张伟\s*1\s*, Anna Schmidt\s*2/);
    expect(text).toMatch(/^\s*1 清华大学$/m);
    expect(text).toMatch(/^\s*2 University of Heidelberg$/m);
    expect(text).toContain('报告人：张伟');
    expect(text).toContain('展板 12');
    expect(text).toContain('主持：李娜');
    // The HTML abstract as text: its words, not its tags or script.
    expect(text).toContain('石墨烯超导研究 & 展望');
    expect(text).not.toMatch(/<b>|<p>|alert/);
    // The author index: each name with its codes and their pages.
    expect(text).toContain('作者索引');
    expect(text).toMatch(/Maria Rossi\s+K1 \(\d+\)/);
    expect(text).toMatch(/张伟\s+A-01 \(\d+\), A-02 \(\d+\), B-01 \(\d+\), P-01 \(\d+\)/);
  });

  it('serves the English book with the English texts', async () => {
    const res = await book('en');
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain('Book of Abstracts');
    expect(text).toContain('Contents');
    expect(text).toMatch(/A-01\s+Superconductivity in 2D materials\s+\d+\n/);
    expect(text).toContain('Presenter: 张伟');
    expect(text).toContain('Board 12');
    expect(text).toContain('We report superconductivity & more.');
    expect(text).toContain('Bold and a link');
    expect(text).not.toMatch(/\*\*|https:\/\/example|alert/);
    expect(text).toMatch(/Author index/);
    expect(text).toMatch(/Anna Schmidt\s+A-01 \(\d+\)/);
  });

  it('gives the organiser the programme as xlsx with real date cells, and nobody else', async () => {
    const res = await exportGet(apiRequest('/api/conference/manage/programme/export?lang=en', { host: fx.host, token: manager.token }));
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws.name).toBe('Programme');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Day',
      'Start',
      'End',
      'Room',
      'Session',
      'Type',
      'Code',
      'Title',
      'Authors',
      'Presenter',
      'Affiliations',
      'Board',
    ]);
    const rows = Array.from({ length: ws.rowCount - 1 }, (_, i) => (ws.getRow(i + 2).values as unknown[]).slice(1));
    // Five contributions and the break (a row of its own), in time order.
    expect(rows).toHaveLength(6);
    const keynote = rows[0];
    expect(keynote[0]).toEqual(new Date('2030-10-12T00:00:00Z'));
    expect(keynote[1]).toEqual(new Date('2030-10-12T09:00:00Z')); // 09:00 wall clock in Asia/Shanghai
    expect(keynote[2]).toEqual(new Date('2030-10-12T10:00:00Z'));
    expect(keynote.slice(3, 8)).toEqual(['Hall A', 'Keynote', 'Plenary', 'K1', 'The future of quantum materials']);
    expect(rows[1].slice(3, 6)).toEqual(['All rooms', 'Coffee break', 'Break']);
    const poster = rows.find((r) => r[6] === 'P-01')!;
    expect(poster[9]).toBe('张伟');
    expect(poster[10]).toBe('1 清华大学; 2 University of Heidelberg');
    expect(poster[11]).toBe('12');
    expect(ws.getRow(2).getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');

    const participant = await plantAccount(database, fx.conferenceId);
    const refused = await exportGet(apiRequest('/api/conference/manage/programme/export', { host: fx.host, token: participant.token }));
    expect(refused.status).toBe(403);
    const missing = await exportGet(
      apiRequest('/api/conference/manage/programme/export?version=9', { host: fx.host, token: manager.token }),
    );
    expect(missing.status).toBe(404);
  });
});

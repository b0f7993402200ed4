import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { submission, submissionVersion, uploadedFile } from '@/db/schema';
import { GET as exportGet } from '@/app/api/conference/manage/contribute/export/route';
import { GET as fileGet } from '@/app/api/conference/manage/contribute/[submissionId]/file/[fileId]/route';
import { adminSubmissionDetail } from './admin-detail';
import { allAdminSubmissions } from './admin-list';
import { ZAdminSubmissionQuery } from './admin-list-params';
import { plantAdminSubmissions, type AdminFixture } from '@/testing/fixtures/submissions-admin';

describe.each(testBackends())('admin submission export and files on %s', (backend) => {
  let database: Database;
  let fx: AdminFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantAdminSubmissions(database, backend);
  });
  afterAll(() => database?.close());

  async function workbook(query: string) {
    const res = await fx.call(exportGet, `/api/conference/manage/contribute/export?${query}`, fx.manager);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contrib.*-submissions-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
      Object.fromEntries(header.map((h, c) => [h, sheet.getRow(i + 2).getCell(c + 1).value])),
    );
    return { header, rows };
  }

  it('exports an xlsx with the reviews, scores and opinions, headers in English', async () => {
    const { header, rows } = await workbook('lang=en&sort=oldest');
    expect(header.slice(0, 12)).toEqual([
      'Code',
      'Title',
      'Session',
      'Report type',
      'Category',
      'Keywords',
      'Status',
      'Submitter',
      'Submitter email',
      'Authors',
      'Corresponding email',
      'Submitted at',
    ]);
    expect(header).toEqual(
      expect.arrayContaining(['Review 1: reviewer', 'Review 1: Overall', 'Review 2: Recommendation', 'Review 2: opinion']),
    );
    expect(header.slice(-4)).toEqual(['Average score', "Chair's opinion", 'Final opinion', 'Decision']);
    expect(rows.map((r) => r.Code)).toEqual(['PHY-001', 'OPT-001', 'OCE-001', 'OCE-002', 'NON-001']);
    const a1 = rows[0];
    expect(a1['Submitted at']).toBeInstanceOf(Date);
    expect(a1).toMatchObject({
      Title: 'Graphene sensors',
      Session: 'Physics',
      'Report type': 'Oral talk',
      Category: 'Research paper',
      Keywords: 'alpha; beta',
      Status: 'Assigned',
      Authors: 'Wei Li, Ann Smith',
      'Corresponding email': 'wei.a1@example.org',
      'Review 1: reviewer': 'Reviewer One',
      'Review 1: Overall': 8,
      'Review 1: Relevance': 4,
      'Review 1: English level': 3,
      'Review 1: Originality': 5,
      'Review 1: Recommendation': 2,
      'Review 1: opinion': 'r1 thinks a1 deserves 8',
      'Review 2: reviewer': 'Reviewer Two',
      'Review 2: Overall': 6,
      'Average score': 7,
      "Chair's opinion": 'chair on a1',
      'Final opinion': 'final on a1',
    });
    // Only the current version's reviews; the cancelled one is left out.
    expect(rows[1]).toMatchObject({
      Session: 'Optics',
      Status: 'Accepted',
      Decision: 'Accept',
      'Review 1: reviewer': 'Reviewer One',
      'Review 1: Overall': 9,
    });
    expect(rows[1]['Review 2: reviewer'] ?? null).toBeNull();
    expect(rows[3]).toMatchObject({ 'Review 1: reviewer': 'Reviewer Two', 'Average score': 3 });
    const everything = JSON.stringify(rows);
    for (const foreign of ['SEC-999', 'Graphene secret', 'Foreign Reviewer', 'Secret session']) expect(everything).not.toContain(foreign);
  });

  it('exports in Chinese with the filters applied', async () => {
    const { header, rows } = await workbook(`lang=zh&session=${fx.sessions.physics}&sort=oldest`);
    expect(header.slice(0, 3)).toEqual(['编号', '标题', '分会场']);
    expect(header).toEqual(
      expect.arrayContaining(['评审 1：审稿人', '评审 1：总体评分', '评审 2：意见', '平均分', '主席意见', '最终意见', '决定']),
    );
    expect(rows.map((r) => r['编号'])).toEqual(['PHY-001', 'OPT-001']);
    expect(rows[0]).toMatchObject({ 分会场: 'Physics（中）', 状态: '已分配', 报告类型: '口头报告', '评审 1：总体评分': 8, 平均分: 7 });
    expect(rows[1]).toMatchObject({ 状态: '已录用', 决定: '录用' });
    const all = await allAdminSubmissions(database.db, fx.other, ZAdminSubmissionQuery.parse({}));
    expect(all.map((r) => r.code)).toEqual(['SEC-999']);
  });

  it('downloads a submission’s current and earlier files, and nothing of another submission or conference', async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), 'contrib-files-'));
    const previous = process.env.UPLOAD_DIR;
    process.env.UPLOAD_DIR = uploads;
    try {
      const plantFile = async (conferenceId: number, key: string, originalName: string, content: string) => {
        const name = `${randomBytes(16).toString('hex')}.pdf`;
        mkdirSync(path.join(uploads, String(conferenceId), 'files'), { recursive: true });
        writeFileSync(path.join(uploads, String(conferenceId), 'files', name), content);
        const [owner] = await database.db.select({ userId: submission.userId }).from(submission).where(eq(submission.id, fx.ids[key]));
        const [row] = await database.db
          .insert(uploadedFile)
          .values({
            conferenceId,
            userId: owner.userId,
            name,
            originalName,
            field: 'submissionAbstract',
            mime: 'application/pdf',
            size: content.length,
            status: 'attached',
          })
          .returning({ id: uploadedFile.id });
        return row.id;
      };
      const current = await plantFile(fx.conf, 'a2', '摘要 v2.pdf', 'second');
      const earlier = await plantFile(fx.conf, 'a2', 'abstract v1.pdf', 'first');
      const strangers = await plantFile(fx.other, 'b1', 'secret.pdf', 'secret');
      const a3File = await plantFile(fx.conf, 'a3', 'ocean.pdf', 'ocean');
      await database.db.update(submission).set({ abstractFileId: current }).where(eq(submission.id, fx.ids.a2));
      await database.db.update(submission).set({ abstractFileId: a3File }).where(eq(submission.id, fx.ids.a3));
      await database.db.update(submission).set({ abstractFileId: strangers }).where(eq(submission.id, fx.ids.b1));
      await database.db.insert(submissionVersion).values({
        conferenceId: fx.conf,
        submissionId: fx.ids.a2,
        version: 1,
        snapshot: {
          title: 'old',
          sessionId: null,
          reportType: '',
          category: '',
          keywords: [],
          abstract: '',
          abstractFileId: earlier,
          fullTextFileId: null,
          authors: [],
        },
      });
      const get = (submissionId: number, fileId: number, token = fx.manager) =>
        fx.call(fileGet, '/api/x', token, { submissionId: String(submissionId), fileId: String(fileId) });
      const now = await get(fx.ids.a2, current);
      expect(now.status).toBe(200);
      expect(await now.text()).toBe('second');
      expect(now.headers.get('content-disposition')).toContain(encodeURIComponent('摘要 v2.pdf'));
      expect(await (await get(fx.ids.a2, earlier)).text()).toBe('first');
      expect((await get(fx.ids.a2, a3File)).status).toBe(404);
      expect((await get(fx.ids.b1, strangers)).status).toBe(404);
      expect((await get(fx.ids.a2, strangers)).status).toBe(404);
      expect((await get(fx.ids.a2, current, fx.participant)).status).toBe(403);
      const detail = await adminSubmissionDetail(database.db, fx.conf, fx.ids.a2);
      expect(detail?.abstractFile?.originalName).toBe('摘要 v2.pdf');
      expect(detail?.versions.map((v) => v.version)).toEqual([1]);
    } finally {
      process.env.UPLOAD_DIR = previous;
      if (previous === undefined) delete process.env.UPLOAD_DIR;
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});

import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/http/app-error';
import { readReviewerSheet } from '@/lib/reviewers/sheet';
import { readSheet, SHEET_LIMITS } from './read-sheet';
import { lyingBomb, manyRows, reviewerRowsXml, unzipBomb, wideCsv, xfdBomb, xlsxWithSheet } from '@/testing/fixtures/import-bombs';

/**
 * The bounded spreadsheet reader against hostile files built here: each is refused with its code,
 * quickly and with little memory. They run in one worker thread whose heap is capped, so a reader
 * that blows up is killed (and the tests fail) instead of taking the test run down.
 */
type Outcome = { code: string; rows: number; bytes: number; ms: number; heapGrowthMb: number };

/** Worker heap cap: the worker's own baseline (tsx, ExcelJS, the reader, a bomb) plus ~50 MB of work. */
const HEAP_CAP_MB = 160;

describe('spreadsheet bombs (reviewer import reader, in a worker with a capped heap)', { timeout: 60_000 }, () => {
  let worker: Worker;
  let exited: Promise<never>;

  beforeAll(async () => {
    worker = new Worker(new URL('../../testing/fixtures/import-sheet-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_CAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    exited = new Promise((_, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the reader's worker exited (${code}): killed for memory?`)));
    });
    exited.catch(() => undefined);
    await Promise.race([once(worker, 'message'), exited]);
  }, 60_000);
  afterAll(() => worker?.terminate());

  const run = (bomb: string, ...args: unknown[]) => {
    worker.postMessage({ bomb, args });
    const answer = once(worker, 'message').then(([outcome]) => outcome as Outcome);
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${bomb}: no answer in 20 s`)), 20_000).unref());
    return Promise.race([answer, exited, late]);
  };

  it.each([
    ['xfdBomb', [1000], 'SHEET_TOO_MANY_COLUMNS'],
    ['unzipBomb', [10], 'SHEET_TOO_LARGE'],
    ['lyingBomb', [20, 100 * 1024], 'SHEET_TOO_LARGE'],
    ['manyRows', [1001], 'SHEET_TOO_MANY_ROWS'],
    ['wideCsv', [20_000, 50], 'SHEET_TOO_MANY_COLUMNS'],
  ])('%s(%j) is refused with %s in under a second and ~50 MB', async (bomb, args, code) => {
    const outcome = await run(bomb, ...args);
    expect(outcome.code).toBe(code);
    expect(outcome.ms).toBeLessThan(1000);
    expect(outcome.heapGrowthMb).toBeLessThan(50);
  });

  it('control: 1,000 reviewer rows (the most a file may hold) are read whole, within the same bounds', async () => {
    const outcome = await run('manyRows', 1000);
    expect(outcome).toMatchObject({ code: 'accepted', rows: 1000 });
    expect(outcome.ms).toBeLessThan(1000);
    expect(outcome.heapGrowthMb).toBeLessThan(50);
  });
});

describe('readSheet', () => {
  const csv = (text: string) => new TextEncoder().encode(text);

  it('the bombs are small files: the limits are on what they unpack to, not on their size', { timeout: 30_000 }, () => {
    expect(xfdBomb(1000).length).toBeLessThan(20 * 1024);
    expect(unzipBomb(10).length).toBeLessThan(20 * 1024);
    expect(lyingBomb(20, 100 * 1024).length).toBeLessThan(64 * 1024);
  });

  it('refuses a file over the size limit before reading it, naming the limits', async () => {
    const error = await readSheet(new Uint8Array(SHEET_LIMITS.maxBytes + 1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SHEET_TOO_LARGE', values: { maxMb: 2, unzippedMb: 8 } });
  });

  it('refuses a part that unpacks to over 100× its packed size though the total is within 8 MB', async () => {
    await expect(readSheet(unzipBomb(5))).rejects.toMatchObject({ code: 'SHEET_TOO_LARGE' });
    // Control: without the ratio limit the same file is read.
    expect((await readSheet(unzipBomb(5), { ...SHEET_LIMITS, maxRatio: 10_000 })).rows).toHaveLength(3);
  });

  it('names the row and column limits in its errors', async () => {
    await expect(readSheet(manyRows(1001))).rejects.toMatchObject({ code: 'SHEET_TOO_MANY_ROWS', values: { max: 1000 } });
    await expect(readSheet(wideCsv(51, 1))).rejects.toMatchObject({ code: 'SHEET_TOO_MANY_COLUMNS', values: { max: 50 } });
  });

  it('reads 50 columns; empty cells or fields past them are skipped, content past them is refused', async () => {
    expect((await readSheet(wideCsv(50, 2))).header.cells).toHaveLength(50);
    const trailing = await readSheet(csv(`email${','.repeat(200)}\na@example.org${','.repeat(200)}\n`));
    expect(trailing.rows).toEqual([{ row: 2, cells: expect.arrayContaining(['a@example.org']) }]);
    const emptyFar = xlsxWithSheet(reviewerRowsXml(3, (r) => `<c r="XFD${r}" s="1"/>`));
    expect((await readSheet(emptyFar)).rows).toHaveLength(3);
  });

  it('counts data rows with content: blank CSV lines are free, the header is the first row with content', async () => {
    const text = `\n\nemail,name\n${'a@example.org,A\n\n,\n'.repeat(1000)}`;
    const { header, rows } = await readSheet(csv(text));
    expect(header).toEqual({ row: 3, cells: ['email', 'name'] });
    expect(rows).toHaveLength(1000);
    expect(rows[1].row).toBe(7);
  });

  it('reads xlsx cells by reference (gaps, inline strings in runs, numbers)', async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>email</t></is></c><c r="C1" t="inlineStr"><is><r><t>pho</t></r><r><t>ne</t></r></is></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><t>x@example.org</t></is></c><c r="C4"><v>13800138000</v></c></row>';
    const { header, rows: data } = await readSheet(xlsxWithSheet(rows));
    expect(header).toEqual({ row: 1, cells: ['email', '', 'phone'] });
    expect(data).toEqual([{ row: 4, cells: ['x@example.org', '', '13800138000'] }]);
  });

  it('reads an ExcelJS workbook (rich text, hyperlinks, formulas, booleans, numbers, a second sheet) as ExcelJS itself does', async () => {
    const workbook = new ExcelJS.Workbook();
    const list = workbook.addWorksheet('list');
    workbook.addWorksheet('notes').addRow(['not this sheet']);
    list.addRow(['电子邮箱', 'Full name', 'phone', 'unit', 'active']);
    list.addRow([
      { text: 'a@example.org', hyperlink: 'mailto:a@example.org' },
      { richText: [{ text: 'Zhang ', font: { bold: true } }, { text: 'Wei' }] },
      13800138000,
      '北京大学',
      true,
    ]);
    list.addRow([]);
    list.addRow(['b@example.org', { formula: 'CONCAT("Li"," Si")', result: 'Li Si' }, 1.5, '', false]);
    list.getCell('G5').value = '  ';
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());

    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
    const sheet = loaded.worksheets[0];
    const expected = [1, 2, 4].map((r) => Array.from({ length: sheet.getRow(r).cellCount }, (_, c) => sheet.getRow(r).getCell(c + 1).text));

    const { header, rows } = await readSheet(data);
    expect([header, ...rows].map((row) => row.cells)).toEqual(expected);
    expect(rows.map((row) => row.row)).toEqual([2, 4]);
  });

  it('damaged xlsx files (bytes flipped, cut short) are read or refused with an AppError, never a crash', async () => {
    const original = manyRows(20);
    let seed = 20;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % below;
    for (let i = 0; i < 300; i++) {
      const data = original.slice(0, i % 3 === 0 ? random(original.length) : original.length);
      for (let flips = 1 + random(8); flips > 0; flips--) data[random(data.length)] = random(256);
      const outcome = await readSheet(data).then(
        () => 'read',
        (error: unknown) => (error instanceof AppError ? 'refused' : error),
      );
      expect(['read', 'refused']).toContain(outcome);
    }
  });

  it('reviewer headers: aliases in either language; "constructor" or "__proto__" name no column', async () => {
    const rows = await readReviewerSheet(csv('constructor,电子邮箱,__proto__,Full Name\nx,a@example.org,y,Zhang Wei\n'));
    expect(rows).toEqual([{ row: 2, values: { email: 'a@example.org', fullName: 'Zhang Wei' } }]);
  });

  it('a broken zip, a sheet that is not XML, or text that is not UTF-8 is unreadable', async () => {
    const zip = manyRows(2);
    await expect(readSheet(zip.subarray(0, zip.length - 30))).rejects.toMatchObject({ code: 'SHEET_UNREADABLE' });
    await expect(readSheet(xlsxWithSheet('<row r="1"><c r="A1"><v>1</c></row>'))).rejects.toMatchObject({ code: 'SHEET_UNREADABLE' });
    await expect(readSheet(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).rejects.toMatchObject({ code: 'SHEET_UNREADABLE' });
  });
});

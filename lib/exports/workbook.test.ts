import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxResponse } from '@/lib/http/xlsx-response';
import { sheet, workbookStream, type WorkbookSpec } from './workbook';

type Row = { name: string; at: Date | null; day: string; count: number; amount: number; currency: string; state: string | null };

const book = (timeZone: string, rows: Row[]): WorkbookSpec => ({
  timeZone,
  sheets: [
    sheet<Row>({
      name: '报名: 2026/03',
      rows,
      columns: [
        { header: 'Name', type: 'text', value: (r) => r.name },
        { header: 'At', type: 'datetime', value: (r) => r.at },
        { header: 'Day', type: 'date', value: (r) => r.day },
        { header: 'Day of at', type: 'date', value: (r) => r.at },
        { header: 'Count', type: 'number', value: (r) => r.count },
        { header: 'Amount', type: 'money', value: (r) => ({ minor: r.amount, currency: r.currency }) },
        { header: 'State', type: 'label', value: (r) => r.state, label: (v) => `label:${v}` },
      ],
    }),
  ],
});

async function read(stream: ReadableStream<Uint8Array>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook.worksheets[0];
}

describe('the export workbook', () => {
  const rows: Row[] = [
    { name: '张三', at: new Date('2026-03-01T23:30:00Z'), day: '2026-03-05', count: 3, amount: 120050, currency: 'CNY', state: 'paid' },
    { name: '', at: null, day: '', count: 0, amount: 500, currency: 'JPY', state: null },
  ];

  it("writes typed cells: real dates in the conference's zone (Berlin), numbers, money in major units with its currency", async () => {
    const ws = await read(workbookStream(book('Europe/Berlin', rows)));
    expect(ws.name).toBe('报名  2026 03');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'At', 'Day', 'Day of at', 'Count', 'Amount', 'State']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    const [name, at, day, dayOfAt, count, amount, state] = [1, 2, 3, 4, 5, 6, 7].map((c) => ws.getRow(2).getCell(c));
    expect(name.value).toBe('张三');
    expect(at.type).toBe(ExcelJS.ValueType.Date);
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect((at.value as Date).toISOString()).toBe('2026-03-02T00:30:00.000Z'); // 00:30 on 2 March in Berlin
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect((day.value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect((dayOfAt.value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(count.value).toBe(3);
    expect(amount.value).toBe(1200.5);
    expect(amount.numFmt).toBe('#,##0.00 "CNY"');
    expect(state.value).toBe('label:paid');
    const second = ws.getRow(3);
    expect([2, 3, 4, 7].map((c) => second.getCell(c).value)).toEqual([null, null, null, null]);
    expect(second.getCell(6).value).toBe(500);
    expect(second.getCell(6).numFmt).toBe('#,##0 "JPY"');
  });

  it('shows the same instant as the wall-clock time of another zone (control)', async () => {
    const ws = await read(workbookStream(book('Asia/Shanghai', rows)));
    expect((ws.getRow(2).getCell(2).value as Date).toISOString()).toBe('2026-03-02T07:30:00.000Z');
  });

  it('answers as a streamed xlsx download keeping a Chinese file name', async () => {
    const res = xlsxResponse(book('UTC', rows), '报名表-2026.xlsx');
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___-2026.xlsx"; filename*=UTF-8''${encodeURIComponent('报名表-2026.xlsx')}`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toBeInstanceOf(ReadableStream);
    const ws = await read(res.body!);
    expect(ws.getRow(2).getCell(1).value).toBe('张三');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as exportGet } from '@/app/api/conference/platform/manage/hotel/export/route';
import { plantHotelAdmin, type HotelAdminFixture } from '@/testing/fixtures/hotel-admin';
import { sheetName } from '@/lib/exports/workbook';
import { guestNames } from './export-rooming-list';

type Sheet = { name: string; rows: unknown[][] };

async function sheetsOf(res: Response): Promise<Sheet[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: ws.name, rows };
  });
}

describe.each(testBackends())('the rooming list export on %s', (backend) => {
  let database: Database;
  let fx: HotelAdminFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantHotelAdmin(database, backend);
  }, 120_000);
  afterAll(() => database?.close());

  it('gives one sheet per hotel with the active bookings only, by arrival, headers in English', async () => {
    const res = await fx.call(exportGet, '/api/conference/platform/manage/hotel/export?lang=en', fx.manager);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="hoteladm.*-rooming-list-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheets = await sheetsOf(res);
    expect(sheets.map((s) => s.name)).toEqual(['Lakeside Hotel', 'Hill Hotel']);
    const [lakeside, hill] = sheets;
    expect(lakeside.rows[0]).toEqual([
      'Guests',
      'Arrival',
      'Departure',
      'Nights',
      'Rooms',
      'Room type',
      'Special requirements',
      'Paid',
      'Order number',
      'Booked by',
      'Phone',
      'Email',
      'Organisation',
    ]);
    // Arrival and departure are date cells (days, shown as yyyy-mm-dd), not text.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await fx.call(exportGet, '/api/x?lang=en', fx.manager)).arrayBuffer());
    expect(book.worksheets[0].getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect(book.worksheets[0].getCell('B2').numFmt).toBe('yyyy-mm-dd');
    // b3 (cancelled) and b5 (expired) hold no rooms and are not on the list.
    expect(lakeside.rows.slice(1)).toEqual([
      [
        'Alice Wang; Bob Li',
        new Date('2030-10-10T00:00:00Z'),
        new Date('2030-10-12T00:00:00Z'),
        2,
        2,
        'King room',
        'Quiet room',
        'Paid',
        fx.orderNos.b1,
        'Alice Wang',
        '13800000001',
        `alice-${backend}@example.org`,
        'Acme Institute',
      ],
      [
        'Bob Chen',
        new Date('2030-10-11T00:00:00Z'),
        new Date('2030-10-13T00:00:00Z'),
        2,
        2,
        'Twin room',
        '',
        'Not paid',
        fx.orderNos.b2,
        'Bob Chen',
        '',
        `bob-${backend}@example.org`,
        '',
      ],
    ]);
    expect(hill.rows.slice(1).map((r) => [r[0], r[5], r[6], r[7]])).toEqual([
      ['Dan Zhou', 'Suite', 'Late arrival, after 23:00', 'Awaiting confirmation'],
    ]);
    expect(JSON.stringify(sheets)).not.toMatch(/Secret|Carol|Eve/);
  });

  it('speaks Chinese, narrows to one hotel, and never lists another conference’s hotel', async () => {
    const zh = await sheetsOf(await fx.call(exportGet, `/api/x?lang=zh&hotel=${fx.hotels.hill}`, fx.manager));
    expect(zh.map((s) => s.name)).toEqual(['Hill Hotel（中）']);
    expect(zh[0].rows[0].slice(0, 3)).toEqual(['入住人', '入住日期', '退房日期']);
    expect(zh[0].rows[1][5]).toBe('Suite（中）');
    expect(zh[0].rows[1][7]).toBe('待确认');
    const foreign = await sheetsOf(await fx.call(exportGet, `/api/x?lang=en&hotel=${fx.hotels.secret}`, fx.manager));
    expect(foreign.map((s) => [s.name, s.rows.length])).toEqual([['Rooming list', 1]]);
    expect((await fx.call(exportGet, '/api/x?hotel=x', fx.manager)).status).toBe(400);
    expect((await fx.call(exportGet, '/api/x', fx.participant)).status).toBe(403);
    expect((await fx.call(exportGet, '/api/x')).status).toBe(401);
  });

  it('names sheets the way Excel accepts and lists the booker when no guest is named', () => {
    const taken = new Set<string>();
    expect(sheetName('Hotel [A]: *East/West*?', taken, 'x')).toBe('Hotel  A    East West');
    expect(sheetName('A very long hotel name that goes on and on', taken, 'x')).toBe('A very long hotel name that goe');
    expect(sheetName('A very long hotel name that goes on and on', taken, 'x')).toBe('A very long hotel name that (2)');
    expect(sheetName('', taken, 'Rooming list')).toBe('Rooming list');
    expect(sheetName('ROOMING LIST', taken, 'x')).toBe('ROOMING LIST (2)');
    expect(guestNames({ guests: ' \n\n', name: 'Booker' })).toEqual(['Booker']);
    expect(guestNames({ guests: 'A\r\n B \n', name: 'Booker' })).toEqual(['A', 'B']);
  });
});

import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { minorDigits } from '@/lib/fees/money';
import { wallClockIn } from '@/lib/i18n/zone';

/** What one cell of a column is made from: the row's value, or nothing (an empty cell). */
type Cell<R, V> = (row: R) => V | null | undefined;
type Common = { header: string; width?: number; wrap?: boolean };

/**
 * A column of an export, declared with its type:
 * - `text`: a string cell; `number`: a number cell (sums work);
 * - `money`: integer minor units shown as a number in major units with the currency in its format;
 * - `date`: a calendar day (`YYYY-MM-DD`, or an instant's day in the conference's zone) as a date cell;
 * - `datetime`: an instant as a date-time cell showing the conference's wall-clock time;
 * - `label`: a stored value (a status, a yes/no) written as its label in the reader's language.
 */
export type Column<R> = Common &
  (
    | { type: 'text'; value: Cell<R, string> }
    | { type: 'number'; value: Cell<R, number> }
    | { type: 'money'; value: Cell<R, { minor: number; currency: string }> }
    | { type: 'date'; value: Cell<R, Date | string> }
    | { type: 'datetime'; value: Cell<R, Date> }
    | { type: 'label'; value: Cell<R, string>; label: (value: string) => string }
  );

/** One worksheet: its name (made valid and unique; `fallbackName` when nothing of it is left), its columns and its rows. */
export type Sheet<R> = { name: string; fallbackName?: string; columns: Column<R>[]; rows: Iterable<R> };

/** A workbook to export: its sheets, and the zone its date cells show (the conference's). */
export type WorkbookSpec = { timeZone: string; sheets: Sheet<never>[] };

/** A sheet of rows of any type, for a workbook's list of sheets. */
export function sheet<R>(spec: Sheet<R>): Sheet<never> {
  return spec as unknown as Sheet<never>;
}

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** A worksheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook, never empty. */
export function sheetName(wanted: string, taken: Set<string>, fallback: string): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || fallback;
  let name = clean.slice(0, 31);
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** A calendar day as a date cell: midnight of that day (UTC fields, as the cell holds no zone). */
function dayCell(day: Date | string, timeZone: string): Date {
  const iso = typeof day === 'string' ? day : wallClockIn(day, timeZone).toISOString();
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** The number format of an amount in `currency`: its minor digits, then the currency code. */
function moneyFormat(currency: string): string {
  const digits = minorDigits(currency);
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency.replace(/"/g, '')}"`;
}

type Written = { value: ExcelJS.CellValue; numFmt?: string };

function cellOf<R>(column: Column<R>, row: R, timeZone: string): Written {
  switch (column.type) {
    case 'text':
    case 'number':
      return { value: column.value(row) ?? null };
    case 'money': {
      const money = column.value(row);
      if (!money) return { value: null };
      return { value: money.minor / 10 ** minorDigits(money.currency), numFmt: moneyFormat(money.currency) };
    }
    case 'date': {
      const day = column.value(row);
      return day ? { value: dayCell(day, timeZone), numFmt: DATE_FORMAT } : { value: null };
    }
    case 'datetime': {
      const at = column.value(row);
      return at ? { value: wallClockIn(at, timeZone), numFmt: DATETIME_FORMAT } : { value: null };
    }
    case 'label': {
      const value = column.value(row);
      return { value: value === null || value === undefined ? null : column.label(value) };
    }
  }
}

/**
 * Writes the workbook as xlsx to `out`, row by row (ExcelJS's streaming writer: each row is committed
 * as it is written, so a long export does not sit whole in memory). Headers are bold and frozen.
 */
export async function writeWorkbook(book: WorkbookSpec, out: Writable): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  writer.creator = 'ConfHub';
  const taken = new Set<string>();
  for (const spec of book.sheets) {
    const ws = writer.addWorksheet(sheetName(spec.name, taken, spec.fallbackName ?? 'Sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = spec.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.commit();
    for (const data of spec.rows) {
      const cells = spec.columns.map((column) => cellOf(column, data, book.timeZone));
      const row = ws.addRow(cells.map((c) => c.value));
      cells.forEach((c, i) => {
        const cell = row.getCell(i + 1);
        if (c.numFmt) cell.numFmt = c.numFmt;
        if (spec.columns[i].wrap) cell.alignment = { wrapText: true, vertical: 'top' };
      });
      row.commit();
    }
    ws.commit();
  }
  await writer.commit();
}

/** The workbook as a stream of xlsx bytes, written while it is read. */
export function workbookStream(book: WorkbookSpec): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  writeWorkbook(book, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

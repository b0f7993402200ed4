import ExcelJS from 'exceljs';
import { AppError } from '@/lib/http/app-error';

/** The columns of the import template, in order (the header row names them). */
export const IMPORT_COLUMNS = ['email', 'lastName', 'firstName', 'middleName', 'fullName', 'organization', 'phone'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** At most this many reviewers per file. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Header names understood, written in either language (compared without case, spaces, - and _). */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  email: 'email',
  mail: 'email',
  邮箱: 'email',
  电子邮箱: 'email',
  lastname: 'lastName',
  surname: 'lastName',
  姓: 'lastName',
  firstname: 'firstName',
  givenname: 'firstName',
  名: 'firstName',
  middlename: 'middleName',
  中间名: 'middleName',
  fullname: 'fullName',
  name: 'fullName',
  姓名: 'fullName',
  全名: 'fullName',
  organization: 'organization',
  organisation: 'organization',
  unit: 'organization',
  单位: 'organization',
  phone: 'phone',
  telephone: 'phone',
  电话: 'phone',
};

/** One data row of the file: its row number as the spreadsheet shows it (the header is row 1) and its values. */
export type SheetRow = { row: number; values: Partial<Record<ImportColumn, string>> };

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function xlsxRows(data: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  } catch {
    throw new AppError('SHEET_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('SHEET_UNREADABLE');
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  }
  return rows;
}

function csvRows(data: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('SHEET_UNREADABLE');
  }
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

const isXlsx = (data: Uint8Array) => data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The rows of an uploaded reviewer list (xlsx, or CSV in UTF-8): a header row naming the columns
 * (at least email), then one reviewer per row; blank rows are left out.
 */
export async function readReviewerSheet(data: Uint8Array): Promise<SheetRow[]> {
  const rows = isXlsx(data) ? await xlsxRows(data) : csvRows(data);
  const header = (rows[0] ?? []).map(
    (h) =>
      HEADER_ALIASES[
        h
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, '')
      ],
  );
  if (!header.includes('email')) throw new AppError('SHEET_UNREADABLE');
  const result: SheetRow[] = [];
  rows.slice(1).forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: SheetRow['values'] = {};
    header.forEach((column, c) => {
      if (column && values[column] === undefined) values[column] = (cells[c] ?? '').trim();
    });
    result.push({ row: index + 2, values });
  });
  if (result.length > IMPORT_MAX_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
  return result;
}

/** The import template: the header row and one example line. */
export async function importTemplateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('reviewers');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.addRow(['reviewer@example.org', 'Zhang', 'Wei', '', 'Zhang Wei', 'Example University', '+86 10 1234 5678']);
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import { AppError } from '@/lib/http/app-error';
import { readSheet, SHEET_LIMITS } from '@/lib/imports/read-sheet';

/** The columns of the import template, in order (the header row names them). */
export const IMPORT_COLUMNS = ['email', 'lastName', 'firstName', 'middleName', 'fullName', 'organization', 'phone'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** At most this many reviewers per file. */
export const IMPORT_MAX_ROWS = 1000;
/** The bounds a reviewer list is read under: the spreadsheet defaults with the reviewer row limit. */
export const REVIEWER_SHEET_LIMITS = { ...SHEET_LIMITS, maxRows: IMPORT_MAX_ROWS };

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

/** One data row of the file: its row number as the spreadsheet shows it and its values. */
export type SheetRow = { row: number; values: Partial<Record<ImportColumn, string>> };

/**
 * The rows of an uploaded reviewer list (xlsx, or CSV in UTF-8), read by the bounded spreadsheet reader
 * (see lib/imports/read-sheet.ts for its limits): a header row naming the columns (at least email), then
 * one reviewer per row; blank rows are left out. At most IMPORT_MAX_ROWS reviewers per file.
 */
export async function readReviewerSheet(data: Uint8Array): Promise<SheetRow[]> {
  const { header, rows } = await readSheet(data, REVIEWER_SHEET_LIMITS);
  const columns = header.cells.map((h) => {
    const name = h
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '');
    // Own keys only: a header such as "constructor" names no column.
    return Object.hasOwn(HEADER_ALIASES, name) ? HEADER_ALIASES[name] : undefined;
  });
  if (!columns.includes('email')) throw new AppError('SHEET_UNREADABLE');
  return rows.map(({ row, cells }) => {
    const values: SheetRow['values'] = {};
    columns.forEach((column, c) => {
      if (column && values[column] === undefined) values[column] = (cells[c] ?? '').trim();
    });
    return { row, values };
  });
}

/** The import template: the header row and one example line. */
export function importTemplateWorkbook(): WorkbookSpec {
  const example: Record<ImportColumn, string> = {
    email: 'reviewer@example.org',
    lastName: 'Zhang',
    firstName: 'Wei',
    middleName: '',
    fullName: 'Zhang Wei',
    organization: 'Example University',
    phone: '+86 10 1234 5678',
  };
  return {
    timeZone: 'UTC',
    sheets: [
      sheet<Record<ImportColumn, string>>({
        name: 'reviewers',
        rows: [example],
        columns: IMPORT_COLUMNS.map((column) => ({ header: column, width: 24, type: 'text', value: (row) => row[column] })),
      }),
    ],
  };
}

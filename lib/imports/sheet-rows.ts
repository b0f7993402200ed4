import { AppError } from '@/lib/http/app-error';
import type { UnzipLimits } from './zip-parts';

/** The bounds every spreadsheet import reads under (see read-sheet.ts for the defaults). */
export type SheetLimits = UnzipLimits & {
  /** The uploaded file itself. */
  maxBytes: number;
  /** Data rows with content, not counting the header. */
  maxRows: number;
  /** Columns with content. */
  maxColumns: number;
};

/** One row as the spreadsheet shows it: its number (the header is usually row 1) and its cell texts. */
export type SheetRow = { row: number; cells: string[] };

/** The header row (the first row with content) and the data rows with content after it. */
export type SheetRows = { header: SheetRow; rows: SheetRow[] };

/**
 * Takes one row from a format reader: its number, the texts of its first `maxColumns` cells, and
 * whether it has content beyond them. Throws (and so stops the reading) at the first limit passed.
 */
export type RowSink = (row: number, cells: string[], contentBeyondLimit: boolean) => void;

/** A sink that gathers the header and data rows, refusing the first row past the row or column limit. */
export function rowCollector(limits: SheetLimits): { sink: RowSink; result: () => SheetRows } {
  let header: SheetRow | undefined;
  const rows: SheetRow[] = [];
  const sink: RowSink = (row, cells, contentBeyondLimit) => {
    if (contentBeyondLimit) throw new AppError('SHEET_TOO_MANY_COLUMNS', { max: limits.maxColumns });
    if (cells.every((cell) => cell.trim() === '')) return;
    if (!header) header = { row, cells };
    else if (rows.length >= limits.maxRows) throw new AppError('SHEET_TOO_MANY_ROWS', { max: limits.maxRows });
    else rows.push({ row, cells });
  };
  return {
    sink,
    result: () => {
      if (!header) throw new AppError('SHEET_UNREADABLE');
      return { header, rows };
    },
  };
}

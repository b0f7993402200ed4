import { AppError } from '@/lib/http/app-error';
import { readCsvRows } from './csv-rows';
import { rowCollector, type SheetLimits, type SheetRows } from './sheet-rows';
import { SHEET_MAX_BYTES } from './sheet-types';
import { readXlsxRows } from './xlsx-rows';

export type { SheetLimits, SheetRow, SheetRows } from './sheet-rows';

const MB = 1024 * 1024;

/**
 * The bounds of every spreadsheet import unless it asks for others: a 2 MB file, 8 MB unpacked
 * (workbook, styles, shared strings and sheets together; a 1,000-row template unpacks to well under
 * 1 MB), no part over 1 MB unpacking to more than 100× its packed size, 1,000 data rows and 50
 * columns (templates have a handful).
 */
export const SHEET_LIMITS: SheetLimits = {
  maxBytes: SHEET_MAX_BYTES,
  maxUnzippedBytes: 8 * MB,
  maxRatio: 100,
  ratioFloorBytes: 1 * MB,
  maxRows: 1000,
  maxColumns: 50,
  tooLarge: { maxMb: 2, unzippedMb: 8 },
};

const isZip = (data: Uint8Array) => data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The one reader for uploaded spreadsheets (xlsx, or CSV in UTF-8): the first sheet's header row (its
 * first row with content) and its data rows with content, each numbered as the spreadsheet shows it.
 * The file size, and for xlsx the unpacked size and ratio, are checked before parsing; rows are then
 * read as a stream and the reading stops at the first limit: SHEET_TOO_LARGE, SHEET_TOO_MANY_ROWS,
 * SHEET_TOO_MANY_COLUMNS (each names its limit); a file that cannot be read is SHEET_UNREADABLE.
 */
export async function readSheet(data: Uint8Array, limits: SheetLimits = SHEET_LIMITS): Promise<SheetRows> {
  if (data.byteLength > limits.maxBytes) throw new AppError('SHEET_TOO_LARGE', limits.tooLarge);
  const { sink, result } = rowCollector(limits);
  if (isZip(data)) await readXlsxRows(data, limits, sink);
  else await readCsvRows(data, limits, sink);
  return result();
}

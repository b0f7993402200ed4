import { AppError } from '@/lib/http/app-error';
import type { RowSink, SheetLimits } from './sheet-rows';

/**
 * Reads CSV in UTF-8 (a leading BOM is dropped; RFC 4180: quoted fields, doubled quotes, CRLF or LF)
 * record by record into `sink`, numbering records from 1. Only the first `maxColumns` fields of a
 * record are kept; a non-empty field past them is handed on at once, so the sink refuses the file
 * without reading further. Text that is not UTF-8 is SHEET_UNREADABLE.
 */
export function readCsvRows(data: Uint8Array, limits: Pick<SheetLimits, 'maxColumns'>, sink: RowSink): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('SHEET_UNREADABLE');
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let record = 1;
  let cells: string[] = [];
  let fields = 0;
  let field = '';
  let quoted = false;
  const endField = () => {
    fields++;
    if (fields <= limits.maxColumns) cells.push(field);
    else if (field.trim() !== '') sink(record, cells, true);
    field = '';
  };
  const endRecord = () => {
    endField();
    sink(record++, cells, false);
    cells = [];
    fields = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || fields > 0) endRecord();
}

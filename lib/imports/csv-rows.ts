import { setImmediate } from 'node:timers/promises';
import { AppError } from '@/lib/http/app-error';
import type { RowSink, SheetLimits } from './sheet-rows';

/** Characters parsed between two turns of the event loop. */
const TURN = 64 * 1024;

/**
 * Reads CSV in UTF-8 (a leading BOM is dropped; RFC 4180: quoted fields, doubled quotes, CRLF or LF)
 * record by record into `sink`, numbering records from 1. Only the first `maxColumns` fields of a
 * record are kept; a non-empty field past them is handed on at once, so the sink refuses the file
 * without reading further. Text that is not UTF-8 is SHEET_UNREADABLE.
 */
export async function readCsvRows(data: Uint8Array, limits: Pick<SheetLimits, 'maxColumns'>, sink: RowSink): Promise<void> {
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
  // Runs of ordinary characters are taken whole; the event loop gets a turn every TURN characters.
  const plainRun = /[^,\r\n"]+/y;
  const quotedRun = /[^"]+/y;
  let turn = TURN;
  for (let i = 0; i < text.length; i++) {
    if (i >= turn) {
      turn = i + TURN;
      await setImmediate();
    }
    const run = quoted ? quotedRun : plainRun;
    run.lastIndex = i;
    const match = run.exec(text);
    if (match) {
      field += match[0];
      i += match[0].length - 1;
      continue;
    }
    const c = text[i];
    if (quoted) {
      if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || fields > 0) endRecord();
}

import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '@/lib/http/app-error';
import type { RowSink, SheetLimits } from './sheet-rows';
import { openZipParts, type ZipParts } from './zip-parts';

/** The parts read: the workbook (sheet order), its relations, shared strings, and the sheets. */
const WANTED = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;
/** Excel's last column, XFD. */
const LAST_COLUMN = 16_384;

/** A tag's name and attribute names without their namespace prefix (`x:c` → `c`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attribute = (tag: SaxesTagPlain, name: string) =>
  Object.entries(tag.attributes).find(([key]) => local(key) === name && (name !== 'id' || key.includes(':')))?.[1];

/**
 * Parses a part as a stream of XML events: `onTag` gets each opening (`open` true) and closing tag by
 * local name, `onText` the text and CDATA. A malformed document is SHEET_UNREADABLE; anything the
 * handlers throw (a limit) stops the inflating and the parsing at once.
 */
async function parsePart(
  zip: ZipParts,
  name: string,
  onTag: (name: string, open: boolean, tag: SaxesTagPlain) => void,
  onText: (text: string) => void,
) {
  const parser = new SaxesParser();
  const decoder = new TextDecoder();
  let malformed = false;
  parser.on('error', () => {
    malformed = true;
  });
  parser.on('opentag', (tag) => onTag(local(tag.name), true, tag));
  parser.on('closetag', (tag) => onTag(local(tag.name), false, tag));
  parser.on('text', onText);
  parser.on('cdata', onText);
  await zip.stream(name, (chunk) => {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (malformed) throw new AppError('SHEET_UNREADABLE');
  });
  parser.write(decoder.decode()).close();
  if (malformed) throw new AppError('SHEET_UNREADABLE');
}

/** The path of the first sheet in tab order (workbook.xml and its relations), else the lowest sheetN.xml. */
async function firstSheetPath(zip: ZipParts): Promise<string | undefined> {
  let firstId: string | undefined;
  const targets = new Map<string, string>();
  if (zip.names.includes('xl/workbook.xml')) {
    await parsePart(
      zip,
      'xl/workbook.xml',
      (name, open, tag) => {
        if (open && name === 'sheet' && firstId === undefined) firstId = attribute(tag, 'id') ?? '';
      },
      () => undefined,
    );
  }
  if (zip.names.includes('xl/_rels/workbook.xml.rels')) {
    await parsePart(
      zip,
      'xl/_rels/workbook.xml.rels',
      (name, open, tag) => {
        const id = attribute(tag, 'Id');
        const target = attribute(tag, 'Target');
        if (open && name === 'Relationship' && id && target) targets.set(id, target);
      },
      () => undefined,
    );
  }
  const target = firstId ? targets.get(firstId) : undefined;
  const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  if (path && zip.names.includes(path)) return path;
  const number = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? Infinity);
  return zip.names.filter((name) => number(name) < Infinity).sort((a, b) => number(a) - number(b))[0];
}

/** The shared strings table (each item's text runs joined, phonetic guides left out), at most `max` items. */
async function sharedStrings(zip: ZipParts, max: number, tooLarge: () => AppError): Promise<string[]> {
  const strings: string[] = [];
  if (!zip.names.includes('xl/sharedStrings.xml')) return strings;
  let item: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await parsePart(
    zip,
    'xl/sharedStrings.xml',
    (name, open) => {
      if (name === 'si') {
        if (!open && item) {
          if (strings.length >= max) throw tooLarge();
          strings.push(item.join(''));
        }
        item = open ? [] : undefined;
      } else if (name === 'rPh') phonetic += open ? 1 : -1;
      else if (name === 't') inText = open && phonetic === 0;
    },
    (text) => {
      if (inText && item) item.push(text);
    },
  );
  return strings;
}

/** A cell reference's column number (`C7` → 3), or undefined when it has none. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference && /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(reference)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** A cell's text as ExcelJS gave it: shared and inline strings, numbers as JavaScript prints them, TRUE/FALSE as true/false. */
function cellText(type: string, value: string, inline: string, strings: string[]): string {
  switch (type) {
    case 's':
      return strings[Number.parseInt(value, 10)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '' ? '' : String(value.trim() !== '0');
    case 'n': {
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? String(number) : value;
    }
    default:
      return value;
  }
}

/**
 * Streams the rows of the first sheet (in tab order) of an xlsx file into `sink`, which may stop the
 * reading by throwing. Only the workbook, its relations, the shared strings and the sheet are
 * unpacked, under the limits (see openZipParts), and the sheet is parsed while it is inflated (SAX),
 * so the reading stops at the first limit: a cell with content past `maxColumns` (found from its
 * reference, with no cells made for the columns before it), or a row, blank or not, more than
 * `maxRows` after the sheet's first row (as the whole-workbook reader refused). Empty cells past the
 * column limit are skipped. Dates are given as Excel's serial numbers (no import reads a date).
 */
export async function readXlsxRows(data: Uint8Array, limits: SheetLimits, sink: RowSink): Promise<void> {
  const tooLarge = () => new AppError('SHEET_TOO_LARGE', limits.tooLarge);
  const zip = openZipParts(data, (name) => WANTED.test(name), limits);
  const sheet = await firstSheetPath(zip);
  if (!sheet) throw new AppError('SHEET_UNREADABLE');
  // More distinct strings than a full sheet can show are never needed.
  const strings = await sharedStrings(zip, 4 * (limits.maxRows + 1) * limits.maxColumns, tooLarge);

  let inData = false;
  let seen = 0;
  let first = 0;
  let rowNumber = 0;
  let cells: string[] | undefined;
  let nextColumn = 1;
  let cell: { column: number; type: string; value: string[]; inline: string[] } | undefined;
  let capture: string[] | undefined;
  let phonetic = 0;
  await parsePart(
    zip,
    sheet,
    (name, open, tag) => {
      if (name === 'sheetData') inData = open;
      else if (!inData) return;
      else if (name === 'row' && open) {
        const declared = Number(attribute(tag, 'r'));
        rowNumber = Number.isInteger(declared) && declared > 0 ? declared : rowNumber + 1;
        seen++;
        first ||= rowNumber;
        if (Math.max(rowNumber - first, seen - 1) > limits.maxRows) throw new AppError('SHEET_TOO_MANY_ROWS', { max: limits.maxRows });
        cells = [];
        nextColumn = 1;
      } else if (name === 'row') {
        if (cells) sink(rowNumber, cells, false);
        cells = undefined;
      } else if (name === 'c' && open && cells) {
        const column = columnOf(attribute(tag, 'r')) ?? nextColumn;
        if (column > LAST_COLUMN) throw new AppError('SHEET_UNREADABLE');
        nextColumn = column + 1;
        cell = { column, type: attribute(tag, 't') ?? 'n', value: [], inline: [] };
      } else if (name === 'c' && cell && cells) {
        const text = cellText(cell.type, cell.value.join(''), cell.inline.join(''), strings);
        if (cell.column <= limits.maxColumns) {
          while (cells.length < cell.column - 1) cells.push('');
          cells[cell.column - 1] = text;
        } else if (text.trim() !== '') sink(rowNumber, cells, true);
        cell = capture = undefined;
      } else if (cell && name === 'v') capture = open ? cell.value : undefined;
      else if (cell && name === 'rPh') phonetic += open ? 1 : -1;
      else if (cell && name === 't') capture = open && phonetic === 0 ? cell.inline : undefined;
    },
    (text) => capture?.push(text),
  );
}

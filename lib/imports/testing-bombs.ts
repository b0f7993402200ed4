import { zipSync, type Zippable } from 'fflate';

/**
 * Test support: hostile spreadsheets built in memory (xlsx as a minimal but complete package, the
 * way Excel lays it out, sheet before shared strings), for the bounded reader's tests.
 */

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="list" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

const encode = (text: string) => new TextEncoder().encode(text);
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** An xlsx whose one sheet has the given rows XML (inside sheetData) and, after it, `padding` spaces. */
export function xlsxWithSheet(rowsXml: string, padding = 0): Uint8Array {
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${rowsXml}</sheetData>${' '.repeat(padding)}</worksheet>`;
  const files: Zippable = {
    '[Content_Types].xml': encode(CONTENT_TYPES),
    '_rels/.rels': encode(ROOT_RELS),
    'xl/workbook.xml': encode(WORKBOOK),
    'xl/_rels/workbook.xml.rels': encode(WORKBOOK_RELS),
    'xl/worksheets/sheet1.xml': encode(sheet),
  };
  return zipSync(files, { level: 9 });
}

/** Rows 2…`rows`+1 under an email header, each with an address in A and `extra(row)` after it. */
export function reviewerRowsXml(rows: number, extra: (row: number) => string = () => ''): string {
  let xml = `<row r="1">${inline('A1', 'email')}</row>`;
  for (let r = 2; r <= rows + 1; r++) xml += `<row r="${r}">${inline(`A${r}`, `r${r}@example.org`)}${extra(r)}</row>`;
  return xml;
}

/** One cell in the last column Excel has (XFD, column 16,384) on every row: 9 KB that once cost 780 MB. */
export const xfdBomb = (rows = 1000) => xlsxWithSheet(reviewerRowsXml(rows, (r) => `<c r="XFD${r}"><v>1</v></c>`));

/** A few kilobytes whose sheet unpacks to `megabytes` MB (honestly declared). */
export const unzipBomb = (megabytes = 10) => xlsxWithSheet(reviewerRowsXml(3), megabytes * 1024 * 1024);

/**
 * The same bomb with the sheet's declared unpacked size rewritten (central directory and local
 * header) to `declared` bytes, so only the bytes actually inflated can give it away.
 */
export function lyingBomb(megabytes = 20, declared = 4 * 1024 * 1024): Uint8Array {
  const data = unzipBomb(megabytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const name = 'xl/worksheets/sheet1.xml';
  const matches = (at: number) => new TextDecoder().decode(data.subarray(at, at + name.length)) === name;
  for (let at = 0; at + 46 < data.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50 && matches(at + 30)) view.setUint32(at + 22, declared, true);
    if (signature === 0x02014b50 && matches(at + 46)) view.setUint32(at + 24, declared, true);
  }
  return data;
}

/** A header and `rows` reviewer rows, as a proper xlsx. */
export const manyRows = (rows: number) => xlsxWithSheet(reviewerRowsXml(rows));

/** A CSV whose rows have `columns` non-empty fields (the first an email header or address). */
export function wideCsv(columns = 20_000, rows = 50): Uint8Array {
  const tail = ',x'.repeat(columns - 1);
  const lines = ['email' + tail];
  for (let r = 0; r < rows; r++) lines.push(`r${r}@example.org${tail}`);
  return encode(lines.join('\n'));
}

import { zipEntryNames } from './zip-entries';

const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ZIP = (d: Uint8Array) => startsWith(d, 0x50, 0x4b, 0x03, 0x04);
const OLE = (d: Uint8Array) => startsWith(d, 0xd0, 0xcf, 0x11, 0xe0);

/** An OFD document (GB/T 33190, China's electronic invoices): a zip package with OFD.xml at its root. */
const OFD = (d: Uint8Array) => ZIP(d) && (zipEntryNames(d)?.some((name) => name.toLowerCase() === 'ofd.xml') ?? false);

/** Upload limit of spec §5/§9 (20 MB), for the browser's check and the server's. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Accepted files: the extension decides the type, and the first bytes must agree with it. */
export const FILE_TYPES: Record<string, { mime: string; matches: (data: Uint8Array) => boolean }> = {
  pdf: { mime: 'application/pdf', matches: (d) => startsWith(d, 0x25, 0x50, 0x44, 0x46) },
  jpg: { mime: 'image/jpeg', matches: (d) => startsWith(d, 0xff, 0xd8, 0xff) },
  jpeg: { mime: 'image/jpeg', matches: (d) => startsWith(d, 0xff, 0xd8, 0xff) },
  png: { mime: 'image/png', matches: (d) => startsWith(d, 0x89, 0x50, 0x4e, 0x47) },
  doc: { mime: 'application/msword', matches: OLE },
  xls: { mime: 'application/vnd.ms-excel', matches: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', matches: OLE },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: ZIP },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: ZIP },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: ZIP },
  zip: { mime: 'application/zip', matches: ZIP },
  ofd: { mime: 'application/ofd', matches: OFD },
  txt: { mime: 'text/plain', matches: (d) => !d.subarray(0, 4096).includes(0) },
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The type of an uploaded file when its extension is one of `allowed` and its first bytes agree; else null. */
export function fileTypeOf(fileName: string, data: Uint8Array, allowed: readonly string[]): { ext: string; mime: string } | null {
  const ext = extensionOf(fileName);
  const type = allowed.includes(ext) ? FILE_TYPES[ext] : undefined;
  return type && type.matches(data) ? { ext, mime: type.mime } : null;
}

/** What a form's file item accepts when it names no types: every type but the e-invoice format (the organiser's own upload). */
export const UPLOAD_EXTENSIONS = Object.keys(FILE_TYPES).filter((ext) => ext !== 'ofd');

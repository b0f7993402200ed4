import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileTypeOf } from './file-types';
import { zipEntryNames } from './zip-entries';

const ofd = zipSync({ 'OFD.xml': strToU8('<ofd:OFD/>'), 'Doc_0/Document.xml': strToU8('<d/>') });
const docx = zipSync({ '[Content_Types].xml': strToU8('<t/>'), 'word/document.xml': strToU8('<w/>') });

describe('zipEntryNames and the OFD type', () => {
  it('lists a zip’s entries from its central directory', () => {
    expect(zipEntryNames(ofd)).toEqual(['OFD.xml', 'Doc_0/Document.xml']);
  });

  it('an .ofd is a zip with OFD.xml at its root; anything else named .ofd is refused', () => {
    expect(fileTypeOf('fapiao.ofd', ofd, ['pdf', 'ofd'])).toEqual({ ext: 'ofd', mime: 'application/ofd' });
    expect(fileTypeOf('fapiao.ofd', docx, ['pdf', 'ofd'])).toBeNull();
    expect(fileTypeOf('fapiao.ofd', zipSync({ 'Doc_0/OFD.xml': strToU8('<x/>') }), ['ofd'])).toBeNull();
    expect(fileTypeOf('fapiao.ofd', strToU8('%PDF-1.7'), ['pdf', 'ofd'])).toBeNull();
    expect(fileTypeOf('fapiao.pdf', ofd, ['pdf', 'ofd'])).toBeNull();
  });

  it('gives null, never throws, for truncated or forged zips', () => {
    for (const cut of [4, 22, ofd.length - 10, ofd.length - 22]) expect(zipEntryNames(ofd.subarray(0, cut)), String(cut)).toBeNull();
    // An end record pointing past the data, or claiming 65,535 entries.
    const forged = new Uint8Array(ofd);
    const view = new DataView(forged.buffer);
    const end = forged.length - 22;
    view.setUint32(end + 16, 0xfffffff0, true);
    expect(zipEntryNames(forged)).toBeNull();
    const many = new Uint8Array(ofd);
    new DataView(many.buffer).setUint16(end + 10, 0xffff, true);
    expect(zipEntryNames(many)).toBeNull();
    expect(zipEntryNames(new Uint8Array(0))).toBeNull();
  });
});

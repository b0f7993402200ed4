/**
 * The entry names of a zip file, read from its central directory (the end-of-central-directory
 * record, then each header), without unpacking anything. Bounded: at most `max` names, each read
 * only within the data; a file that is not a well-formed zip gives null. Enough to tell what a
 * zip-based format holds (an OFD e-invoice has an `OFD.xml` at its root).
 */
export function zipEntryNames(data: Uint8Array, max = 10_000): string[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record is 22 bytes plus a comment of at most 65,535: look for its signature from the end.
  const lowest = Math.max(0, data.byteLength - 22 - 0xffff);
  let end = -1;
  for (let at = data.byteLength - 22; at >= lowest; at--) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(end + 10);
  let at = u32(end + 16);
  const names: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count && names.length < max; i++) {
    if (at + 46 > data.byteLength || u32(at) !== 0x02014b50) return null;
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    if (at + 46 + nameLength > data.byteLength) return null;
    names.push(decoder.decode(data.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

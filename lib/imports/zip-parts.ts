import { setImmediate } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { AppError } from '@/lib/http/app-error';

/** How much a zip may unpack to: in total over the parts read, and per part as a multiple of its packed size. */
export type UnzipLimits = {
  /** The unpacked bytes of all the parts read together. */
  maxUnzippedBytes: number;
  /** A part that unpacks to more than `ratioFloorBytes` may unpack to at most this many times its packed size. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** The limits in MB, as SHEET_TOO_LARGE's message names them. */
  tooLarge: { maxMb: number; unzippedMb: number };
};

/** One entry of a zip's central directory. */
type ZipEntry = { name: string; method: number; flags: number; packedSize: number; declaredSize: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More entries than any spreadsheet has; a directory that lists more is refused before it is walked. */
const MAX_ENTRIES = 10_000;

const unreadable = () => new AppError('SHEET_UNREADABLE');

/** The entries of the zip's central directory (the directory is the truth; local headers only locate the data). */
function centralDirectory(data: Uint8Array): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let at = data.length - 22; at >= 0 && at >= data.length - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  // ZIP64 (0xffff entries or an offset of 0xffffffff) is never needed for a file of a few megabytes.
  if (count === 0xffff || at === 0xffffffff || count > MAX_ENTRIES) throw unreadable();
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL) throw unreadable();
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + skip > data.length) throw unreadable();
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      packedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: names.decode(data.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + skip;
  }
  return entries;
}

/** The packed bytes of an entry, found through its local header. */
function packedBytes(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL) throw unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.packedSize > data.length) throw unreadable();
  return data.subarray(start, start + entry.packedSize);
}

/** Unpacked bytes handed on at a time (the inflater's chunk size; between chunks the event loop is free). */
const CHUNK_BYTES = 64 * 1024;

/**
 * Inflates one entry into `onChunk` as it goes (node's zlib, off the event loop, one bounded chunk at a
 * time), stopping as soon as it yields more than it declared (declared sizes can lie). An error
 * thrown by `onChunk` (e.g. a parser meeting a limit) stops the inflating and is passed on; a broken
 * deflate stream is SHEET_UNREADABLE.
 */
async function inflateInto(entry: ZipEntry, packed: Uint8Array, onChunk: (chunk: Uint8Array) => void, tooLarge: () => AppError) {
  if (entry.method === 0) {
    if (entry.packedSize !== entry.declaredSize) throw unreadable();
    for (let at = 0; at < packed.length; at += CHUNK_BYTES) {
      onChunk(packed.subarray(at, Math.min(at + CHUNK_BYTES, packed.length)));
      await setImmediate();
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(packed);
  let length = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > entry.declaredSize) throw tooLarge();
      onChunk(chunk);
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadable();
  } finally {
    inflater.destroy();
  }
  if (length !== entry.declaredSize) throw unreadable();
}

/** The parts of a checked zip: their names, and each part's unpacked bytes as a stream. */
export type ZipParts = {
  names: string[];
  /** Streams a part's unpacked bytes into `onChunk` (which may stop it by throwing). */
  stream(name: string, onChunk: (chunk: Uint8Array) => void): Promise<void>;
};

/**
 * Opens the parts of a zip whose names `wanted` accepts. Before anything is inflated, their declared
 * sizes are checked against the limits (total and ratio); while inflating, each part is cut off at its
 * declared size, so a lying directory costs no more than an honest one. Parts not wanted are never
 * inflated. A damaged, encrypted or ZIP64 archive, or a method other than stored or deflate, is
 * SHEET_UNREADABLE; parts over the limits are SHEET_TOO_LARGE.
 */
export function openZipParts(data: Uint8Array, wanted: (name: string) => boolean, limits: UnzipLimits): ZipParts {
  const tooLarge = () => new AppError('SHEET_TOO_LARGE', limits.tooLarge);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  for (const entry of centralDirectory(data)) {
    if (!wanted(entry.name)) continue;
    if (entries.has(entry.name) || entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
    entries.set(entry.name, entry);
    total += entry.declaredSize;
    if (total > limits.maxUnzippedBytes) throw tooLarge();
    if (entry.declaredSize > limits.ratioFloorBytes && entry.declaredSize > limits.maxRatio * entry.packedSize) throw tooLarge();
  }
  return {
    names: [...entries.keys()],
    stream: async (name, onChunk) => {
      const entry = entries.get(name);
      if (!entry) throw unreadable();
      await inflateInto(entry, packedBytes(data, entry), onChunk, tooLarge);
    },
  };
}

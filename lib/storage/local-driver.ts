import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { StorageDriver, StoredObject } from './driver';
import { isStorageKey } from './keys';

/** UPLOAD_DIR (./data/uploads by default), resolved at each call: tests point it elsewhere. */
export function uploadRoot(): string {
  // Resolved at run time from configuration: not a path for the bundler to trace.
  return path.resolve(
    /* turbopackIgnore: true */ process.env.UPLOAD_DIR ?? path.join(/* turbopackIgnore: true */ process.cwd(), 'data', 'uploads'),
  );
}

function pathOf(root: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return path.join(/* turbopackIgnore: true */ root, ...key.split('/'));
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Stored files on the local disk under `root()`: one folder per conference, one per area
 * (<root>/<conference id>/<area>/<name>). Writes go beside the final name and are renamed over it,
 * so a reader never sees half a file and two writers of one key both leave a complete one.
 */
export function localDriver(root: () => string = uploadRoot): StorageDriver {
  return {
    async put(key, data) {
      const target = pathOf(root(), key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, data, { flag: 'wx' });
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(key): Promise<StoredObject | null> {
      const where = pathOf(root(), key);
      try {
        const info = await stat(where);
        if (!info.isFile()) return null;
        return { body: Readable.toWeb(createReadStream(where)) as ReadableStream<Uint8Array>, size: info.size };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async move(from, to) {
      const source = pathOf(root(), from);
      const target = pathOf(root(), to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(source, target);
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(root(), key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(root(), key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
  };
}

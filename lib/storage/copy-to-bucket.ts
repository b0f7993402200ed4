import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './driver';
import { isStorageKey } from './keys';

export type CopyReport = { copied: number; present: number; ignored: string[] };

/** Every file under `root`, as a path relative to it with `/` separators. */
async function* filesUnder(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const next = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, next);
    else if (entry.isFile()) yield next;
  }
}

/**
 * Copies an existing local upload folder (UPLOAD_DIR) into the bucket, under the same keys, so a platform moves
 * to object storage without losing a file (`npm run storage:copy-to-bucket`). Idempotent: an object already in the
 * bucket is left as it is, so the copy can be run again after an interruption or once more just before switching.
 * Anything that is not a stored object (a `.part` left by a crash, a stray file) is named and left behind.
 */
export async function copyFolderToBucket(root: string, target: StorageDriver, log: (line: string) => void = () => {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, ignored: [] };
  for await (const key of filesUnder(root)) {
    if (!isStorageKey(key)) {
      report.ignored.push(key);
      continue;
    }
    if (await target.exists(key)) {
      report.present++;
      continue;
    }
    await target.put(key, new Uint8Array(await readFile(path.join(root, ...key.split('/')))));
    report.copied++;
    if (report.copied % 100 === 0) log(`copied ${report.copied} files`);
  }
  return report;
}

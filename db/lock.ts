import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${folder} is already in use by process ${pid}. ` +
        'PGlite cannot be shared between processes; stop that process first or set PGLITE_DIR to another folder.',
    );
    this.name = 'DataFolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFilePath(folder: string): string {
  return path.join(folder, 'in-use.lock');
}

/** Returns the pid holding the folder, or null when the folder is free (a stale lock counts as free). */
export function lockHolder(folder: string): number | null {
  try {
    const pid = Number(readFileSync(lockFilePath(folder), 'utf8').trim());
    return pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on a PGlite data folder for this process (PGlite has none of its own).
 * The lock file holds our pid; a lock left by a dead process is taken over. Returns the release
 * (closing the database calls it, so another process may open the folder next); exiting releases too.
 */
export function acquireFolderLock(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const file = lockFilePath(folder);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, 'utf8').trim());
      } catch {
        /* removed meanwhile: retry */
      }
      if (holder === process.pid) return () => {};
      if (isAlive(holder)) throw new DataFolderInUseError(folder, holder);
      try {
        unlinkSync(file); // stale lock from a process that died
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new DataFolderInUseError(folder, NaN);
}

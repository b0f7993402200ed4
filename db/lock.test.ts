import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { acquireFolderLock, DataFolderInUseError, lockFilePath, lockHolder } from './lock';

describe('PGlite folder lock', () => {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  afterAll(() => holder.kill());

  it('refuses a folder held by another live process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(lockFilePath(dir), String(holder.pid));
    expect(lockHolder(dir)).toBe(holder.pid);
    expect(() => acquireFolderLock(dir)).toThrow(DataFolderInUseError);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(lockFilePath(dir), String(dead.pid));
    expect(lockHolder(dir)).toBeNull();
    acquireFolderLock(dir);
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(String(process.pid));
  });

  it('a free folder is locked by us', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    acquireFolderLock(dir);
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(String(process.pid));
  });

  it('closing the database gives the folder back (another process may open it next), and only then', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const database = await openDatabase({ dir, migrate: false });
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockFilePath(dir))).toBe(false);
    // A release never takes away a lock another process holds now.
    const release = acquireFolderLock(dir);
    writeFileSync(lockFilePath(dir), String(holder.pid));
    release();
    expect(lockHolder(dir)).toBe(holder.pid);
  }, 60_000);
});

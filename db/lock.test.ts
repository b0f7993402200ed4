import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});

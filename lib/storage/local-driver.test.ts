import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeStorageDriver } from '@/testing/storage/driver-suite';
import { storageKey } from './keys';
import { localDriver } from './local-driver';

const root = mkdtempSync(path.join(tmpdir(), 'confhub-driver-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeStorageDriver('local disk', () => localDriver(() => root));

it('writes beside the final name and renames over it: one file per key, no partial left', async () => {
  const driver = localDriver(() => root);
  const key = storageKey(7, 'temp', 'abcdefabcdefabcdefabcdefabcdefab.png');
  await Promise.all([driver.put(key, new Uint8Array([1])), driver.put(key, new Uint8Array([2, 2]))]);
  expect(readdirSync(path.join(root, '7', 'temp'))).toEqual(['abcdefabcdefabcdefabcdefabcdefab.png']);
});

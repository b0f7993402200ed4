import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '@/testing/standins/s3';
import { copyFolderToBucket } from './copy-to-bucket';
import { storageKey } from './keys';
import { s3Driver } from './s3-driver';

let s3: TestS3;
const root = mkdtempSync(path.join(tmpdir(), 'confhub-copy-'));
beforeAll(async () => {
  s3 = await startTestS3('confhub-copy');
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png';

it('copies a local upload folder into the bucket under the same keys, once, leaving what is not a stored object', async () => {
  const put = (key: string, bytes: number[]) => {
    const file = path.join(root, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(bytes));
  };
  put(storageKey(1, 'files', A), [1, 2, 3]);
  put(storageKey(1, 'public', B), [4]);
  put(storageKey(12, 'generated', A), [5, 6]);
  put(`1/temp/${A}.1a2b3c.part`, [0]);
  put('notes.txt', [0]);

  const bucket = s3Driver(s3.settings);
  const first = await copyFolderToBucket(root, bucket);
  expect(first).toEqual({ copied: 3, present: 0, ignored: ['1/temp/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf.1a2b3c.part', 'notes.txt'] });
  const read = async (key: string) => [...new Uint8Array(await new Response((await bucket.get(key))!.body).arrayBuffer())];
  expect(await read(storageKey(1, 'files', A))).toEqual([1, 2, 3]);
  expect(await read(storageKey(1, 'public', B))).toEqual([4]);
  expect(await read(storageKey(12, 'generated', A))).toEqual([5, 6]);

  // Run again after a new upload: only the new file is copied; one the bucket already has is not overwritten.
  put(storageKey(2, 'files', B), [7]);
  await bucket.put(storageKey(1, 'files', A), new Uint8Array([9]));
  expect(await copyFolderToBucket(root, bucket)).toMatchObject({ copied: 1, present: 3 });
  expect(await read(storageKey(1, 'files', A))).toEqual([9]);
});

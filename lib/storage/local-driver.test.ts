import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storageKey } from './keys';
import { localDriver } from './local-driver';

const NAME = '0123456789abcdef0123456789abcdef.png';

describe('the local disk storage driver', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'confhub-driver-'));
  const driver = localDriver(() => root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets as a stream, moves, tells whether an object exists and deletes it', async () => {
    const temp = storageKey(3, 'temp', NAME);
    const files = storageKey(3, 'files', NAME);
    expect(await driver.get(temp)).toBeNull();
    await driver.put(temp, new Uint8Array([1, 2, 3]));
    await driver.put(temp, new Uint8Array([4, 5, 6, 7]));
    expect(readdirSync(path.join(root, '3', 'temp'))).toEqual([NAME]);
    const got = await driver.get(temp);
    expect(got?.size).toBe(4);
    expect(got?.body).toBeInstanceOf(ReadableStream);
    expect(new Uint8Array(await new Response(got!.body).arrayBuffer())).toEqual(new Uint8Array([4, 5, 6, 7]));
    expect(await driver.move(temp, files)).toBe(true);
    expect(await driver.move(temp, files)).toBe(false);
    expect([await driver.exists(temp), await driver.exists(files)]).toEqual([false, true]);
    await driver.delete(files);
    await driver.delete(files);
    expect(await driver.exists(files)).toBe(false);
  });

  it('refuses any key it did not make: no path leaves its conference area', async () => {
    expect(() => storageKey(3, 'files', '../../etc/passwd')).toThrow();
    expect(() => storageKey(0, 'files', NAME)).toThrow();
    await expect(driver.get(`3/files/../../${NAME}`)).rejects.toThrow();
    await expect(driver.put(`3/other/${NAME}`, new Uint8Array([1]))).rejects.toThrow();
  });
});

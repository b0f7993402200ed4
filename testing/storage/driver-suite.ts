import { describe, expect, it } from 'vitest';
import type { StorageDriver } from '@/lib/storage/driver';
import { storageKey } from '@/lib/storage/keys';

const NAME = '0123456789abcdef0123456789abcdef.png';
const OTHER = 'fedcba9876543210fedcba9876543210.pdf';

const bytesOf = async (driver: StorageDriver, key: string) => {
  const got = await driver.get(key);
  return got ? new Uint8Array(await new Response(got.body).arrayBuffer()) : null;
};

/**
 * The one storage suite every driver passes (issue 25 point 3): the local disk and the S3 driver against s3rver run
 * the same cases, so a domain cannot tell which one stores its files. `driver()` is called inside each test, after
 * the caller's beforeAll started what the driver needs.
 */
export function describeStorageDriver(name: string, driver: () => StorageDriver) {
  describe(`the ${name} storage driver`, () => {
    it('puts, gets as a stream with its size, moves, tells whether an object exists and deletes it', async () => {
      const d = driver();
      const temp = storageKey(3, 'temp', NAME);
      const files = storageKey(3, 'files', NAME);
      expect(await d.get(temp)).toBeNull();
      expect(await d.exists(temp)).toBe(false);
      await d.put(temp, new Uint8Array([1, 2, 3]));
      await d.put(temp, new Uint8Array([4, 5, 6, 7]));
      const got = await d.get(temp);
      expect(got?.size).toBe(4);
      expect(got?.body).toBeInstanceOf(ReadableStream);
      expect(new Uint8Array(await new Response(got!.body).arrayBuffer())).toEqual(new Uint8Array([4, 5, 6, 7]));
      expect(await d.move(temp, files)).toBe(true);
      expect(await d.move(temp, files)).toBe(false);
      expect([await d.exists(temp), await d.exists(files)]).toEqual([false, true]);
      expect(await bytesOf(d, files)).toEqual(new Uint8Array([4, 5, 6, 7]));
      await d.delete(files);
      await d.delete(files);
      expect(await d.exists(files)).toBe(false);
      expect(await d.get(files)).toBeNull();
    });

    it('keeps conferences and areas apart and carries large binary objects intact', async () => {
      const d = driver();
      const big = new Uint8Array(3 * 1024 * 1024 + 17);
      for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) & 0xff;
      await d.put(storageKey(4, 'files', OTHER), big);
      await d.put(storageKey(5, 'files', OTHER), new Uint8Array([9]));
      // Compared as buffers: a deep equality of three million numbers takes the test's whole time.
      expect(Buffer.from((await bytesOf(d, storageKey(4, 'files', OTHER)))!).equals(Buffer.from(big))).toBe(true);
      expect(await bytesOf(d, storageKey(5, 'files', OTHER))).toEqual(new Uint8Array([9]));
      expect(await d.exists(storageKey(4, 'public', OTHER))).toBe(false);
      const stored = await d.get(storageKey(4, 'files', OTHER));
      expect(stored?.size).toBe(big.length);
      await stored?.body.cancel();
    });

    it('refuses any key it did not make: no key leaves its conference area', async () => {
      const d = driver();
      expect(() => storageKey(3, 'files', '../../etc/passwd')).toThrow();
      expect(() => storageKey(0, 'files', NAME)).toThrow();
      await expect(d.get(`3/files/../../${NAME}`)).rejects.toThrow();
      await expect(d.put(`3/other/${NAME}`, new Uint8Array([1]))).rejects.toThrow();
      await expect(d.exists(`../3/files/${NAME}`)).rejects.toThrow();
      await expect(d.move(storageKey(3, 'temp', NAME), `3/files/${NAME}/..`)).rejects.toThrow();
    });
  });
}

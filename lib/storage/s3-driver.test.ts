import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '@/testing/standins/s3';
import { describeStorageDriver } from '@/testing/storage/driver-suite';
import { storageKey } from './keys';
import { s3Client, s3Driver, s3SettingsFromEnv } from './s3-driver';
import { driverFromEnv } from './storage';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('confhub-suite');
});
afterAll(async () => {
  await s3?.close();
});

describeStorageDriver('S3 (s3rver on loopback)', () => s3Driver(s3.settings));
describeStorageDriver('S3 with a key prefix', () => s3Driver({ ...s3.settings, prefix: 'tenant-a/' }));

describe('the S3 driver’s configuration', () => {
  it('puts objects under the prefix and nowhere else', async () => {
    const driver = s3Driver({ ...s3.settings, prefix: 'shared/' });
    await driver.put(storageKey(9, 'public', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg'), new Uint8Array([1]));
    const listed = await s3Client(s3.settings).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'shared/' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['shared/9/public/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg']);
  });

  it('is chosen by STORAGE_DRIVER=s3 and names a missing setting instead of guessing', async () => {
    const env: Record<string, string> = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const driver = driverFromEnv(env);
    const key = storageKey(9, 'files', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf');
    await driver.put(key, new Uint8Array([5, 6]));
    expect(await s3Driver(s3.settings).exists(key)).toBe(true);
    expect(() => s3SettingsFromEnv({ ...env, S3_BUCKET: '' })).toThrow(/S3_BUCKET/);
    expect(() => s3SettingsFromEnv({ ...env, S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => driverFromEnv({ ...env, STORAGE_DRIVER: 'ftp' })).toThrow(/not supported/);
  });

  it('says an object is missing, but fails loudly on a missing bucket instead of calling every file missing', async () => {
    const key = storageKey(9, 'files', 'cccccccccccccccccccccccccccccccc.pdf');
    expect(await s3Driver(s3.settings).get(key)).toBeNull();
    expect(await s3Driver(s3.settings).move(key, storageKey(9, 'public', 'cccccccccccccccccccccccccccccccc.pdf'))).toBe(false);
    const wrong = s3Driver({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(wrong.get(key)).rejects.toThrow(/bucket/i);
    await expect(wrong.put(key, new Uint8Array([1]))).rejects.toThrow(/bucket/i);
  });
});

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageDriver, StoredObject } from './driver';
import { isStorageKey } from './keys';

/** Where the objects live: any S3-compatible service (AWS S3, MinIO, Aliyun OSS and Tencent COS in their S3 modes). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** The service's address; absent for AWS S3 itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted services). */
  forcePathStyle: boolean;
  /** Put before every key (`confhub/` to share a bucket); '' by default. */
  prefix: string;
};

/** The settings from the environment (STORAGE_DRIVER=s3): a missing one is named, never guessed. */
export function s3SettingsFromEnv(env: Record<string, string | undefined> = process.env): S3Settings {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`STORAGE_DRIVER=s3 needs ${name}`);
    return value;
  };
  const prefix = env.S3_PREFIX ?? '';
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix)) throw new Error('S3_PREFIX must be like "confhub/"');
  return {
    bucket: required('S3_BUCKET'),
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix,
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the service asks: MinIO, OSS and COS do not all speak the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * The service said there is no such object: GET and COPY answer NoSuchKey; HEAD has no body, so its 404 is
 * NotFound. A missing bucket (NoSuchBucket) is a fault of the setup, never "no such file".
 */
function noSuchKey(error: unknown): boolean {
  return error instanceof S3ServiceException && error.name === 'NoSuchKey';
}
function headNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey');
}

/**
 * Stored files in an S3-compatible bucket, under the same keys as on the local disk
 * (`<conference id>/<area>/<name>`, with the optional prefix). A put is whole or nothing by the service's own
 * rule; a get streams the body (never read whole); a move is a copy and a delete (the caller decides under a
 * database claim who moves a given upload, lib/storage/intake.ts), false when the source is gone.
 */
export function s3Driver(settings: S3Settings, client: S3Client = s3Client(settings)): StorageDriver {
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return `${settings.prefix}${key}`;
  };
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentLength: data.byteLength }));
    },
    async get(key): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return null;
        return { body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (noSuchKey(error)) return null;
        throw error;
      }
    },
    async move(from, to) {
      const source = keyOf(from);
      const target = keyOf(to);
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: target, CopySource: `${Bucket}/${source.split('/').map(encodeURIComponent).join('/')}` }),
        );
      } catch (error) {
        if (noSuchKey(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: source }));
      return true;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (headNotFound(error)) return false;
        throw error;
      }
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@/lib/storage/s3-driver';

export type TestS3 = { settings: S3Settings; endpoint: string; close: () => Promise<void> };

/**
 * An S3-compatible service on loopback (s3rver: the S3 REST API over a folder), with one bucket, for the storage
 * suite and the two-node tests. The SDK talks to it exactly as to AWS or MinIO (path-style, signed requests with
 * s3rver's fixed key pair).
 */
export async function startTestS3(bucket = 'confhub-test', prefix = ''): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'confhub-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

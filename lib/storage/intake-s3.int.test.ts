import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { uploadedFile, user } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { startTestS3, type TestS3 } from '@/testing/standins/s3';
import { attachUploads, publishUploads, receiveUpload, removeStaleUploads, storedKeyOf, type UploadRule } from './intake';
import { storageKey } from './keys';
import { s3Driver } from './s3-driver';
import { readStored, storage } from './storage';

const PDF = new TextEncoder().encode('%PDF-1.4\n% stored in a bucket\n');
const PAPER: UploadRule = { field: 'paper', types: ['pdf'], maxBytes: 1024 };

/**
 * The upload intake on object storage (issue 25 point 3): with STORAGE_DRIVER=s3 (chosen from the environment, as a
 * server is configured), an upload lands in the bucket's temporary area, publishing moves it to `files`, a download
 * reads it back, and the sweep removes stale temporary objects from the bucket. Nothing is written to the disk.
 */
// One bucket for the file: the process's driver is chosen once, from the environment, as on a server.
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('confhub-intake');
  Object.assign(process.env, {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_DIR: '/nonexistent/confhub-must-not-write-here',
  });
});
afterAll(async () => {
  await s3?.close();
});

describe.each(testBackends())('upload intake on S3 with %s', (backend) => {
  let database: Database;
  let conf: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    conf = await insertTestConference(database.db, `intake-s3-${backend}`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('receives into the bucket, publishes, reads back and sweeps stale temporary objects', async () => {
    const me = randomUUID();
    await database.db.insert(user).values({ id: me, name: 'U', email: `${me}@example.org` });
    const bucket = s3Driver(s3.settings);
    const upload = await receiveUpload(database.db, { conferenceId: conf, userId: me, rule: PAPER, fileName: 'paper.pdf', data: PDF });
    expect(await bucket.exists(storageKey(conf, 'temp', upload.name))).toBe(true);
    const { fresh } = await database.db.transaction((tx) =>
      attachUploads(tx, { conferenceId: conf, userId: me, files: [{ name: upload.name, field: 'paper' }] }),
    );
    await publishUploads(conf, fresh);
    expect(await storedKeyOf(conf, upload.name)).toBe(storageKey(conf, 'files', upload.name));
    expect(await bucket.exists(storageKey(conf, 'temp', upload.name))).toBe(false);
    expect(await readStored(storageKey(conf, 'files', upload.name))).toEqual(PDF);
    const streamed = await storage().get(storageKey(conf, 'files', upload.name));
    expect(streamed?.size).toBe(PDF.byteLength);
    await streamed?.body.cancel();

    const stale = await receiveUpload(database.db, {
      conferenceId: conf,
      userId: me,
      rule: PAPER,
      fileName: 'old.pdf',
      data: PDF,
      now: new Date(Date.now() - 2 * 86_400_000),
    });
    expect(await bucket.exists(storageKey(conf, 'temp', stale.name))).toBe(true);
    expect(await removeStaleUploads(database.db)).toBeGreaterThanOrEqual(1);
    expect(await bucket.exists(storageKey(conf, 'temp', stale.name))).toBe(false);
    expect(await database.db.select().from(uploadedFile).where(eq(uploadedFile.id, stale.id))).toHaveLength(0);
    expect(await bucket.exists(storageKey(conf, 'files', upload.name))).toBe(true);
  });
});

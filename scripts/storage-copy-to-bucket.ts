/**
 * `npm run storage:copy-to-bucket`: copies the local upload folder (UPLOAD_DIR, ./data/uploads by default) into the
 * bucket that STORAGE_DRIVER=s3 would use (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE, S3_PREFIX). Run it, then start the servers with STORAGE_DRIVER=s3; running it again copies
 * only what is missing. See docs/operations.md.
 */
import { existsSync } from 'node:fs';
import { copyFolderToBucket } from '@/lib/storage/copy-to-bucket';
import { uploadRoot } from '@/lib/storage/local-driver';
import { s3Driver, s3SettingsFromEnv } from '@/lib/storage/s3-driver';

async function main() {
  const root = uploadRoot();
  if (!existsSync(root)) throw new Error(`no upload folder at ${root} (UPLOAD_DIR)`);
  const settings = s3SettingsFromEnv(process.env);
  console.info(`copying ${root} into s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`);
  const report = await copyFolderToBucket(root, s3Driver(settings), (line) => console.info(line));
  console.info(
    `copied ${report.copied}, already in the bucket ${report.present}, not stored objects (left behind) ${report.ignored.length}`,
  );
  for (const name of report.ignored) console.info(`  left behind: ${name}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

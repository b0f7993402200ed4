import type { StorageDriver } from './driver';
import { localDriver } from './local-driver';
import { s3Driver, s3SettingsFromEnv } from './s3-driver';

let selected: StorageDriver | undefined;

/**
 * The one storage driver of this process, chosen here and nowhere else: STORAGE_DRIVER=local (the
 * default, files under UPLOAD_DIR) or s3 (an S3-compatible bucket: S3_BUCKET, S3_REGION, S3_ENDPOINT,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX). No domain knows which.
 */
export function storage(): StorageDriver {
  if (selected) return selected;
  selected = driverFromEnv(process.env);
  return selected;
}

export function driverFromEnv(env: Record<string, string | undefined>): StorageDriver {
  const kind = env.STORAGE_DRIVER ?? 'local';
  if (kind === 'local') return localDriver();
  if (kind === 's3') return s3Driver(s3SettingsFromEnv(env));
  throw new Error(`STORAGE_DRIVER=${kind} is not supported (supported: local, s3)`);
}

/** A stored object read whole, or null (to put several files in one zip; downloads stream instead). */
export async function readStored(key: string): Promise<Uint8Array | null> {
  const stored = await storage().get(key);
  return stored ? new Uint8Array(await new Response(stored.body).arrayBuffer()) : null;
}

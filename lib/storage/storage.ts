import type { StorageDriver } from './driver';
import { localDriver } from './local-driver';

let selected: StorageDriver | undefined;

/**
 * The one storage driver of this process, chosen here and nowhere else: STORAGE_DRIVER=local (the
 * default, files under UPLOAD_DIR). An object-storage driver is added as one more file beside
 * local-driver.ts and one more case below; no domain changes.
 */
export function storage(): StorageDriver {
  if (selected) return selected;
  const kind = process.env.STORAGE_DRIVER ?? 'local';
  if (kind !== 'local') throw new Error(`STORAGE_DRIVER=${kind} is not supported (supported: local)`);
  selected = localDriver();
  return selected;
}

/** A stored object read whole, or null (to put several files in one zip; downloads stream instead). */
export async function readStored(key: string): Promise<Uint8Array | null> {
  const stored = await storage().get(key);
  return stored ? new Uint8Array(await new Response(stored.body).arrayBuffer()) : null;
}

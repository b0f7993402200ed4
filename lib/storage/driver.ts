/** A stored object read back: its bytes as a stream (never read whole into memory) and its size. */
export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

/**
 * Where uploaded and generated files live. Domains never hold a path: they name an object by its
 * key (lib/storage/keys.ts) and ask the one driver `storage()` selects (lib/storage/storage.ts).
 * The local disk is today's driver; an S3-compatible one implements the same five verbs.
 */
export interface StorageDriver {
  /** Writes an object whole or not at all (a reader never sees half of it); an existing one is replaced. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Moves an object to another key; false when there was nothing to move (already moved). */
  move(from: string, to: string): Promise<boolean>;
  /** Deletes an object; a missing one is fine. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

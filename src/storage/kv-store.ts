// The key-value storage seam: the app persists through this interface, so IndexedDB (idb-store.ts), memory
// (memory-store.ts) and fault-injecting wrappers for tests are interchangeable.

/**
 * An async key-value store of structured-cloneable values. Every method may reject (quota exceeded, database
 * blocked or unavailable); callers catch at their boundary and turn the rejection into a visible status.
 */
export interface KeyValueStore {
  /** What kind of storage this is, for status texts ("saved in this browser" vs "kept in this tab only"). */
  readonly durable: boolean;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Reads and writes one key atomically: no other write to the store lands between the read and the write.
   * `updater` runs synchronously inside the operation; its return value is stored.
   */
  update<T>(key: string, updater: (old: T | undefined) => T): Promise<void>;
  delete(key: string): Promise<void>;
}

// The IndexedDB KeyValueStore (idb-keyval). Every operation is bounded in time: an open request that another
// tab blocks never settles in idb-keyval, and a save that hangs forever would lose edits without a word.
import { createStore, del, get, promisifyRequest, update, type UseStore } from 'idb-keyval';
import { APP_DATABASE, APP_STORE } from './keys.ts';
import type { KeyValueStore } from './kv-store.ts';

export interface IdbStoreOptions {
  dbName?: string;
  storeName?: string;
  /** How long one operation may take before it is reported as blocked. Default 5000 ms. */
  timeoutMs?: number;
}

/** Rejection used when IndexedDB does not answer in time (typically: blocked by another connection). */
export class StorageTimeoutError extends Error {
  override readonly name = 'StorageTimeoutError';
}

export function createIdbStore(options: IdbStoreOptions = {}): KeyValueStore {
  const timeoutMs = options.timeoutMs ?? 5000;
  let handle: UseStore | undefined;
  // createStore opens the database right away and throws synchronously when indexedDB is missing;
  // deferring it turns both into rejections of the first operation.
  const store = (): UseStore => (handle ??= createStore(options.dbName ?? APP_DATABASE, options.storeName ?? APP_STORE));

  function bounded<T>(label: string, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new StorageTimeoutError(`IndexedDB did not answer ${label} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      Promise.resolve()
        .then(run)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  }

  return {
    durable: true,
    get: <T>(key: string) => bounded(`reading "${key}"`, () => get<T>(key, store())),
    // A plain write asks for its commit at once: a page being unloaded (pagehide) aborts a transaction that is
    // still waiting to auto-commit, and the write would be lost on reload.
    set: (key, value) => bounded(`writing "${key}"`, () => store()('readwrite', (objects) => {
      objects.put(value, key);
      objects.transaction.commit?.();
      return promisifyRequest(objects.transaction);
    })),
    update: <T>(key: string, updater: (old: T | undefined) => T) =>
      bounded(`updating "${key}"`, () => update<T>(key, updater, store())),
    delete: (key) => bounded(`deleting "${key}"`, () => del(key, store())),
  };
}

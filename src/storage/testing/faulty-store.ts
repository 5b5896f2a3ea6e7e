// A KeyValueStore wrapper that fails on demand the way IndexedDB fails in the field (quota, unavailable,
// never answering), for tests of what the app shows and keeps when storage breaks.
import type { KeyValueStore } from '../kv-store.ts';

export type InjectedFault = 'quota' | 'unavailable' | 'hang';
export type StoreMethod = 'get' | 'set' | 'update' | 'delete';

export interface FaultyStore extends KeyValueStore {
  /**
   * From now on, reads and writes fail this way (writes only, if `writesOnly`; only those methods, if `only`;
   * only keys `key` accepts, if given); null heals the store.
   */
  fail(fault: InjectedFault | null, options?: { writesOnly?: boolean; only?: readonly StoreMethod[]; key?: (key: string) => boolean }): void;
  /** Number of write operations that reached the inner store. */
  readonly writes: number;
}

function faultError(fault: InjectedFault): Error {
  if (fault === 'quota') return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
}

export function createFaultyStore(inner: KeyValueStore): FaultyStore {
  let fault: InjectedFault | null = null;
  let writesOnly = false;
  let only: readonly StoreMethod[] | null = null;
  let keyFilter: ((key: string) => boolean) | null = null;
  let writes = 0;

  function guard<T>(method: StoreMethod, key: string, run: () => Promise<T>): Promise<T> {
    const isWrite = method !== 'get';
    if (!fault || (writesOnly && !isWrite) || (only && !only.includes(method)) || (keyFilter && !keyFilter(key))) {
      if (isWrite) writes++;
      return run();
    }
    if (fault === 'hang') return new Promise<T>(() => {});
    return Promise.reject(faultError(fault));
  }

  return {
    get durable() { return inner.durable; },
    get writes() { return writes; },
    fail(next, options = {}) {
      fault = next;
      writesOnly = options.writesOnly ?? false;
      only = options.only ?? null;
      keyFilter = options.key ?? null;
    },
    get: (key) => guard('get', key, () => inner.get(key)),
    set: (key, value) => guard('set', key, () => inner.set(key, value)),
    update: (key, updater) => guard('update', key, () => inner.update(key, updater)),
    delete: (key) => guard('delete', key, () => inner.delete(key)),
  };
}

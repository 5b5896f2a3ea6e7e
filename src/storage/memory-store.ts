// An in-memory KeyValueStore: the fallback when IndexedDB is unusable, and the store most tests run against.
// Values are structured-cloned on the way in and out, so callers see IndexedDB's copy semantics.
import type { KeyValueStore } from './kv-store.ts';

export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const data = new Map<string, unknown>(Object.entries(initial).map(([k, v]) => [k, structuredClone(v)]));
  return {
    durable: false,
    async get<T>(key: string) {
      return data.has(key) ? (structuredClone(data.get(key)) as T) : undefined;
    },
    async set(key, value) {
      data.set(key, structuredClone(value));
    },
    async update<T>(key: string, updater: (old: T | undefined) => T) {
      const old = data.has(key) ? (structuredClone(data.get(key)) as T) : undefined;
      data.set(key, structuredClone(updater(old)));
    },
    async delete(key) {
      data.delete(key);
    },
  };
}

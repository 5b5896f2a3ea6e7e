// Where provider API keys go when the user asks this tab to remember them: sessionStorage only (gone when the tab
// closes). Never IndexedDB, never localStorage, never workspace data: the key stays with the user
// (docs/decisions/live-api-keys.md). This module imports no other store, so nothing here can reach them.
import { API_KEYS_SESSION_KEY } from './keys.ts';

/** Provider -> key. */
export type KeyMap = Record<string, string>;

/** A remembered key that could only be kept in memory: the tab has no sessionStorage, it is full, or it refused. */
export type KeyStoreError = 'no-session-storage' | 'session-storage-full' | 'session-storage-failed';

/** Where remembered keys go; sessionStorage in the app, a stand-in in tests. Null when the tab has none. */
export type KeySessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

export function defaultSessionStore(): KeySessionStore {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame): keys stay in memory only
  }
}

/** The remembered keys; an unreadable entry is treated as none (the next remember overwrites it). */
export function readRememberedKeys(store: KeySessionStore): KeyMap {
  if (!store) return {};
  try {
    const parsed: unknown = JSON.parse(store.getItem(API_KEYS_SESSION_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const keys: KeyMap = {};
    for (const [provider, key] of Object.entries(parsed)) if (typeof key === 'string' && key) keys[provider] = key;
    return keys;
  } catch {
    return {};
  }
}

/** Writes the remembered keys (none: the entry is removed). Returns why that failed, or null. */
export function writeRememberedKeys(store: KeySessionStore, keys: KeyMap): KeyStoreError | null {
  if (!store) return Object.keys(keys).length ? 'no-session-storage' : null;
  try {
    if (Object.keys(keys).length) store.setItem(API_KEYS_SESSION_KEY, JSON.stringify(keys));
    else store.removeItem(API_KEYS_SESSION_KEY);
    return null;
  } catch (error) {
    return error instanceof Error && error.name === 'QuotaExceededError' ? 'session-storage-full' : 'session-storage-failed';
  }
}

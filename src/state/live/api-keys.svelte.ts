// The user's provider API keys for live runs. A key lives in this object's memory by default; only when the user
// asks to remember it does a copy go to the tab's sessionStorage (gone when the tab closes). Never IndexedDB,
// never localStorage, never workspace data: the key stays with the user (docs/decisions/live-api-keys.md).

/** The one sessionStorage entry that holds remembered keys, as a JSON object provider → key. */
export const API_KEYS_SESSION_KEY = 'pi-playground.live.api-keys';

export interface SetKeyOptions {
  /** Keep the key in this tab's sessionStorage so a reload keeps it (default: memory only). */
  remember?: boolean;
}

type KeyMap = Record<string, string>;

/** A remembered key that could only be kept in memory: the tab has no sessionStorage, it is full, or it refused. */
export type KeyStoreError = 'no-session-storage' | 'session-storage-full' | 'session-storage-failed';

/** Where remembered keys go; sessionStorage in the app, a stand-in in tests. Null when the tab has none. */
export type KeySessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

function defaultSessionStore(): KeySessionStore {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame): keys stay in memory only
  }
}

function readRemembered(store: KeySessionStore): KeyMap {
  if (!store) return {};
  try {
    const parsed: unknown = JSON.parse(store.getItem(API_KEYS_SESSION_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const keys: KeyMap = {};
    for (const [provider, key] of Object.entries(parsed)) if (typeof key === 'string' && key) keys[provider] = key;
    return keys;
  } catch {
    return {}; // an unreadable entry is treated as none; the next remember overwrites it
  }
}

export class ApiKeys {
  #keys = $state<KeyMap>({});
  #remembered = $state<KeyMap>({});
  #store: KeySessionStore;
  /** Why the session copy could not be written (the UI words it); null when fine. */
  #storeError = $state<KeyStoreError | null>(null);

  constructor(store: KeySessionStore = defaultSessionStore()) {
    this.#store = store;
    const remembered = readRemembered(store);
    this.#remembered = remembered;
    this.#keys = { ...remembered };
  }

  get(provider: string): string | undefined {
    return this.#keys[provider];
  }

  /** Sets the key for a provider; an empty (or blank) key forgets it. `remember` keeps it for this tab's session. */
  set(provider: string, key: string, options: SetKeyOptions = {}): void {
    const trimmed = key.trim();
    if (!trimmed) {
      this.forget(provider);
      return;
    }
    this.#keys = { ...this.#keys, [provider]: trimmed };
    const { [provider]: _old, ...others } = this.#remembered;
    this.#remembered = options.remember ? { ...others, [provider]: trimmed } : others;
    this.#persist();
  }

  forget(provider: string): void {
    const { [provider]: _key, ...keys } = this.#keys;
    const { [provider]: _remembered, ...remembered } = this.#remembered;
    this.#keys = keys;
    this.#remembered = remembered;
    this.#persist();
  }

  /** Whether the key for this provider is kept in the tab's sessionStorage. */
  remembered(provider: string): boolean {
    return provider in this.#remembered;
  }

  /** Providers that have a key now. */
  get providers(): string[] {
    return Object.keys(this.#keys);
  }

  get storeError(): KeyStoreError | null {
    return this.#storeError;
  }

  #persist(): void {
    if (!this.#store) {
      this.#storeError = Object.keys(this.#remembered).length ? 'no-session-storage' : null;
      return;
    }
    try {
      if (Object.keys(this.#remembered).length) this.#store.setItem(API_KEYS_SESSION_KEY, JSON.stringify(this.#remembered));
      else this.#store.removeItem(API_KEYS_SESSION_KEY);
      this.#storeError = null;
    } catch (error) {
      this.#storeError = error instanceof Error && error.name === 'QuotaExceededError' ? 'session-storage-full' : 'session-storage-failed';
    }
  }
}

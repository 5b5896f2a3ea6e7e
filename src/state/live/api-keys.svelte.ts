// The user's provider API keys for live runs. A key lives in this object's memory by default; only when the user
// asks to remember it does a copy go to the tab's sessionStorage, through storage/api-key-session.ts (gone when the
// tab closes). Never IndexedDB, never localStorage, never workspace data (docs/decisions/live-api-keys.md).

import {
  defaultSessionStore, readRememberedKeys, writeRememberedKeys, type KeyMap, type KeySessionStore, type KeyStoreError,
} from '../../storage/api-key-session.ts';

export type { KeySessionStore, KeyStoreError } from '../../storage/api-key-session.ts';

export interface SetKeyOptions {
  /** Keep the key in this tab's sessionStorage so a reload keeps it (default: memory only). */
  remember?: boolean;
}

export class ApiKeys {
  #keys = $state<KeyMap>({});
  #remembered = $state<KeyMap>({});
  #store: KeySessionStore;
  /** Why the session copy could not be written (the UI words it); null when fine. */
  #storeError = $state<KeyStoreError | null>(null);

  constructor(store: KeySessionStore = defaultSessionStore()) {
    this.#store = store;
    const remembered = readRememberedKeys(store);
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
    this.#storeError = writeRememberedKeys(this.#store, this.#remembered);
  }
}

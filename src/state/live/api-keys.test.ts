import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { API_KEYS_SESSION_KEY } from '../../storage/keys.ts';
import { ApiKeys } from './api-keys.svelte.ts';

const KEY = 'sk-test-1234567890abcdef';

async function indexedDbHolds(text: string): Promise<boolean> {
  const databases = await indexedDB.databases();
  for (const { name } of databases) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const storeName of Array.from(db.objectStoreNames)) {
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(storeName).objectStore(storeName).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (JSON.stringify(values).includes(text)) return true;
    }
    db.close();
  }
  return false;
}

describe('ApiKeys', () => {
  beforeEach(() => { sessionStorage.clear(); localStorage.removeItem(API_KEYS_SESSION_KEY); });
  afterEach(() => sessionStorage.clear());

  it('keeps a key in memory only unless asked to remember it', async () => {
    const keys = new ApiKeys();
    keys.set('anthropic', KEY);
    expect(keys.get('anthropic')).toBe(KEY);
    expect(keys.remembered('anthropic')).toBe(false);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(KEY);
    expect(JSON.stringify({ ...localStorage })).not.toContain(KEY);
    expect(await indexedDbHolds(KEY)).toBe(false);
    expect(new ApiKeys().get('anthropic')).toBeUndefined(); // a reload (a new store) does not find it
  });

  it('remembers a key for the tab session in sessionStorage when asked, and a reload finds it', () => {
    const keys = new ApiKeys();
    keys.set('openai', KEY, { remember: true });
    expect(keys.remembered('openai')).toBe(true);
    expect(sessionStorage.getItem(API_KEYS_SESSION_KEY)).toContain(KEY);
    expect(JSON.stringify({ ...localStorage })).not.toContain(KEY);
    const reloaded = new ApiKeys();
    expect(reloaded.get('openai')).toBe(KEY);
    expect(reloaded.remembered('openai')).toBe(true);
  });

  it('drops the session copy when the key is set again without remember, or forgotten', () => {
    const keys = new ApiKeys();
    keys.set('openai', KEY, { remember: true });
    keys.set('openai', `${KEY}-2`);
    expect(keys.get('openai')).toBe(`${KEY}-2`);
    expect(keys.remembered('openai')).toBe(false);
    expect(sessionStorage.getItem(API_KEYS_SESSION_KEY)).toBeNull();

    keys.set('google', KEY, { remember: true });
    keys.forget('google');
    expect(keys.get('google')).toBeUndefined();
    expect(keys.remembered('google')).toBe(false);
    expect(sessionStorage.getItem(API_KEYS_SESSION_KEY)).toBeNull();
  });

  it('keeps other providers when one is forgotten, and treats a blank key as forgetting', () => {
    const keys = new ApiKeys();
    keys.set('openai', KEY, { remember: true });
    keys.set('mistral', 'mk-1', { remember: true });
    keys.set('openai', '   ');
    expect(keys.get('openai')).toBeUndefined();
    expect(keys.get('mistral')).toBe('mk-1');
    expect(JSON.parse(sessionStorage.getItem(API_KEYS_SESSION_KEY)!)).toEqual({ mistral: 'mk-1' });
  });

  it('ignores an unreadable session entry instead of failing', () => {
    sessionStorage.setItem(API_KEYS_SESSION_KEY, '{not json');
    const keys = new ApiKeys();
    expect(keys.providers).toEqual([]);
    keys.set('openai', KEY, { remember: true });
    expect(new ApiKeys().get('openai')).toBe(KEY);
  });

  it('keeps the key in memory and reports why when the session copy cannot be written', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem: () => {},
    };
    const keys = new ApiKeys(refusing);
    keys.set('openai', KEY, { remember: true });
    flushSync();
    expect(keys.get('openai')).toBe(KEY);
    expect(keys.storeError).toBe('session-storage-full');
    const noStorage = new ApiKeys(null);
    noStorage.set('openai', KEY, { remember: true });
    expect(noStorage.get('openai')).toBe(KEY);
    expect(noStorage.storeError).toBe('no-session-storage');
  });
});

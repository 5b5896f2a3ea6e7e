import { afterEach, describe, expect, it } from 'vitest';
import { createIdbStore } from './idb-store.ts';
import { createMemoryStore } from './memory-store.ts';
import { createFaultyStore } from './testing/faulty-store.ts';
import { damagedWorkspaceKey } from './keys.ts';
import { createWorkspaceRepository, type SavedNotice, type WorkspaceRepository } from './workspace-repository.ts';
import type { Workspace } from './workspace.ts';

const opened: WorkspaceRepository[] = [];
afterEach(() => { while (opened.length) opened.pop()!.close(); });

let dbCounter = 0;
function uniqueName(prefix: string) {
  return `${prefix}-${Date.now()}-${dbCounter++}`;
}

function repo(...args: Parameters<typeof createWorkspaceRepository>) {
  const r = createWorkspaceRepository(...args);
  opened.push(r);
  return r;
}

function workspace(source: string): Workspace {
  return {
    tools: [{ id: 't1', name: 'echo', kind: 'typescript', source }],
    hooks: '',
    settings: { toolExecution: 'parallel', systemPrompt: 'Be brief.' },
  };
}

describe('workspace repository on real IndexedDB', () => {
  it('keeps a saved workspace across a fresh connection, with increasing revisions', async () => {
    const dbName = uniqueName('repo');
    const first = repo(createIdbStore({ dbName }), { channelName: uniqueName('ch') });
    expect(await first.load()).toEqual({ ok: true, record: null });
    expect(await first.save(workspace('one'), 0)).toEqual({ ok: true, revision: 1 });
    expect(await first.save(workspace('two'), 1)).toEqual({ ok: true, revision: 2 });

    const reopened = repo(createIdbStore({ dbName }), { channelName: uniqueName('ch') });
    const loaded = await reopened.load();
    expect(loaded.ok && loaded.record?.revision).toBe(2);
    expect(loaded.ok && loaded.record?.workspace.tools[0].source).toBe('two');
    expect(loaded.ok && loaded.record?.workspace.settings.systemPrompt).toBe('Be brief.');
  });

  it('refuses a save based on a revision another tab has replaced, and writes when forced', async () => {
    const store = createIdbStore({ dbName: uniqueName('conflict') });
    const channelName = uniqueName('ch');
    const tabA = repo(store, { tabId: 'A', channelName });
    const tabB = repo(store, { tabId: 'B', channelName });
    await tabA.save(workspace('from A'), 0);
    const refused = await tabB.save(workspace('from B'), 0);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && 'conflict' in refused && refused.conflict.workspace.tools[0].source).toBe('from A');
    expect(!refused.ok && 'conflict' in refused && refused.conflict.writer).toBe('A');
    const stored = await tabA.load();
    expect(stored.ok && stored.record?.workspace.tools[0].source).toBe('from A');

    expect(await tabB.save(workspace('from B'), 0, { force: true })).toEqual({ ok: true, revision: 2 });
    const after = await tabA.load();
    expect(after.ok && after.record?.workspace.tools[0].source).toBe('from B');
  });

  it('does not call its own late write a conflict', async () => {
    const store = createMemoryStore();
    const tab = repo(store, { tabId: 'A', channelName: uniqueName('ch') });
    await tab.save(workspace('one'), 0);
    // The tab believes it is still at revision 0 (its first save timed out but landed).
    expect(await tab.save(workspace('two'), 0)).toEqual({ ok: true, revision: 2 });
  });

  it('tells other tabs about each save on the broadcast channel', async () => {
    const store = createMemoryStore();
    const channelName = uniqueName('ch');
    const tabA = repo(store, { tabId: 'A', channelName });
    const tabB = repo(store, { tabId: 'B', channelName });
    const heard = new Promise<SavedNotice>((resolve) => tabB.onRemoteSave(resolve));
    const ownEcho: SavedNotice[] = [];
    tabA.onRemoteSave((n) => ownEcho.push(n));
    await tabA.save(workspace('x'), 0);
    expect(await heard).toMatchObject({ type: 'workspace-saved', revision: 1, writer: 'A' });
    expect(ownEcho).toEqual([]);
  });

  it('keeps view state and preferences apart from the workspace revision', async () => {
    const r = repo(createIdbStore({ dbName: uniqueName('prefs') }), { channelName: uniqueName('ch') });
    await r.saveViewState({ selectedId: 't1', view: 'schema', options: { schema: 'type' } });
    await r.savePreferences({ theme: 'dark', panes: { sidebar: 240 } });
    expect(await r.loadViewState()).toEqual({ selectedId: 't1', view: 'schema', options: { schema: 'type' } });
    expect(await r.loadPreferences()).toEqual({ theme: 'dark', panes: { sidebar: 240 } });
    expect(await r.load()).toEqual({ ok: true, record: null });
  });
});

describe('workspace repository when storage fails', () => {
  it('reports a full disk as a quota failure instead of throwing', async () => {
    const store = createFaultyStore(createMemoryStore());
    const r = repo(store, { channelName: uniqueName('ch') });
    store.fail('quota');
    const outcome = await r.save(workspace('x'), 0);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'quota', message: expect.stringContaining('full') } });
    expect(await r.savePreferences({ theme: 'light', panes: {} })).toMatchObject({ ok: false, failure: { kind: 'quota' } });
  });

  it('reports a missing IndexedDB as unavailable', async () => {
    // `indexedDB` is an own accessor of the global object; shadow it and put the original back afterwards.
    const original = Object.getOwnPropertyDescriptor(window, 'indexedDB')!;
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    try {
      const r = repo(createIdbStore({ dbName: uniqueName('missing') }), { channelName: uniqueName('ch') });
      expect(await r.load()).toMatchObject({ ok: false, failure: { kind: 'unavailable' } });
    } finally {
      Object.defineProperty(window, 'indexedDB', original);
    }
    expect(typeof indexedDB.open).toBe('function');
  });

  it('reports a database blocked by another connection once the time bound passes', async () => {
    const dbName = uniqueName('blocked');
    const holder = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    // A pending delete waits for `holder` to close; every later open queues behind it.
    const deletion = indexedDB.deleteDatabase(dbName);
    const r = repo(createIdbStore({ dbName, timeoutMs: 300 }), { channelName: uniqueName('ch') });
    const started = performance.now();
    expect(await r.load()).toMatchObject({ ok: false, failure: { kind: 'blocked' } });
    expect(performance.now() - started).toBeLessThan(2000);
    holder.close();
    await new Promise((resolve) => { deletion.onsuccess = resolve; deletion.onerror = resolve; });
  });
});

describe('damaged records and writes without a read', () => {
  it('loads a damaged record as damage, keeps a copy aside, and refuses unforced saves over it', async () => {
    const store = createMemoryStore();
    const raw = { revision: '7', writer: 'x', savedAt: 1, workspace: workspace('kept') };
    await store.set('workspace:default', raw);
    const r = repo(store, { channelName: uniqueName('ch') });
    const loaded = await r.load();
    expect(loaded.ok && loaded.record).toBeNull();
    expect(loaded.ok && loaded.damaged?.issues.map((i) => i.path)).toEqual(['revision']);
    expect(loaded.ok && loaded.damaged?.repaired?.workspace.tools[0].source).toBe('kept');
    expect((await store.get<{ record: unknown }[]>(damagedWorkspaceKey('default')))?.map((c) => c.record)).toEqual([raw]);
    // Loading again does not add the same copy twice.
    await r.load();
    expect(await store.get<unknown[]>(damagedWorkspaceKey('default'))).toHaveLength(1);

    const refused = await r.save(workspace('over it'), 7);
    expect(!refused.ok && 'damaged' in refused).toBe(true);
    expect(await store.get('workspace:default')).toEqual(raw);
    expect(await r.save(workspace('repaired'), 7, { force: true })).toEqual({ ok: true, revision: 8 });
    expect((await r.load()).ok).toBe(true);
    expect((await r.loadDamaged()).map((c) => c.record)).toEqual([raw]);
  });

  it('writes back record fields it does not know, on saves and on writes without a read', async () => {
    const store = createMemoryStore();
    await store.set('workspace:default', { revision: 2, writer: 'x', savedAt: 1, workspace: workspace('one'), syncedFrom: 'laptop' });
    const r = repo(store, { channelName: uniqueName('ch') });
    await r.load();
    expect(await r.save(workspace('two'), 2)).toEqual({ ok: true, revision: 3 });
    expect(await store.get('workspace:default')).toMatchObject({ revision: 3, syncedFrom: 'laptop' });
    expect(await r.saveNow(workspace('three'), 3)).toEqual({ ok: true, revision: 4 });
    expect(await store.get('workspace:default')).toMatchObject({ revision: 4, syncedFrom: 'laptop', workspace: { tools: [{ source: 'three' }] } });
  });

  it('enqueues the write without a read before saveNow returns (real IndexedDB)', async () => {
    const dbName = uniqueName('now');
    const inner = createIdbStore({ dbName });
    let reads = 0;
    const counting = { ...inner, get: <T,>(key: string) => { reads++; return inner.get<T>(key); }, update: <T,>(key: string, fn: (old: T | undefined) => T) => { reads++; return inner.update<T>(key, fn); } };
    const r = repo(counting, { channelName: uniqueName('ch') });
    const writing = r.saveNow(workspace('at once'), 0);
    expect(reads).toBe(0);
    expect(await writing).toEqual({ ok: true, revision: 1 });
    const again = repo(createIdbStore({ dbName }), { channelName: uniqueName('ch') });
    const loaded = await again.load();
    expect(loaded.ok && loaded.record?.workspace.tools[0].source).toBe('at once');
  });
});


import { afterEach, describe, expect, it } from 'vitest';
import { createIdbStore } from '../../storage/idb-store.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { tIn } from '../../ui/i18n/i18n.svelte.ts';
import { createAppState, type RunningApp } from '../shell/app-state.ts';
import { createFakeRuntime } from '../testing/fake-runtime.ts';

const running: RunningApp[] = [];
afterEach(() => { while (running.length) running.pop()!.dispose(); });

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${counter++}`;

async function open(store: KeyValueStore, channelName: string): Promise<RunningApp> {
  const app = createAppState({ store, runtime: createFakeRuntime(), channelName, saveDelayMs: 20, typingDelayMs: 0 });
  running.push(app);
  await app.start();
  return app;
}

async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('autosave and restore (real IndexedDB)', () => {
  it('restores tools, sources, settings, selection and open view after a reload', async () => {
    const dbName = unique('reload');
    const channel = unique('ch');
    const first = await open(createIdbStore({ dbName }), channel);
    const ws = first.workspace;
    const id = ws.addTool('typescript');
    ws.setSource(id, ws.selected!.source.replace('What to look up', 'Search terms'));
    ws.rename(id, 'search_docs');
    ws.remove(ws.tools.find((t) => t.name === 'echo')!.id);
    ws.setSystemPrompt('Answer in one sentence.');
    ws.setToolExecution('sequential');
    ws.select(id);
    first.views.setOption('schema', 'type');
    await first.flush();
    expect(first.persistence.status).toBe('saved');
    first.dispose();

    // A new page load: fresh store object, fresh state, same database.
    const second = await open(createIdbStore({ dbName }), unique('ch'));
    expect(second.workspace.tools.map((t) => t.name)).toEqual(ws.tools.map((t) => t.name));
    expect(second.workspace.selected?.name).toBe('search_docs');
    expect(second.workspace.selected?.source).toContain('Search terms');
    expect(second.workspace.settings).toEqual({ toolExecution: 'sequential', systemPrompt: 'Answer in one sentence.' });
    expect(second.views.option('schema', 'json')).toBe('type');
  });

  it('saves a burst of edits once, after the typing pause', async () => {
    const store = createFaultyStore(createMemoryStore());
    const app = await open(store, unique('ch'));
    const writesAfterStart = store.writes;
    const id = app.workspace.tools[0].id;
    for (let i = 0; i < 20; i++) app.workspace.setSource(id, `edit ${i}`);
    expect(app.persistence.status).toBe('pending');
    await until(() => app.persistence.status === 'saved', 'the debounced save');
    expect(store.writes - writesAfterStart).toBe(1);
  });

  it('remembers theme and pane sizes for the next load', async () => {
    const store = createMemoryStore();
    const first = await open(store, unique('ch'));
    first.preferences.setTheme('dark');
    first.preferences.setPane('sidebar', 300);
    await first.flush();
    first.dispose();
    const second = await open(store, unique('ch'));
    expect(second.preferences.theme).toBe('dark');
    expect(second.preferences.pane('sidebar', 232)).toBe(300);
  });
});

describe('when storage fails', () => {
  it('says so, keeps every edit in memory, and saves them all once storage works again', async () => {
    const store = createFaultyStore(createMemoryStore());
    const app = await open(store, unique('ch'));
    store.fail('quota');
    const id = app.workspace.tools[0].id;
    app.workspace.setSource(id, 'first edit while full');
    await until(() => app.persistence.status === 'failed', 'the failure status');
    expect(app.persistence.failure).toMatchObject({ kind: 'quota', message: 'Browser storage is full, so changes cannot be saved.' });
    app.workspace.setSource(id, 'second edit while full');
    app.workspace.addTool('typescript');
    await app.flush();
    expect(app.persistence.status).toBe('failed');
    expect(app.persistence.dirty).toBe(true);
    expect(app.workspace.tools[0].source).toBe('second edit while full');

    store.fail(null);
    await app.persistence.retry();
    expect(app.persistence.status).toBe('saved');
    expect(app.persistence.failure).toBeNull();
    const reloaded = await open(store, unique('ch'));
    expect(reloaded.workspace.tools[0].source).toBe('second edit while full');
    expect(reloaded.workspace.tools.map((t) => t.name)).toContain('new_tool');
  });

  it('remarks on open views storage refuses to keep, while the workspace itself still saves', async () => {
    const store = createFaultyStore(createMemoryStore());
    const app = await open(store, unique('ch'));
    // Workspace saves go through update, the view state through set: only the latter is refused.
    store.fail('unavailable', { only: ['set'] });
    app.workspace.setSource(app.workspace.tools[0].id, 'kept');
    app.persistence.scheduleViewSave();
    await app.flush();
    expect(app.persistence.status).toBe('saved');
    expect(app.persistence.notice?.key).toBe('status.notice.viewNotSaved');
    expect(tIn('en', app.persistence.notice!.key, app.persistence.notice!.params)).toContain('backing store');
  });

  it('starts from the examples in memory when IndexedDB cannot even be read', async () => {
    const store = createFaultyStore(createMemoryStore());
    store.fail('unavailable');
    const app = await open(store, unique('ch'));
    expect(app.persistence.status).toBe('failed');
    expect(app.persistence.failure?.kind).toBe('unavailable');
    expect(app.workspace.tools.length).toBe(8);
    app.workspace.addTool('typescript');
    expect(app.workspace.tools.length).toBe(9);
  });

  it('reports a save that hangs as blocked instead of waiting forever', async () => {
    const dbName = unique('hang');
    const holder = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
    });
    const store = createIdbStore({ dbName, timeoutMs: 200 });
    const deletion = indexedDB.deleteDatabase(dbName); // queued behind `holder`: every open now waits
    const app = await open(store, unique('ch'));
    expect(app.persistence.failure?.kind).toBe('blocked');
    expect(app.workspace.tools.length).toBe(8);
    holder.close();
    await new Promise((r) => { deletion.onsuccess = r; deletion.onerror = r; });
  });
});

describe('two tabs on one workspace', () => {
  it('a tab without pending edits takes over what the other tab saved', async () => {
    const dbName = unique('tabs');
    const channel = unique('ch');
    const tabA = await open(createIdbStore({ dbName }), channel);
    const tabB = await open(createIdbStore({ dbName }), channel);
    tabA.workspace.setSystemPrompt('Written in tab A');
    await tabA.flush();
    await until(() => tabB.workspace.settings.systemPrompt === 'Written in tab A', 'tab B to adopt the save');
    const notice = tabB.persistence.notice;
    expect(notice && tIn('en', notice.key, notice.params)).toBe('Updated with changes saved in another tab.');
    expect(tabB.persistence.dirty).toBe(false);
  });

  it('a tab with pending edits is told, saves nothing, and can keep its version', async () => {
    const dbName = unique('tabs');
    const channel = unique('ch');
    const tabA = await open(createIdbStore({ dbName }), channel);
    const tabB = await open(createIdbStore({ dbName }), channel);
    tabB.workspace.setSystemPrompt('B');
    tabA.workspace.setSystemPrompt('A');
    await tabA.flush();
    await until(() => tabB.persistence.status === 'conflict', 'the conflict');
    expect(tabB.persistence.conflict?.workspace.settings.systemPrompt).toBe('A');
    await tabB.flush(); // autosave is paused while the conflict is open
    const check = await open(createIdbStore({ dbName }), unique('ch'));
    expect(check.workspace.settings.systemPrompt).toBe('A');

    await tabB.persistence.keepMine();
    expect(tabB.persistence.status).toBe('saved');
    const after = await open(createIdbStore({ dbName }), unique('ch'));
    expect(after.workspace.settings.systemPrompt).toBe('B');
  });

  it('catches the conflict at save time even when no notice arrives (no BroadcastChannel)', async () => {
    const dbName = unique('tabs');
    const tabA = await open(createIdbStore({ dbName }), unique('ch'));
    const tabB = await open(createIdbStore({ dbName }), unique('ch'));
    tabA.workspace.setSystemPrompt('A');
    await tabA.flush();
    tabB.workspace.setSystemPrompt('B');
    await tabB.flush();
    expect(tabB.persistence.status).toBe('conflict');
    const check = await open(createIdbStore({ dbName }), unique('ch'));
    expect(check.workspace.settings.systemPrompt).toBe('A');
  });

  it('a tab in conflict can take the other version and undo back to its own', async () => {
    const dbName = unique('tabs');
    const channel = unique('ch');
    const tabA = await open(createIdbStore({ dbName }), channel);
    const tabB = await open(createIdbStore({ dbName }), channel);
    tabB.workspace.setSystemPrompt('B, unsaved');
    tabA.workspace.setSystemPrompt('A, saved');
    await tabA.flush();
    await until(() => tabB.persistence.status === 'conflict', 'the conflict');
    tabB.persistence.useTheirs();
    expect(tabB.workspace.settings.systemPrompt).toBe('A, saved');
    expect(tabB.persistence.status).toBe('saved');
    tabB.workspace.undo();
    expect(tabB.workspace.settings.systemPrompt).toBe('B, unsaved');
  });
});

describe('a damaged stored record', () => {
  it('shows what repair keeps, saves nothing over it until repaired, then saves the editor\'s version', async () => {
    const store = createMemoryStore();
    const good = { id: 'g', name: 'good', kind: 'typescript', source: '// good' };
    const raw = { revision: 5, writer: 'x', savedAt: 1, workspace: { tools: [good, { id: 'b', name: 'calc', source: 42 }], hooks: '', settings: { toolExecution: 'parallel', systemPrompt: '' } } };
    await store.set('workspace:default', raw);
    const app = await open(store, unique('ch'));
    expect(app.persistence.status).toBe('damaged');
    expect(app.persistence.damaged?.issues[0].item).toEqual({ list: 'tool', index: 2, name: 'calc', field: 'source' });
    expect(app.workspace.tools.map((t) => t.id)).toEqual(['g']);
    app.workspace.setSource('g', '// edited');
    await new Promise((r) => setTimeout(r, 100));
    await app.flush();
    app.flushNow();
    expect(await store.get('workspace:default')).toEqual(raw);
    await app.persistence.repair();
    expect(app.persistence.status).toBe('saved');
    expect(await store.get('workspace:default')).toMatchObject({ revision: 6, workspace: { tools: [{ id: 'g', source: '// edited' }] } });
    // The dropped tool is still in the copy kept aside.
    expect(await store.get('damaged:workspace:default')).toMatchObject([{ record: raw }]);
  });

  it('resets to the examples on request, keeping the damaged copy aside', async () => {
    const store = createMemoryStore();
    await store.set('workspace:default', 'not a record');
    const app = await open(store, unique('ch'));
    expect(app.persistence.damaged?.repaired).toBeNull();
    await app.persistence.resetDamaged();
    expect(app.persistence.damaged).toBeNull();
    expect(await store.get('workspace:default')).toMatchObject({ revision: 1 });
    expect(await store.get<{ record: unknown }[]>('damaged:workspace:default')).toMatchObject([{ record: 'not a record' }]);
  });
});

describe('leaving the page', () => {
  it('writes the pending edit at once on flushNow, without waiting for the debounce', async () => {
    const store = createMemoryStore();
    const app = createAppState({ store, runtime: createFakeRuntime(), channelName: unique('ch'), saveDelayMs: 10_000, typingDelayMs: 0 });
    running.push(app);
    await app.start();
    const id = app.workspace.tools[0].id;
    app.workspace.setSource(id, '// last words');
    app.flushNow();
    await until(() => !app.persistence.dirty, 'the write to land');
    const saved = await store.get<{ workspace: { tools: { source: string }[] } }>('workspace:default');
    expect(saved?.workspace.tools[0].source).toBe('// last words');
  });
});


// Snapshots in Chromium: named snapshots persist in IndexedDB, restore puts every byte back (undoably), a scenario's
// runs start from the same files every time, and a store that refuses a snapshot loses nothing.
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../vfs/index.ts';
import { createIdbStore } from '../../storage/idb-store.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { createSnapshotRepository } from '../../storage/snapshots.ts';
import { FilesSnapshotsState, type ScenarioRef } from './snapshots.svelte.ts';
import { memoryFilesService, startedFiles } from '../testing/files-fixtures.ts';

let counter = 0;
const freshStore = () => createIdbStore({ dbName: `files-snapshots-test-${Date.now()}-${counter++}` });

async function setup(store = freshStore(), scenario: { current: ScenarioRef | null } = { current: { id: 's1', name: 'Edit a file' } }) {
  const files = await startedFiles(memoryFilesService());
  const snapshots = new FilesSnapshotsState(files, createSnapshotRepository(store), () => scenario.current);
  await snapshots.load();
  const { fs } = await files.loaded();
  return { files, snapshots, fs, store, scenario };
}

describe('named snapshots', () => {
  it('keep every file in IndexedDB and restore them exactly, undoably', async () => {
    const { files, snapshots, fs, store } = await setup();
    const before = await snapshot(fs);
    expect(await snapshots.take('clean project')).toEqual({ ok: true });
    expect(snapshots.list.map((s) => [s.name, s.files])).toEqual([['clean project', 4]]);

    await fs.writeFile('/workspace/README.md', 'changed');
    await fs.remove('/workspace/notes', { recursive: true });
    // Another app instance on the same store sees it: it is persisted, not only in memory.
    const other = new FilesSnapshotsState(files, createSnapshotRepository(store));
    await other.load();
    expect(other.list.map((s) => s.name)).toEqual(['clean project']);

    await other.restore(other.list[0].id);
    expect(await snapshot(fs)).toEqual(before);
    expect(files.notice).toMatchObject({ key: 'files.snapshots.restored', undoable: true });
    await files.undo();
    expect(await fs.readText('/workspace/README.md')).toBe('changed');
  });

  it('are deleted from the list and the store, and refuse an empty name', async () => {
    const { snapshots, store } = await setup();
    expect((await snapshots.take('  ')).ok).toBe(false);
    expect(snapshots.notice?.key).toBe('files.snapshots.nameEmpty');
    await snapshots.take('one');
    const id = snapshots.list[0].id;
    await snapshots.remove(id);
    expect(snapshots.list).toEqual([]);
    expect(await store.get(`fs-snapshot:${id}`)).toBeUndefined();
  });

  it('report a full store and keep the list and the files as they were', async () => {
    const faulty = createFaultyStore(createMemoryStore());
    const { snapshots, fs } = await setup(faulty);
    await snapshots.take('first');
    const before = await snapshot(fs);
    faulty.fail('quota', { writesOnly: true });
    const result = await snapshots.take('second');
    expect(result.ok).toBe(false);
    expect(snapshots.notice).toMatchObject({ tone: 'error', key: 'files.error.full' });
    expect(snapshots.list.map((s) => s.name)).toEqual(['first']);
    expect(await snapshot(fs)).toEqual(before);
  });
});

describe('where runs start', () => {
  it('say a snapshot storage cannot read is unreadable (not damaged), and leave the files as they are', async () => {
    const faulty = createFaultyStore(createMemoryStore());
    const { snapshots, fs } = await setup(faulty);
    await snapshots.take('first');
    await fs.writeFile('/workspace/README.md', 'changed');
    faulty.fail('unavailable', { only: ['get'] });
    const result = await snapshots.restore(snapshots.list[0].id);
    expect(result).toMatchObject({ ok: false, notice: { key: 'files.snapshots.unreadable', params: { name: 'first' } } });
    expect(snapshots.notice?.detail).toContain('backing store');
    expect(await fs.readText('/workspace/README.md')).toBe('changed');
  });

  it('say when a deleted snapshot’s files could not be removed from storage', async () => {
    const faulty = createFaultyStore(createMemoryStore());
    const { snapshots } = await setup(faulty);
    await snapshots.take('first');
    faulty.fail('unavailable', { only: ['delete'] });
    expect(await snapshots.remove(snapshots.list[0].id)).toEqual({ ok: true });
    expect(snapshots.list).toEqual([]);
    expect(snapshots.notice).toMatchObject({ tone: 'info', key: 'files.snapshots.deletedLeftover', params: { name: 'first' } });
  });

  it('captures the files before the first recording and puts them back before every later one', async () => {
    const { snapshots, fs } = await setup();
    expect(snapshots.runStart).toBeNull();
    await snapshots.beforeRecord();
    expect(snapshots.runStart).toMatchObject({ snapshotId: null, scenarioId: 's1' });
    const start = await snapshot(fs);
    // What a run does to the files…
    await fs.writeFile('/workspace/README.md', 'edited by the run');
    await fs.writeFile('/workspace/new.txt', 'created by the run');
    // …is undone before the next recording (restart, replay, compare's second run).
    await snapshots.beforeRecord();
    expect(await snapshot(fs)).toEqual(start);
    // Already as the run started: nothing is written (no store transaction, no churn in the panel).
    let changes = 0;
    fs.onChange(() => changes++);
    await snapshots.beforeRecord();
    expect(changes).toBe(0);
  });

  it('keeps each scenario’s own start, and a kept snapshot attached to the scenario wins', async () => {
    const { snapshots, fs, scenario } = await setup();
    await snapshots.beforeRecord();
    await fs.writeFile('/workspace/README.md', 'for the other scenario');
    scenario.current = { id: 's2', name: '', exampleId: 'steering' };
    await snapshots.beforeRecord();
    expect(await fs.readText('/workspace/README.md')).toBe('for the other scenario');

    await snapshots.take('prepared files', { forScenario: true });
    expect(snapshots.startFor('s2')).toMatchObject({ name: 'prepared files', scenarioExampleId: 'steering' });
    await fs.writeFile('/workspace/README.md', 'something else');
    await snapshots.beforeRecord();
    expect(await fs.readText('/workspace/README.md')).toBe('for the other scenario');
    expect(snapshots.runStart).toMatchObject({ name: 'prepared files' });

    // Keeping another snapshot with the scenario releases the first one.
    await fs.writeFile('/workspace/README.md', 'newer start');
    await snapshots.take('newer', { forScenario: true });
    expect(snapshots.list.filter((s) => s.scenarioId === 's2').map((s) => s.name)).toEqual(['newer']);
  });

  it('keeps the captured start with the scenario, and can start again from the files as they are now', async () => {
    const { snapshots, fs } = await setup();
    await snapshots.beforeRecord();
    await fs.writeFile('/workspace/README.md', 'after a run');
    await snapshots.keepRunStart('start of s1');
    expect(snapshots.startFor('s1')?.name).toBe('start of s1');
    expect(snapshots.runStart).toMatchObject({ name: 'start of s1' });

    await snapshots.attach(snapshots.startFor('s1')!.id, false);
    expect(snapshots.startFor('s1')).toBeUndefined();
    await snapshots.useCurrentFiles();
    await fs.writeFile('/workspace/README.md', 'a later run');
    await snapshots.beforeRecord();
    expect(await fs.readText('/workspace/README.md')).toBe('after a run');
  });
});

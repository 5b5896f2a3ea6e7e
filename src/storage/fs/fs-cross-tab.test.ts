// Two tabs over one stored filesystem, in real Chromium: two IdbFileSystem instances over the same database stand
// for two tabs (BroadcastChannel delivers between two channels of one page). Changes in one reach the other; a
// write planned against an older revision than the store holds is refused (or, for runs, overwritten and reported).
import { clear, createStore, get } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { snapshot, restore } from '../../vfs/index.ts';
import { decodeUtf8 } from '../../vfs/index.ts';
import { isFsConflict, openIdbFileSystem, type ConflictPolicy, type FsConflict } from './index.ts';

const DB = 'pi-playground-fs-cross-tab-test';
const store = createStore(DB, 'files');
beforeEach(() => clear(store));

const tab = (channel = true, policy: ConflictPolicy = 'refuse') =>
  openIdbFileSystem({ dbName: DB, channelName: channel ? undefined : false, conflictPolicy: () => policy });

describe('changes in one tab reach the other over the channel', () => {
  it('a file the other tab deleted disappears, one it wrote appears with its content', async () => {
    const b = await tab();
    await b.writeFile('notes.txt', 'first');
    const a = await tab();
    expect(await a.readText('notes.txt')).toBe('first');
    const seen: string[][] = [];
    a.onChange((e) => seen.push(e.paths));
    await b.writeFile('notes.txt', 'second');
    await expect.poll(() => a.readText('notes.txt')).toBe('second');
    await b.mkdir('sub');
    await b.writeFile('sub/new.txt', 'made in b');
    await expect.poll(() => a.readText('sub/new.txt').catch(() => null)).toBe('made in b');
    await b.remove('notes.txt');
    await expect.poll(() => a.exists('notes.txt')).toBe(false);
    expect(seen.flat()).toContain('/workspace/notes.txt');
    // A's next write builds on what it adopted: no conflict.
    await a.writeFile('sub/new.txt', 'a builds on b');
    expect(await (await tab(false)).readText('sub/new.txt')).toBe('a builds on b');
    a.close(); b.close();
  });

  it('a snapshot restored in one tab replaces the other tab’s tree', async () => {
    const b = await tab();
    await b.writeFile('keep.txt', 'v1');
    const saved = await snapshot(b);
    await b.writeFile('later.txt', 'goes');
    await b.writeFile('keep.txt', 'v2');
    const a = await tab();
    expect(await a.readText('keep.txt')).toBe('v2');
    await restore(b, saved);
    await expect.poll(() => a.exists('later.txt')).toBe(false);
    expect(await a.readText('keep.txt')).toBe('v1');
    a.close(); b.close();
  });
});

describe('a stale write is caught without the channel', () => {
  it('refuses a write based on an older revision, names the file, stores nothing, and lands once adopted', async () => {
    const a = await tab(false);
    await a.writeFile('shared.txt', 'base');
    const b = await tab(false);
    await b.writeFile('shared.txt', 'theirs');
    const error = await a.writeFile('shared.txt', 'mine').then(() => null, (e: unknown) => e);
    expect(isFsConflict(error)).toBe(true);
    const conflicts = (error as { conflicts: FsConflict[] }).conflicts;
    expect(conflicts.map((c) => c.path)).toEqual(['/workspace/shared.txt']);
    expect(decodeUtf8(conflicts[0].theirs!)).toBe('theirs');
    expect(await a.readText('shared.txt')).toBe('base'); // memory unchanged too
    expect(await (await tab(false)).readText('shared.txt')).toBe('theirs');
    await a.sync(['/workspace/shared.txt']);
    expect(await a.readText('shared.txt')).toBe('theirs');
    await a.writeFile('shared.txt', 'mine');
    expect(await (await tab(false)).readText('shared.txt')).toBe('mine');
  });

  it('refuses deleting or renaming a file the other tab changed, and creating one it created', async () => {
    const a = await tab(false);
    await a.writeFile('x.txt', 'base');
    const b = await tab(false);
    await b.writeFile('x.txt', 'changed');
    await b.writeFile('y.txt', 'b made it');
    await expect(a.remove('x.txt')).rejects.toSatisfy(isFsConflict);
    await expect(a.rename('x.txt', 'z.txt')).rejects.toSatisfy(isFsConflict);
    await expect(a.writeFile('y.txt', 'a made it too')).rejects.toSatisfy(isFsConflict);
    // Different files in one folder are no conflict (the folder's own record is not compared).
    await a.writeFile('other.txt', 'fine');
    expect(await get('/workspace/x.txt', store)).toMatchObject({ kind: 'file' });
  });

  it('under the overwrite policy (runs) the write lands and the overwritten version is reported', async () => {
    const reported: FsConflict[][] = [];
    const a = await tab(false, 'overwrite');
    a.onConflict((c) => reported.push(c));
    await a.writeFile('run.txt', 'base');
    const b = await tab(false);
    await b.writeFile('run.txt', 'theirs');
    await a.writeFile('run.txt', 'run wrote');
    expect(await (await tab(false)).readText('run.txt')).toBe('run wrote');
    expect(reported).toHaveLength(1);
    expect(reported[0][0].path).toBe('/workspace/run.txt');
    expect(decodeUtf8(reported[0][0].theirs!)).toBe('theirs');
  });
});

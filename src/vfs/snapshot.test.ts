// Snapshots survive JSON and bring a filesystem back to exactly the saved files, bytes and times.
import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem, restore, snapshot } from './index.ts';

describe('snapshots', () => {
  it('round-trips through JSON and restores files, folders and bytes after changes', async () => {
    const fs = createMemoryFileSystem({ 'a.txt': '\uFEFFa\r\n', 'bin.dat': new Uint8Array([0, 255, 1]), 'empty/': '' }, { now: () => 42 });
    const saved = JSON.parse(JSON.stringify(await snapshot(fs)));
    await fs.writeFile('a.txt', 'changed');
    await fs.writeFile('extra.txt', 'extra');
    await fs.remove('empty');
    await restore(fs, saved);
    expect(await fs.readdir('.')).toEqual(['a.txt', 'bin.dat', 'empty']);
    expect(await fs.readText('a.txt')).toBe('\uFEFFa\r\n');
    expect([...(await fs.readFile('bin.dat'))]).toEqual([0, 255, 1]);
    expect((await fs.stat('a.txt')).mtimeMs).toBe(42);
    expect(await snapshot(fs)).toEqual(saved);
  });

  it('restores a snapshot into a different filesystem instance, so every replay starts alike', async () => {
    const source = createMemoryFileSystem({ 'src/app.ts': 'export {}\n' });
    const saved = await snapshot(source);
    const target = createMemoryFileSystem({ 'other.txt': 'x' });
    await restore(target, saved);
    expect(await target.readdir('/workspace')).toEqual(['src']);
    expect(await target.readText('src/app.ts')).toBe('export {}\n');
  });
});

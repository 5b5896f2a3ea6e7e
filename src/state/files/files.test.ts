// The files state in Chromium: the tree follows the filesystem, edits keep BOM and line endings byte for byte,
// uploads and the zip carry the exact bytes, reset and undo, bad names and oversized files are refused with
// clear messages, and a full or damaged IndexedDB loses nothing.
import { set } from 'idb-keyval';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { STARTER_FILES } from '../../content/examples/index.ts';
import { snapshot } from '../../vfs/index.ts';
import { openWorkspaceFileSystem } from '../../storage/workspace-fs.ts';
import { CATALOG } from '../../ui/i18n/catalog.ts';
import { loadLocale } from '../../ui/i18n/i18n.svelte.ts';
import { bytesOf, freshFsStore, idbFilesService, memoryFilesService, quotaFailingStore, startedFiles } from '../testing/files-fixtures.ts';

// The Chinese table is a chunk of its own (catalog.ts); these tests read it.
beforeAll(() => loadLocale('zh-CN'));

const BOM = [0xef, 0xbb, 0xbf];
const names = (files: Awaited<ReturnType<typeof startedFiles>>) => files.tree.rows.map((r) => r.path);

describe('files state: the tree', () => {
  it('lists every entry with sizes, folders first, and follows changes whoever makes them', async () => {
    const files = await startedFiles();
    files.tree.toggle('/workspace/notes', true);
    expect(names(files)).toEqual([
      '/workspace', '/workspace/notes', '/workspace/notes/cities.md', '/workspace/notes/todo.md', '/workspace/src', '/workspace/README.md',
    ]);
    expect(files.tree.model.entries.get('/workspace/README.md')?.size).toBe(bytesOf(STARTER_FILES['README.md']).length);
    const { fs } = await files.loaded();
    await fs.writeFile('/workspace/notes/new.md', 'hello');
    await files.settled();
    expect(names(files)).toContain('/workspace/notes/new.md');
    await fs.remove('/workspace/notes', { recursive: true });
    await files.settled();
    expect(names(files).some((p) => p.startsWith('/workspace/notes'))).toBe(false);
  });
});

describe('files state: editing keeps the bytes that were not edited', () => {
  it('keeps a BOM and CRLF line endings when a word is changed', async () => {
    const files = await startedFiles(memoryFilesService({ 'win.txt': new Uint8Array([...BOM, ...bytesOf('one\r\ntwo\r\n')]) }));
    files.select('/workspace/win.txt');
    await expect.poll(() => files.document.status).toBe('ready');
    const content = files.document.content;
    expect(content).toMatchObject({ kind: 'text', bom: true, eol: 'crlf', separator: '\r\n', text: 'one\r\ntwo\r\n' });
    files.document.edit(files.document.text.replace('two', 'three'));
    expect(files.document.dirty).toBe(true);
    expect(await files.document.save()).toEqual({ ok: true });
    const { fs } = await files.loaded();
    expect([...(await fs.readFile('/workspace/win.txt'))]).toEqual([...BOM, ...bytesOf('one\r\nthree\r\n')]);
    expect(files.document.dirty).toBe(false);
  });

  it('leaves a stray LF inside a CRLF file alone when another line is edited', async () => {
    const files = await startedFiles(memoryFilesService({ 'mixed.txt': 'a\r\nb\nc\r\nd\r\n' }));
    files.select('/workspace/mixed.txt');
    await expect.poll(() => files.document.status).toBe('ready');
    expect(files.document.content).toMatchObject({ kind: 'text', eol: 'mixed', separator: '\r\n', bom: false });
    files.document.edit(files.document.text.replace('d', 'D'));
    await files.document.save();
    const { fs } = await files.loaded();
    expect(await fs.readText('/workspace/mixed.txt')).toBe('a\r\nb\nc\r\nD\r\n');
  });

  it('shows invalid UTF-8 and NUL-bearing files as binary, and images as images, without offering to edit them', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    const files = await startedFiles(memoryFilesService({ 'bad.txt': new Uint8Array([0x61, 0xff, 0x62]), 'nul.bin': new Uint8Array([1, 0, 2]), 'dot.png': png }));
    for (const [path, expected] of [['bad.txt', { kind: 'binary', reason: 'invalid-utf8' }], ['nul.bin', { kind: 'binary', reason: 'nul' }], ['dot.png', { kind: 'image', mime: 'image/png' }]] as const) {
      files.select(`/workspace/${path}`);
      await expect.poll(() => files.document.path === `/workspace/${path}` && files.document.status).toBe('ready');
      expect(files.document.content).toEqual(expected);
      files.document.edit('changed');
      expect(files.document.dirty).toBe(false);
    }
  });

  it('does not overwrite an unsaved edit when a run writes the same file, and says so', async () => {
    const files = await startedFiles();
    files.select('/workspace/README.md');
    await expect.poll(() => files.document.status).toBe('ready');
    files.document.edit('my edit');
    const { fs } = await files.loaded();
    await fs.writeFile('/workspace/README.md', 'written by a run');
    await files.settled();
    expect(files.document.changedOnDisk).toBe(true);
    expect(files.document.text).toBe('my edit');
    // A write elsewhere in the same folder does not count as a change of this file.
    files.document.revert();
    await expect.poll(() => files.document.text).toBe('written by a run');
    files.document.edit('second edit');
    await fs.writeFile('/workspace/other.md', 'x');
    await files.settled();
    expect(files.document.changedOnDisk).toBe(false);
  });
});

describe('files state: upload, download, seed, reset and undo', () => {
  it('uploads files (folders included) with their exact bytes, and zips the tree with the same bytes', async () => {
    const files = await startedFiles();
    const binary = new Uint8Array([0, 1, 2, 255, 13, 10]);
    const result = await files.upload('/workspace', [
      { relativePath: 'data/blob.bin', size: binary.length, read: async () => binary },
      { relativePath: 'hello.txt', size: 5, read: async () => bytesOf('hello') },
    ]);
    expect(result).toEqual({ ok: true });
    expect(files.notice).toMatchObject({ tone: 'success', key: 'files.done.uploaded', params: { count: 2 } });
    const { fs } = await files.loaded();
    expect([...(await fs.readFile('/workspace/data/blob.bin'))]).toEqual([...binary]);
    const zip = unzipSync((await files.zip()).bytes);
    expect([...zip['workspace/data/blob.bin']]).toEqual([...binary]);
    expect(new TextDecoder().decode(zip['workspace/notes/todo.md'])).toBe(STARTER_FILES['notes/todo.md']);
    expect(Object.keys(zip).filter((k) => !k.endsWith('/')).sort()).toEqual([
      'workspace/README.md', 'workspace/data/blob.bin', 'workspace/hello.txt', 'workspace/notes/cities.md', 'workspace/notes/todo.md', 'workspace/src/forecast.ts',
    ]);
  });

  it('resets to the example project after confirmation, and undo brings back every file exactly', async () => {
    const files = await startedFiles(memoryFilesService({ ...STARTER_FILES, 'mine.txt': 'keep me', 'notes/todo.md': 'changed' }));
    const { fs } = await files.loaded();
    const before = await snapshot(fs);
    await files.reset();
    expect(files.notice).toMatchObject({ key: 'files.done.reset', undoable: true });
    expect(await fs.exists('/workspace/mine.txt')).toBe(false);
    expect(await fs.readText('/workspace/notes/todo.md')).toBe(STARTER_FILES['notes/todo.md']);
    expect(files.tree.examplesPresent).toBe(true);
    await files.undo();
    expect(await snapshot(fs)).toEqual(before);
    expect(files.canUndo).toBe(false);
  });

  it('seeds only what is missing or changed, and seeding twice changes nothing', async () => {
    const files = await startedFiles(memoryFilesService({ 'README.md': 'my readme', 'other.txt': 'mine' }));
    expect(files.tree.examplesPresent).toBe(false);
    await files.seedExamples();
    expect(files.notice).toMatchObject({ key: 'files.done.seeded', params: { count: 4 } });
    const { fs } = await files.loaded();
    expect(await fs.readText('/workspace/other.txt')).toBe('mine');
    expect(files.tree.examplesPresent).toBe(true);
    let changes = 0;
    fs.onChange(() => changes++);
    await files.seedExamples();
    expect(files.notice).toMatchObject({ key: 'files.done.alreadySeeded' });
    expect(changes).toBe(0);
  });

  it('offers undo for a delete, and withdraws it once something else changed the files', async () => {
    const files = await startedFiles();
    await files.remove('/workspace/notes');
    expect(files.canUndo).toBe(true);
    const { fs } = await files.loaded();
    await fs.writeFile('/workspace/run.txt', 'a run wrote this');
    await files.settled();
    expect(files.canUndo).toBe(false);
  });
});

describe('files state: bad input is refused with a clear message and nothing is lost', () => {
  it('refuses empty names, NUL, paths above the root, a trailing slash and existing names', async () => {
    const files = await startedFiles();
    const { fs } = await files.loaded();
    const before = await snapshot(fs);
    const refusals = [
      await files.createFile('/workspace', '   '),
      await files.createFile('/workspace', 'a\0b'),
      await files.createFile('/workspace', '../../../etc/passwd'),
      await files.createFile('/workspace', 'notes/'),
      await files.createFile('/workspace', 'README.md'),
      await files.createFolder('/workspace', 'notes'),
      await files.rename('/workspace/README.md', 'a/b'),
    ];
    expect(refusals.map((r) => (r.ok ? 'ok' : r.notice.key))).toEqual([
      'files.name.empty', 'files.name.nul', 'files.name.above-root', 'files.name.trailing-slash', 'files.error.exists', 'files.error.exists', 'files.name.slash',
    ]);
    const nul = refusals[1];
    expect(!nul.ok && nul.notice.detail).toBe("The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received 'a\\x00b'");
    expect(await snapshot(fs)).toEqual(before);
  });

  it('refuses a file larger than the store takes, before reading it, and keeps the rest of an upload', async () => {
    const files = await startedFiles(memoryFilesService({}, { maxFileBytes: 1000 }));
    let read = false;
    const result = await files.upload('/workspace', [
      { relativePath: 'small.txt', size: 3, read: async () => bytesOf('abc') },
      { relativePath: 'huge.bin', size: 5000, read: async () => { read = true; return new Uint8Array(5000); } },
    ]);
    expect(result.ok).toBe(false);
    expect(read).toBe(false);
    expect(files.notice).toMatchObject({ key: 'files.error.uploadPartly', params: { written: 1, failed: 1, name: 'huge.bin' } });
    expect(files.notice?.cause).toMatchObject({ key: 'files.error.tooLarge', detail: 'EFBIG: file too large, write' });
    const { fs } = await files.loaded();
    expect(await fs.readText('/workspace/small.txt')).toBe('abc');
    expect(await fs.exists('/workspace/huge.bin')).toBe(false);
  });

  it('keeps the stored file and the unsaved edit when IndexedDB is full', async () => {
    const store = quotaFailingStore(freshFsStore());
    const files = await startedFiles(idbFilesService(store));
    files.select('/workspace/README.md');
    await expect.poll(() => files.document.status).toBe('ready');
    files.document.edit('an edit that does not fit');
    store.fail(true);
    const saved = await files.document.save();
    expect(saved.ok).toBe(false);
    expect(!saved.ok && saved.notice).toMatchObject({ key: 'files.error.full', detail: 'ENOSPC: no space left on device, write' });
    expect(files.document.dirty).toBe(true);
    expect(files.document.text).toBe('an edit that does not fit');
    const created = await files.createFile('/workspace', 'new.txt', 'x');
    expect(!created.ok && created.notice.key).toBe('files.error.full');
    store.fail(false);
    const reopened = await openWorkspaceFileSystem({ store });
    expect(await reopened.fileSystem.readText('/workspace/README.md')).toBe(STARTER_FILES['README.md']);
    expect(await reopened.fileSystem.exists('/workspace/new.txt')).toBe(false);
  });

  it('lists a damaged record, explains it when opened, and keeps it through other writes', async () => {
    const store = freshFsStore();
    await openWorkspaceFileSystem({ store });
    await set('/workspace/broken.md', { v: 1, kind: 'file', data: 'not bytes', mtimeMs: 5 }, store);
    const files = await startedFiles(idbFilesService(store));
    expect(files.corrupt.has('/workspace/broken.md')).toBe(true);
    expect(names(files)).toContain('/workspace/broken.md');
    files.select('/workspace/broken.md');
    await expect.poll(() => files.document.status).toBe('error');
    expect(files.document.error).toMatchObject({ key: 'files.error.io', detail: "EIO: i/o error, open '/workspace/broken.md'" });
    await files.createFile('/workspace', 'next.txt', 'fine');
    const reopened = await openWorkspaceFileSystem({ store });
    expect(reopened.corrupt).toEqual(['/workspace/broken.md']);
  });

  it('has a message in both languages for every key the files state can report', () => {
    const sources = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });
    const keys = new Set<string>();
    for (const text of Object.values(sources)) for (const m of text.matchAll(/'(files\.[\w.-]+)'/g)) keys.add(m[1]);
    for (const problem of ['empty', 'nul', 'above-root', 'root', 'trailing-slash', 'slash']) keys.add(`files.name.${problem}`);
    const missing = [...keys].filter((k) => !(k in CATALOG.en) || !(k in CATALOG['zh-CN']));
    expect(missing).toEqual([]);
  });
});

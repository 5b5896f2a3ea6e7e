// The IndexedDB filesystem in real Chromium: the tools answer over it exactly as over the memory
// filesystem (which the Node differential tests hold equal to pi), changes survive reopening, and bad
// input or a failing store loses nothing.
import { clear, createStore, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateToolArguments } from '../../ai/validation/index.ts';
import { createCodingToolMap } from '../../coding-tools/index.ts';
import { createMemoryFileSystem, snapshot, type FileSystem } from '../../vfs/index.ts';
import { liveCases, type ParityCase } from '../../coding-tools/testing/live-cases.ts';
import { mapStrings, runToolCall, type CallOutcome, type Validate } from '../../coding-tools/testing/run-call.ts';
import findGrep from '../../../tests/fixtures/coding-tools/find-grep-cases.json';
import { VirtualClock } from '../../engine/index.ts';
import { openIdbFileSystem } from './index.ts';
import { encodeRecord } from './record-codec.ts';

const validate = validateToolArguments as unknown as Validate;
const store = createStore('pi-playground-fs-test', 'files');
const HOME = '/home/user';

beforeEach(() => clear(store));

const virtualPath = (key: string) => (key.startsWith('/') ? key : `/workspace/${key}`);

/** Everything a case starts with, as absolute path -> content, directories with a trailing slash. */
function initialFiles(files: Record<string, string | Uint8Array>, dirs: string[] = []): Record<string, string | Uint8Array> {
  const out: Record<string, string | Uint8Array> = { [`${HOME}/`]: '' };
  for (const d of dirs) out[`${virtualPath(d)}/`] = '';
  for (const [k, v] of Object.entries(files)) out[virtualPath(k)] = v;
  return out;
}

/** Seeds the store in one go, as a previous session would have left it. */
async function seed(target: UseStore, files: Record<string, string | Uint8Array>): Promise<void> {
  const mem = createMemoryFileSystem(files, { now: () => 1 });
  await setMany(mem.tree.entries().map(([path, record]) => [path, encodeRecord(record as never)]), target);
}

async function runCalls(fs: FileSystem, c: Pick<ParityCase, 'calls' | 'parallel'>): Promise<CallOutcome[]> {
  const tools = createCodingToolMap(fs, { home: HOME });
  const call = (spec: ParityCase['calls'][number]) => runToolCall(tools[spec.tool], mapStrings(spec.args, '$ROOT', ''), validate);
  if (c.parallel) return Promise.all(c.calls.map(call));
  const out: CallOutcome[] = [];
  for (const spec of c.calls) out.push(await call(spec));
  return out;
}

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v ?? null));

async function compareBackends(files: Record<string, string | Uint8Array>, c: Pick<ParityCase, 'calls' | 'parallel'>) {
  const memory = createMemoryFileSystem(files, { now: () => 1 });
  const expected = await runCalls(memory, c);
  await seed(store, files);
  const idb = await openIdbFileSystem({ store, now: () => 1 });
  const actual = await runCalls(idb, c);
  expect(plain(actual)).toEqual(plain(expected));
  // What is stored is what the memory filesystem holds, even after reopening.
  const reopened = await openIdbFileSystem({ store, now: () => 1 });
  expect(await snapshot(reopened)).toEqual(await snapshot(memory));
}

describe('tools over IndexedDB answer as over memory', () => {
  for (const c of liveCases) {
    it(c.name, () => compareBackends(initialFiles(c.files ?? {}, c.dirs), c));
  }
  for (const c of findGrep.cases) {
    it(c.name, () => {
      const tree = (findGrep.trees as Record<string, Record<string, string>>)[c.tree];
      const files = Object.fromEntries(Object.entries(tree).map(([k, v]) => [
        k, v.startsWith('base64:') ? Uint8Array.from(atob(v.slice(7)), (ch) => ch.charCodeAt(0)) : v,
      ]));
      return compareBackends(initialFiles(files), { calls: [{ tool: c.tool as never, args: c.args }] });
    });
  }
});

describe('bad input and a failing store lose nothing', () => {
  const stored = () => entries(store).then((e) => e.map(([k, v]) => [k, JSON.stringify(v, (_key, x) => (x instanceof Uint8Array ? [...x] : x))]).sort());

  it('turns a quota error into ENOSPC and keeps memory and store unchanged', async () => {
    await seed(store, initialFiles({ 'keep.txt': 'kept' }));
    let failWrites = false;
    const flaky: UseStore = (mode, callback) => store(mode, (os) => {
      if (mode === 'readwrite' && failWrites) {
        os.put('partial', '/workspace/partial.txt');
        os.transaction.abort();
        return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      }
      return callback(os);
    });
    const fs = await openIdbFileSystem({ store: flaky });
    const before = await stored();
    failWrites = true;
    const tools = createCodingToolMap(fs);
    const result = await runToolCall(tools.write, { path: 'big/new.txt', content: 'x'.repeat(1000) }, validate);
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: "ENOSPC: no space left on device, mkdir '/workspace/big'" }] });
    expect(await fs.exists('big')).toBe(false);
    expect(await fs.readText('keep.txt')).toBe('kept');
    expect(await stored()).toEqual(before);
    failWrites = false;
    await fs.writeFile('after.txt', 'works again');
    expect(await (await openIdbFileSystem({ store })).readText('after.txt')).toBe('works again');
  });

  it('refuses a file larger than the store takes with EFBIG', async () => {
    const fs = await openIdbFileSystem({ store, maxFileBytes: 1024 });
    const before = await stored();
    const tools = createCodingToolMap(fs);
    const result = await runToolCall(tools.write, { path: 'huge.bin', content: 'x'.repeat(2048) }, validate);
    expect(result.content).toEqual([{ type: 'text', text: 'EFBIG: file too large, write' }]);
    expect(await stored()).toEqual(before);
  });

  it('keeps a corrupt record, reports it, fails only its reads with EIO, and lets a write replace it', async () => {
    await seed(store, initialFiles({ 'good.txt': 'good' }));
    await set('/workspace/bad.txt', { v: 1, kind: 'file', data: 'not bytes' }, store);
    await set('not-a-path', 'someone else\'s key', store);
    const fs = await openIdbFileSystem({ store });
    expect(fs.report.corrupt).toEqual(['/workspace/bad.txt']);
    expect(fs.report.foreignKeys).toBe(1);
    const tools = createCodingToolMap(fs);
    expect((await runToolCall(tools.read, { path: 'bad.txt' }, validate)).content).toEqual([
      { type: 'text', text: "EIO: i/o error, open '/workspace/bad.txt'" },
    ]);
    expect((await runToolCall(tools.ls, {}, validate)).content).toEqual([{ type: 'text', text: 'bad.txt\ngood.txt' }]);
    await fs.writeFile('other.txt', 'other');
    expect(await get('/workspace/bad.txt', store)).toEqual({ v: 1, kind: 'file', data: 'not bytes' });
    expect(await get('not-a-path', store)).toBe("someone else's key");
    expect((await runToolCall(tools.write, { path: 'bad.txt', content: 'fixed' }, validate)).isError).toBe(false);
    expect(await (await openIdbFileSystem({ store })).readText('bad.txt')).toBe('fixed');
  });

  it('rejects names with NUL in pi\'s words and stores nothing', async () => {
    const fs = await openIdbFileSystem({ store });
    const before = await stored();
    const tools = createCodingToolMap(fs);
    const result = await runToolCall(tools.write, { path: 'a\u0000b.txt', content: 'x' }, validate);
    expect(result.content).toEqual([{ type: 'text', text: "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received '/workspace/a\\x00b.txt'" }]);
    await expect(fs.mkdir('dir\u0000x')).rejects.toThrow(/without null bytes/);
    await expect(fs.writeFile('', 'x')).rejects.toThrow("ENOENT: no such file or directory, open ''");
    expect(await stored()).toEqual(before);
  });

  it('keeps `..` beyond the root inside the virtual disk, as Linux does', async () => {
    const fs = await openIdbFileSystem({ store });
    const tools = createCodingToolMap(fs);
    const result = await runToolCall(tools.write, { path: '../../../../escape.txt', content: 'x' }, validate);
    expect(result.content).toEqual([{ type: 'text', text: 'Successfully wrote to ../../../../escape.txt' }]);
    const keys = (await entries(store)).map(([k]) => k as string);
    expect(keys).toContain('/escape.txt');
    expect(keys.every((k) => !k.split('/').includes('..'))).toBe(true);
  });
});

describe('replays on a virtual clock', () => {
  it('holds virtual time while IndexedDB works, so a timer set meanwhile fires after the write', async () => {
    const clock = new VirtualClock();
    const fs = await openIdbFileSystem({ store, clock });
    const order: string[] = [];
    const timer = clock.sleep(5).then(() => order.push(`timer at ${clock.now()}`));
    const write = fs.writeFile('held.txt', 'x'.repeat(100_000)).then(() => order.push('write'));
    await Promise.all([timer, write]);
    expect(order).toEqual(['write', 'timer at 5']);
  });
});

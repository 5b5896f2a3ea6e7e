// The capability user-written tools receive: text files relative to the workspace, plain-data answers,
// Node's error texts, and one trace_fs event per call for the timeline.
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../engine/index.ts';
import { createCodingToolMap } from '../coding-tools/index.ts';
import { createFsCapability, createMemoryFileSystem } from './index.ts';

describe('filesystem capability for user code', () => {
  it('reads, writes (creating folders), lists, stats and removes, tracing each call', async () => {
    const fs = createMemoryFileSystem({ 'notes/a.txt': 'alpha' }, { now: () => 5 });
    const events: TraceEvent[] = [];
    let t = 100;
    const cap = createFsCapability(fs, { trace: (e) => events.push(e), clock: { now: () => t++ }, toolCallId: 'call-7' });
    expect(await cap.readFile('notes/a.txt')).toBe('alpha');
    await cap.writeFile('out/deep/b.txt', 'héllo');
    expect(await cap.list('out/deep')).toEqual([{ name: 'b.txt', kind: 'file', size: 6 }]);
    expect(await cap.stat('out')).toEqual({ kind: 'directory', size: 0, mtimeMs: 5 });
    await cap.remove('out');
    expect(await fs.exists('out')).toBe(false);
    expect(events).toEqual([
      { type: 'trace_fs', t: 100, toolCallId: 'call-7', op: 'read', path: '/workspace/notes/a.txt', bytes: 5 },
      { type: 'trace_fs', t: 101, toolCallId: 'call-7', op: 'mkdir', path: '/workspace/out/deep' },
      { type: 'trace_fs', t: 102, toolCallId: 'call-7', op: 'write', path: '/workspace/out/deep/b.txt', bytes: 6 },
      { type: 'trace_fs', t: 103, toolCallId: 'call-7', op: 'list', path: '/workspace/out/deep' },
      { type: 'trace_fs', t: 104, toolCallId: 'call-7', op: 'stat', path: '/workspace/out' },
      { type: 'trace_fs', t: 105, toolCallId: 'call-7', op: 'remove', path: '/workspace/out' },
    ]);
  });

  it("rejects with Node's message and emits nothing when a call fails", async () => {
    const events: TraceEvent[] = [];
    const cap = createFsCapability(createMemoryFileSystem(), { trace: (e) => events.push(e) });
    await expect(cap.readFile('nope.txt')).rejects.toThrow("ENOENT: no such file or directory, open '/workspace/nope.txt'");
    await expect(cap.readFile(42 as never)).rejects.toThrow(/ENOENT/);
    expect(events).toEqual([]);
  });
});

describe('built-in tools report their filesystem work', () => {
  it('read, write and edit emit read and write events tagged with the tool call id', async () => {
    const events: TraceEvent[] = [];
    const fs = createMemoryFileSystem({ 'a.txt': 'one\n' });
    const tools = createCodingToolMap(fs, { trace: (e) => events.push(e), clock: { now: () => 0 } });
    await tools.read.execute('r1', { path: 'a.txt' });
    await tools.write.execute('w1', { path: 'new/b.txt', content: 'two' });
    await tools.edit.execute('e1', { path: 'a.txt', edits: [{ oldText: 'one', newText: 'uno' }] });
    await tools.ls.execute('l1', {});
    expect(events.map((e) => e.type === 'trace_fs' && `${e.toolCallId} ${e.op} ${e.path} ${e.bytes ?? ''}`)).toEqual([
      'r1 read /workspace/a.txt 4',
      'w1 mkdir /workspace/new ',
      'w1 write /workspace/new/b.txt 3',
      'e1 read /workspace/a.txt 4',
      'e1 write /workspace/a.txt 4',
      'l1 list /workspace ',
    ]);
  });
});

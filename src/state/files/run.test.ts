// The files side of runs, in Chromium: pi's coding tools in a recorded run (over the workspace files, traced on
// the run's clock), the same files before every recording so replays are identical, the built-in tools'
// declarations for the views that show what the model sees, and the sandbox's fs traced per tool call.
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import { encodePng } from '../../coding-tools/images/index.ts';
import { createStarterWorkspace, STARTER_FILES } from '../../content/examples/index.ts';
import type { Recording } from '../../recording/index.ts';
import type { TraceEvent } from '../../engine/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { CODING_TOOLS_KEY } from '../../storage/keys.ts';
import { CodingToolsState } from './coding-tools.svelte.ts';
import { createSnapshotRepository } from '../../storage/snapshots.ts';
import { FilesSnapshotsState } from './snapshots.svelte.ts';
import { createFilesService, type FilesService } from './service.ts';
import { manualFrames } from '../run/frames.ts';
import { RunState } from '../run/run.svelte.ts';
import { memoryFilesService, startedFiles } from '../testing/files-fixtures.ts';
import { createTestRunEnvironment } from '../testing/run-environment.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

const EDIT_SCENARIO = {
  prompt: 'The README says "tiny"; make it "small".',
  timing: { tokenSize: 4, tokensPerSecond: 200 },
  turns: [
    { content: [{ type: 'toolCall', id: 'read-1', name: 'read', arguments: { path: 'README.md' } }] },
    { content: [{ type: 'toolCall', id: 'edit-1', name: 'edit', arguments: { path: 'README.md', edits: [{ oldText: 'A tiny example', newText: 'A small example' }] } }] },
    { content: 'Done: README.md now says "small".' },
  ],
};

async function setup(options: { enabled?: boolean; userTools?: string[]; service?: FilesService } = {}) {
  const service = options.service ?? memoryFilesService();
  const files = await startedFiles(service);
  const workspace = new WorkspaceState();
  workspace.load({ ...createStarterWorkspace() });
  if (options.enabled !== false) workspace.setExtension(CODING_TOOLS_KEY, { enabled: true, tools: ['read', 'write', 'edit', 'ls', 'find', 'grep'] }, { key: 'files.codingTools.undo.on' });
  const coding = new CodingToolsState(workspace, files, service, () => options.userTools ?? []);
  await coding.start();
  const snapshots = new FilesSnapshotsState(files, createSnapshotRepository(createMemoryStore()), () => ({ id: 'edit', name: 'Edit a file' }));
  const env = createTestRunEnvironment(EDIT_SCENARIO);
  const run = new RunState(coding.runEnvironment(env.environment), manualFrames());
  run.traceSources.push(coding.traceSource);
  run.beforeRecord.push(() => snapshots.beforeRecord());
  const { fs } = await files.loaded();
  return { files, workspace, coding, snapshots, run, fs, service };
}

const fsEvents = (recording: Recording) => recording.events.flatMap((e) => (e.source === 'trace' && e.event.type === 'trace_fs' ? [e.event] : []));
const toolResults = (recording: Recording) => recording.events.flatMap((e) =>
  (e.source === 'pi' && e.event.type === 'tool_execution_end' ? [{ id: e.event.toolCallId, isError: e.event.isError, text: (e.event.result as { content: { text?: string }[] }).content.map((c) => c.text).join('') }] : []));

describe('pi’s coding tools in a recorded run', () => {
  it('read and edit the workspace files, and each read and write is a trace_fs event of its call on the run clock', async () => {
    const { run, fs } = await setup();
    expect(await run.record()).toBe(true);
    const recording = run.recordings[0];
    expect(toolResults(recording)).toEqual([
      { id: 'read-1', isError: false, text: STARTER_FILES['README.md'] },
      { id: 'edit-1', isError: false, text: 'Successfully replaced 1 block(s) in README.md.' },
    ]);
    expect(await fs.readText('/workspace/README.md')).toContain('A small example project');
    const events = fsEvents(recording);
    expect(events.map((e) => [e.op, e.path, e.toolCallId])).toEqual([
      ['read', '/workspace/README.md', 'read-1'],
      ['read', '/workspace/README.md', 'edit-1'],
      ['write', '/workspace/README.md', 'edit-1'],
    ]);
    // Times are the run's virtual clock: each access lies inside its call's execute phase.
    for (const event of events) {
      const execute = recording.events.find((e) => e.source === 'trace' && e.event.type === 'trace_phase_start' && e.event.phase === 'execute' && e.event.toolCallId === event.toolCallId);
      expect(event.t).toBeGreaterThanOrEqual(execute!.t);
    }
  });

  it('start every recording from the same files, so a restart records exactly the same run', async () => {
    const { run, fs } = await setup();
    await run.record();
    const first = run.recordings[0];
    expect(await fs.readText('/workspace/README.md')).toContain('A small example');
    await run.restart();
    const second = run.recordings[0];
    // Without the restore, the second edit would fail: "A tiny example" would no longer be there.
    expect(toolResults(second).map((r) => r.isError)).toEqual([false, false]);
    const strip = (r: Recording) => JSON.stringify({ ...r, id: '' });
    expect(strip(second)).toBe(strip(first));
  });

  it('are left out when the setting is off, and a workspace tool with the same name replaces the built-in one', async () => {
    const off = await setup({ enabled: false });
    await off.run.record();
    expect(toolResults(off.run.recordings[0])[0]).toMatchObject({ id: 'read-1', isError: true, text: 'Tool read not found' });
    expect(off.coding.declarations).toEqual([]);

    const overridden = await setup({ userTools: ['read'] });
    expect(overridden.coding.overridden).toEqual(['read']);
    expect(overridden.coding.declarations.map((d) => d.name)).toEqual(['write', 'edit', 'ls', 'find', 'grep']);
    const prepared = await overridden.coding.prepareRun({ clock: new VirtualClock(), trace: () => {} });
    expect(prepared.tools.map((t) => t.name)).toEqual(['write', 'edit', 'ls', 'find', 'grep']);
    prepared.end();
  });

  it("read resizes an over-size image in the workspace on the canvas, with pi's note", async () => {
    const { coding, fs } = await setup();
    await fs.writeFile('/workspace/wide.png', encodePng(3000, 10, new Uint8Array(3000 * 10 * 4).fill(200)));
    const prepared = await coding.prepareRun({ clock: new VirtualClock(), trace: () => {} });
    const read = prepared.tools.find((t) => t.name === 'read')!;
    const { content } = await read.execute('call-1', { path: 'wide.png' });
    prepared.end();
    expect(content[0]).toEqual({ type: 'text', text: 'Read image file [image/png]\n[Image: original 3000x10, displayed at 2000x7. Multiply coordinates by 1.50 to map to original image.]' });
    expect(content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('say so when the files cannot be opened: the run goes ahead without them, and the status tells why', async () => {
    const service = createFilesService(async () => { throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'); });
    const files = await startedFiles(service);
    expect(files.status).toBe('failed');
    const workspace = new WorkspaceState();
    workspace.load({ ...createStarterWorkspace() });
    workspace.setExtension(CODING_TOOLS_KEY, { enabled: true, tools: ['read'] }, { key: 'files.codingTools.undo.on' });
    const coding = new CodingToolsState(workspace, files, service);
    await coding.start();
    expect(coding.setupError).toBeNull(); // the files panel reports the filesystem itself
    const run = new RunState(coding.runEnvironment(createTestRunEnvironment(EDIT_SCENARIO).environment), manualFrames());
    await run.record();
    expect(run.recordings).toHaveLength(1);
    expect(coding.setupError?.key).toBe('storage.error.codingTools');
    expect(coding.setupError?.params?.detail).toContain('not available');
  });

  it('declare themselves as pi does, for the views that show what the model sees', async () => {
    const { coding, workspace } = await setup();
    expect(coding.declarations.map((d) => [d.fileId, d.name, d.hasPrepareArguments])).toEqual([
      ['builtin:read', 'read', false], ['builtin:write', 'write', false], ['builtin:edit', 'edit', true],
      ['builtin:ls', 'ls', false], ['builtin:find', 'find', false], ['builtin:grep', 'grep', false],
    ]);
    expect(coding.declarations[0].description).toMatch(/^Read the contents of a file\. Supports text files and images/);
    coding.setEnabled(false);
    expect(coding.missing(['read', 'get_weather', 'edit'])).toEqual(['read', 'edit']);
    coding.enableFor(['read', 'edit']);
    expect(coding.setting).toEqual({ enabled: true, tools: ['read', 'edit'] });
    expect(coding.missing(['read', 'edit'])).toEqual([]);
    workspace.undo();
    workspace.undo();
    expect(coding.setting.enabled).toBe(true);
    coding.setTool('grep', false);
    expect(coding.declarations.map((d) => d.name)).toEqual(['read', 'write', 'edit', 'ls', 'find']);
    workspace.undo();
    expect(coding.setting.tools).toContain('grep');
  });
});

describe('the sandbox’s fs during a run', () => {
  it('reports what user code touched as trace_fs events attributed to the tool call, and nothing outside runs', async () => {
    const service = memoryFilesService();
    const { coding } = await setup({ service });
    const ready = service.open().then((o) => o.fileSystem);
    const sandbox = createSandbox({ fs: createFsCapabilityHost(ready, { tracing: () => service.sandboxTrace }) });
    try {
      const evaluation = await sandbox.evaluate(createStarterWorkspace().tools.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: t.name, role: 'tool' as const })));
      const readFile = sandbox.agentTools(evaluation).find((t) => t.name === 'read_file')!;
      const clock = new VirtualClock(1000);
      const events: TraceEvent[] = [];
      const prepared = await coding.prepareRun({ clock, trace: (e) => events.push(e) });
      await readFile.execute('call-7', { path: 'notes/todo.md' });
      prepared.end();
      await readFile.execute('call-8', { path: 'notes/todo.md' });
      expect(events).toEqual([{ type: 'trace_fs', t: 1000, op: 'read', path: '/workspace/notes/todo.md', toolCallId: 'call-7', bytes: STARTER_FILES['notes/todo.md'].length }]);
    } finally {
      sandbox.dispose();
    }
  });
  it('lists a directory to tool code as { name, kind, size } entries', async () => {
    const service = memoryFilesService();
    const ready = service.open().then((o) => o.fileSystem);
    const sandbox = createSandbox({ fs: createFsCapabilityHost(ready) });
    try {
      const source = `import { Type } from "typebox";
import { fs } from "playground";
export default { name: "list_raw", label: "List", description: "d", parameters: Type.Object({}),
  async execute() { return { content: [{ type: "text", text: JSON.stringify(await fs.list(".")) }], details: {} }; } };`;
      const evaluation = await sandbox.evaluate([{ id: 'l', kind: 'typescript', name: 'list_raw.ts', source, role: 'tool' }]);
      const result = await sandbox.agentTools(evaluation)[0].execute('c', {});
      const entries = JSON.parse((result.content[0] as { text: string }).text) as unknown[];
      expect(entries).toContainEqual({ name: 'notes', kind: 'directory', size: expect.any(Number) });
      expect(entries).toContainEqual({ name: 'README.md', kind: 'file', size: STARTER_FILES['README.md'].length });
    } finally {
      sandbox.dispose();
    }
  });
});

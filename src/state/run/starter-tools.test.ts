// The starter tools, run for real: evaluated by the sandbox (no problems reported), called through the same
// AgentTool proxies the loop uses, on a filesystem seeded with the starter project and on a virtual clock.
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import { createStarterWorkspace, STARTER_FILES } from '../../content/examples/index.ts';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from '../../engine/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import type { Sandbox } from '../../sandbox/types.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.dispose());

async function starter(clock = new VirtualClock()) {
  const fs = createMemoryFileSystem(STARTER_FILES as Record<string, string>);
  sandbox = createSandbox({ clock, fs: createFsCapabilityHost(Promise.resolve(fs)) });
  const workspace = createStarterWorkspace();
  const evaluation = await sandbox.evaluate([
    ...workspace.tools.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: t.name, role: 'tool' as const })),
    { id: 'hooks', kind: 'typescript', source: workspace.hooks, name: 'hooks.ts', role: 'hooks' },
  ]);
  const tools = new Map(sandbox.agentTools(evaluation).map((t) => [t.name, t]));
  return { evaluation, tools, clock };
}

function text(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? '').join('');
}

async function call(tool: AgentTool | undefined, args: Record<string, unknown>) {
  if (!tool) throw new Error('tool missing');
  return tool.execute('call_1', args);
}

describe('starter tools in the sandbox', () => {
  it('evaluate without a single problem, with the names, modes and hooks they declare', async () => {
    const { evaluation } = await starter();
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.tools.map((t) => t.name)).toEqual(
      ['get_weather', 'read_file', 'list_dir', 'echo', 'calculate', 'deploy', 'slow_fetch', 'slow_compute']);
    expect(evaluation.tools.find((t) => t.name === 'deploy')?.executionMode).toBe('sequential');
    expect(evaluation.tools.find((t) => t.name === 'list_dir')?.hasPrepareArguments).toBe(true);
    expect(evaluation.hooks.beforeToolCall?.fileId).toBe('hooks');
    expect(evaluation.hooks.afterToolCall?.fileId).toBe('hooks');
  });

  it('answer as their descriptions promise', async () => {
    const { tools } = await starter();
    expect(text(await call(tools.get('get_weather'), { city: 'Paris', units: 'celsius' }))).toMatch(/^Paris: -?\d+°C, [a-z ]+$/);
    expect(text(await call(tools.get('echo'), { text: 'hello' }))).toBe('hello');
    expect(text(await call(tools.get('calculate'), { expression: '(2 + 3) * 4.5 - 2^3' }))).toBe('(2 + 3) * 4.5 - 2^3 = 14.5');
    await expect(call(tools.get('calculate'), { expression: '1 / 0' })).rejects.toThrow('Division by zero');
    await expect(call(tools.get('calculate'), { expression: 'process.exit()' })).rejects.toThrow('Unexpected "process"');
  });

  it('read and list the virtual filesystem with relative paths, and refuse absolute ones', async () => {
    const { tools } = await starter();
    expect(text(await call(tools.get('list_dir'), { path: '.' }))).toBe('notes/\nsrc/\nREADME.md');
    expect(text(await call(tools.get('read_file'), { path: 'notes/todo.md', offset: 2, limit: 2 })))
      .toBe('\n1. Deploy v1.4.2 to staging\n\n[3 more lines; continue with offset=4]');
    await expect(call(tools.get('list_dir'), { path: '/etc' })).rejects.toThrow(/Absolute paths are not allowed/);
    await expect(call(tools.get('read_file'), { path: 'missing.md' })).rejects.toThrow(/ENOENT/);
  });

  it('list_dir accepts the older { dir } argument through prepareArguments', async () => {
    const { tools } = await starter();
    const prepare = (tools.get('list_dir') as unknown as Record<symbol, PrepareArgumentsAsync>)[PREPARE_ARGUMENTS_ASYNC];
    expect(await prepare({ dir: 'notes' })).toMatchObject({ value: { path: 'notes' } });
  });

  it('the slow tools take two seconds of playground time and no wall time on a virtual clock', async () => {
    const { tools, clock } = await starter();
    const startedWall = performance.now();
    const results = await Promise.all([
      call(tools.get('slow_compute'), { n: 10 }),
      call(tools.get('slow_fetch'), { url: 'https://example.com/docs' }),
    ]);
    expect(results.map(text)).toEqual(['fib(10) = 55', '200 OK — "example.com: Home"']);
    expect(clock.now()).toBe(2000);
    expect(performance.now() - startedWall).toBeLessThan(1500);
  });

  it('deploy reports its steps through onUpdate', async () => {
    const { tools } = await starter();
    const updates: string[] = [];
    const result = await tools.get('deploy')!.execute('call_1', { environment: 'staging', version: 'v1.4.2' }, undefined, (partial) => {
      updates.push(text(partial));
    });
    expect(updates).toEqual(['Building…', 'Uploading…', 'Switching traffic…']);
    expect(text(result)).toBe('Deployed v1.4.2 to staging.');
  });
});

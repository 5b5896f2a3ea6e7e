// The export test (tests/node/export-pi.test.ts) records the playground's side by evaluating tool files directly
// in Node. This checks that stand-in against the real sandbox: every export fixture and built-in example recorded
// through sandboxed tools and hooks gives the same event summary, clock times included.
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import { createStarterWorkspace, STARTER_FILES } from '../../content/examples/index.ts';
import { EXAMPLE_SCENARIOS } from '../../content/examples/scenarios/index.ts';
import { comparableSummary, summarizeRecording } from '../../portable/export-pi/index.ts';
import type { Workspace } from '../../portable/index.ts';
import type { Scenario } from '../../recording/scenario/index.ts';
import { createFsCapability, type FsCapability } from '../../vfs/index.ts';
import { createCodingTools } from '../../coding-tools/index.ts';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import { recordScenario } from '../../recording/recorder/index.ts';
import { codeTurnSourceFiles, createCodeTurnRunner } from '../run/code-turns.ts';
import { testSandbox } from '../../sandbox/testing/helpers.ts';
import type { FsCapabilityHost, SourceFile } from '../../sandbox/types.ts';
import { EXPORT_FIXTURES } from '../../../tests/node/export-fixtures.ts';
import { codingToolsCalled, parseScenarioText, recordInPlayground } from '../../../tests/node/export-direct.ts';

/** The sandbox's fs, forwarded to the current run's files. */
function forwardingFs(current: () => FsCapability): FsCapabilityHost {
  return {
    readFile: (path) => current().readFile(path),
    writeFile: (path, text) => current().writeFile(path, text),
    list: (path) => current().list(path),
    stat: (path) => current().stat(path),
    remove: (path) => current().remove(path),
  };
}

async function recordInSandbox(workspace: Workspace, scenario: Scenario, files: Record<string, string>, codingTools: string[]) {
  let capability = createFsCapability(createMemoryFileSystem(files, { now: () => 0 }));
  const sandbox = testSandbox({ fs: forwardingFs(() => capability) });
  const sources: SourceFile[] = workspace.tools.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: t.kind === 'json-schema' ? `${t.name}.json` : t.name }));
  if (workspace.hooks.trim()) sources.push({ id: 'hooks', kind: 'typescript', source: workspace.hooks, name: 'hooks.ts', role: 'hooks' });
  // The scenario's code turns are evaluated beside the tools, as the app does.
  const evaluation = await sandbox.evaluate([...sources, ...codeTurnSourceFiles(scenario.turns)]);
  expect(evaluation.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const clock = new VirtualClock();
  sandbox.setClock(clock);
  const fs = createMemoryFileSystem(files, { now: () => 0 });
  capability = createFsCapability(fs);
  const builtIn = createCodingTools(fs, { clock }).filter((tool) => codingTools.includes(tool.name));
  const tools = [...sandbox.agentTools(evaluation), ...builtIn];
  const codeTurns = createCodeTurnRunner(sandbox, evaluation);
  const recording = await recordScenario(scenario, { id: 'sandbox', clock, tools, hooks: sandbox.hooks(evaluation), codeTurns }).finished;
  return summarizeRecording(recording);
}

const cases = [
  ...EXPORT_FIXTURES.map((f) => {
    const starter = createStarterWorkspace();
    return { title: f.title, workspace: { ...starter, tools: [...starter.tools, ...(f.extraTools ?? [])] }, scenario: f.scenario };
  }),
  ...EXAMPLE_SCENARIOS.map((e) => ({ title: `example ${e.id}`, workspace: createStarterWorkspace(), scenario: e.file })),
];

describe('the export test\'s playground side', () => {
  it.each(cases.map((c) => [c.title, c] as const))('records %s exactly as the real sandbox does', async (_title, item) => {
    const scenario = parseScenarioText(JSON.stringify(item.scenario));
    const codingTools = codingToolsCalled(item.scenario);
    const direct = await recordInPlayground(item.workspace, scenario, { ...STARTER_FILES }, codingTools);
    const sandboxed = await recordInSandbox(item.workspace, scenario, { ...STARTER_FILES }, codingTools);
    // Calls that finish at the same instant finish in I/O order (the sandbox adds message hops); compared as export tests compare.
    expect(comparableSummary(direct.events, 'exact')).toEqual(comparableSummary(sandboxed, 'exact'));
  });
});

// The playground side of the export test, without Node APIs (it also runs in the browser, where a test checks it
// against the real sandbox): a scenario recorded as the app records it (our loop on a virtual clock, the workspace's
// tool and hooks files evaluated with the sandbox's own module table and export collection, their timers on the
// run's clock as the sandbox runs them, the playground's fs over a memory filesystem, pi's coding tools when asked for).
import { transform } from 'sucrase';
import { VirtualClock } from '../../src/engine/index.ts';
import { summarizeRecording, type EventSummary } from '../../src/portable/export-pi/index.ts';
import type { Workspace } from '../../src/portable/index.ts';
import { isCodeTurn, parseScenario, type CodeTurnRunner, type Scenario } from '../../src/recording/scenario/index.ts';
import { CODING_TOOL_NAMES, createCodingTools } from '../../src/coding-tools/index.ts';
import { createFsCapability } from '../../src/vfs/index.ts';
import { createMemoryFileSystem } from '../../src/vfs/index.ts';
import { recordScenario } from '../../src/recording/recorder/index.ts';
import type { AgentTool } from '../../src/engine/index.ts';
import { toPlainData } from '../../src/sandbox/host/hook-context.ts';
import { evaluateJsonSchemaFile } from '../../src/sandbox/host/json-schema-file.ts';
import { collectHooks, collectTools } from '../../src/sandbox/runtime/collect-exports.ts';
import type { HostBridge } from '../../src/sandbox/runtime/host-bridge.ts';
import { createModuleTable } from '../../src/sandbox/runtime/modules.ts';

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

type Timers = Record<'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval', (...args: any[]) => unknown>;

/** setTimeout and friends on a clock, as the sandbox gives them to user code (ids shared, unknown ids ignored). */
function clockTimers(clock: VirtualClock): Timers {
  let nextId = 1;
  const live = new Map<number, AbortController>();
  const start = (id: number, fn: (...a: unknown[]) => void, ms: unknown, args: unknown[], repeat: boolean) => {
    const controller = new AbortController();
    live.set(id, controller);
    void clock.sleep(Math.max(0, Number(ms) || 0), controller.signal).then(() => {
      if (controller.signal.aborted) return;
      if (repeat) start(id, fn, ms, args, true);
      else live.delete(id);
      fn(...args);
    });
    return id;
  };
  const clear = (id: unknown) => {
    if (typeof id !== 'number') return;
    live.get(id)?.abort();
    live.delete(id);
  };
  return {
    setTimeout: (fn, ms, ...args) => start(nextId++, fn, ms, args, false),
    setInterval: (fn, ms, ...args) => start(nextId++, fn, ms, args, true),
    clearTimeout: clear,
    clearInterval: clear,
  };
}

async function runModule(source: string, bridge: HostBridge, timers: Timers): Promise<Record<string, unknown>> {
  const { code } = transform(source, { transforms: ['typescript', 'imports'], disableESTransforms: true, production: true });
  const table = createModuleTable(bridge);
  const module = { exports: {} as Record<string, unknown> };
  await new AsyncFunction('exports', 'require', 'module', 'Type', 'StringEnum', 'sleep', 'fs', ...Object.keys(timers), code)(
    module.exports, table.require, module,
    (table.require('typebox') as { Type: unknown }).Type, (table.require('@earendil-works/pi-ai') as { StringEnum: unknown }).StringEnum,
    bridge.sleep, bridge.fs, ...Object.values(timers),
  );
  return module.exports;
}

/** The workspace's tools and hooks as the sandbox would present them (label defaults to the name). */
export async function evaluateWorkspace(workspace: Workspace, bridge: HostBridge, timers: Timers) {
  const tools: AgentTool<any>[] = [];
  for (const file of workspace.tools) {
    if (file.kind === 'json-schema') {
      // As the sandbox host does: declared from JSON, no code, so calling it fails with its message.
      for (const declared of evaluateJsonSchemaFile({ id: file.id, kind: file.kind, source: file.source, name: `${file.name}.json` }).tools) {
        tools.push({
          name: declared.name, label: declared.label ?? declared.name, description: declared.description, parameters: declared.parameters,
          execute: async () => { throw new Error(`Tool "${declared.name}" has no execute function`); },
        });
      }
      continue;
    }
    const found = await collectTools(await runModule(file.source, bridge, timers));
    for (const { tool } of found.tools) {
      const t = tool as unknown as AgentTool<any>;
      tools.push(Object.assign(Object.create(Object.getPrototypeOf(t)), t, { label: t.label ?? t.name }));
    }
  }
  const hooks = workspace.hooks.trim() ? collectHooks(await runModule(workspace.hooks, bridge, timers)) : undefined;
  return { tools, hooks: { beforeToolCall: hooks?.beforeToolCall, afterToolCall: hooks?.afterToolCall } as Record<string, any> };
}

/**
 * The scenario's code turns as the sandbox runs them: each module evaluated with the sandbox's module table, its
 * default export called with a plain-data copy of the request (as the sandbox copies it in).
 */
export async function evaluateCodeTurns(scenario: Scenario, bridge: HostBridge, timers: Timers): Promise<CodeTurnRunner> {
  const factories = new Map<number, unknown>();
  for (const [i, turn] of scenario.turns.entries()) {
    if (isCodeTurn(turn)) factories.set(i, (await runModule(turn.code, bridge, timers)).default);
  }
  return async ({ turnIndex, context, options, state, model }) => {
    const factory = factories.get(turnIndex);
    if (typeof factory !== 'function') throw new Error('A code turn must export default a function (context, options, state, model) => turn');
    const request = toPlainData({ context, options, state: { callCount: state.callCount, deferredFetchCount: 0, cancelledDeferred: [] }, model }) as Record<string, unknown>;
    return structuredClone(await factory(request.context, { ...(request.options as object), signal: options?.signal }, request.state, request.model));
  };
}

export function parseScenarioText(text: string): Scenario {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.scenario;
}

/** Records one scenario as the playground would and returns its event summary. */
export async function recordInPlayground(
  workspace: Workspace, scenario: Scenario, files: Record<string, string>, codingTools: string[] = [],
): Promise<{ events: EventSummary[]; failure?: string }> {
  const clock = new VirtualClock();
  const fs = createMemoryFileSystem(files, { now: () => 0 });
  const capability = createFsCapability(fs);
  const bridge: HostBridge = {
    sleep: (ms, signal) => clock.sleep(Number(ms) > 0 ? Number(ms) : 0, signal),
    fs: {
      readFile: (path) => capability.readFile(path as string),
      writeFile: (path, text) => capability.writeFile(path as string, text as string),
      list: async (path) => (await capability.list(path as string | undefined)).map((e) => ({ ...e, type: e.kind })),
      stat: (path) => capability.stat(path as string),
      remove: (path) => capability.remove(path as string),
    },
    deliver: () => undefined,
  };
  const { tools, hooks } = await evaluateWorkspace(workspace, bridge, clockTimers(clock));
  const codeTurns = await evaluateCodeTurns(scenario, bridge, clockTimers(clock));
  // As lessons add them: pi's coding tools over the same files, after the workspace's tools.
  const extraTools = createCodingTools(fs, { clock }).filter((tool) => codingTools.includes(tool.name));
  const recording = await recordScenario(scenario, { id: 'export', clock, tools: [...tools, ...extraTools], hooks, codeTurns }).finished;
  return { events: summarizeRecording(recording), ...(recording.failure ? { failure: recording.failure } : {}) };
}

/** pi's coding tools a scenario calls (a user running it would have them on). */
export function codingToolsCalled(scenario: unknown): string[] {
  const text = JSON.stringify(scenario);
  return CODING_TOOL_NAMES.filter((name) => text.includes(`"name":"${name}"`));
}

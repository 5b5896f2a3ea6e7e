// Real recordings for the timeline's tests, harness and benchmark: a scenario file run through our loop and the
// recorder on a VirtualClock, with the test tool kit (and any extra tools) available.
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../scenario/parse/index.ts';
import type { ScenarioHooks } from '../scenario/run-scenario.ts';
import { createToolKit } from '../../engine/testing/tool-kit.ts';
import type { AgentTool } from '../../engine/index.ts';
import { Type } from 'typebox';
import { recordScenario as recordWithRecorder } from '../recorder/index.ts';
import type { Recording } from '../recording.ts';
import type { TraceEvent } from '../../engine/index.ts';

export interface RecordScenarioOptions {
  id?: string;
  label?: string;
  hooks?: ScenarioHooks;
  /** Extra tools beside the kit's (built on the run's clock; `emit` adds trace events such as trace_fs). */
  tools?: (env: { clock: VirtualClock; emit: (event: TraceEvent) => void }) => AgentTool<any>[];
}

/**
 * Runs a scenario file (JSON-like object) through the recorder and returns the finished recording. Throws when the
 * file does not parse (a broken test fixture, not user input). The kit's tools: echo, sleep, sleep_stubborn, seq,
 * par, typed, fail, progress, …
 */
export async function recordScenario(file: object, options: RecordScenarioOptions = {}): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  const clock = new VirtualClock();
  let emit: (event: TraceEvent) => void = () => {};
  const kit = Object.values(createToolKit({ clock, log: () => {} }));
  const extra = options.tools?.({ clock, emit: (event) => emit(event) }) ?? [];
  const { finished } = recordWithRecorder(parsed.scenario, {
    id: options.id ?? 'run',
    label: options.label,
    clock,
    tools: [...kit, ...extra],
    hooks: options.hooks,
    // Extra tools emit their trace events (trace_fs) into the recording's own sink.
    traceSources: [(sink) => { emit = sink; return () => { emit = () => {}; }; }],
  });
  return finished;
}

/** A tool that reads one file and writes another through the (traced) filesystem, with a pause in between. */
export function fileTool(env: { clock: VirtualClock; emit: (event: TraceEvent) => void }): AgentTool<any> {
  return {
    name: 'copy_file', label: 'Copy file', description: 'Copies a file.',
    parameters: Type.Object({ from: Type.String(), to: Type.String() }),
    async execute(id, params: any) {
      env.emit({ type: 'trace_fs', t: env.clock.now(), toolCallId: id, op: 'read', path: params.from, bytes: 12 });
      await env.clock.sleep(30);
      env.emit({ type: 'trace_fs', t: env.clock.now(), toolCallId: id, op: 'write', path: params.to, bytes: 12 });
      return { content: [{ type: 'text', text: `copied ${params.from} to ${params.to}` }], details: {} };
    },
  };
}

/**
 * A large run for performance checks: `turns` turns of `callsPerTurn` parallel calls (sleeps of varied length,
 * every fifth a progress call with three updates), each turn opened by a short text. 46 turns of 10 calls make
 * about 10,000 events.
 */
export function largeScenario(turns: number, callsPerTurn: number): object {
  const scripted = Array.from({ length: turns }, (_, t) => ({
    content: [
      { type: 'text', text: `Turn ${t + 1}: running ${callsPerTurn} calls.` },
      ...Array.from({ length: callsPerTurn }, (_, c) => (c % 5 === 4
        ? { type: 'toolCall', id: `t${t + 1}c${c + 1}`, name: 'progress', arguments: { updates: 3, stepMs: 15 } }
        : { type: 'toolCall', id: `t${t + 1}c${c + 1}`, name: 'sleep', arguments: { ms: 20 + ((t * 7 + c * 13) % 90), label: `${t}.${c}` } })),
    ],
  }));
  return {
    prompt: 'Run many tools', timing: { tokenSize: 4, tokensPerSecond: 400 },
    turns: [...scripted, { content: 'All done.' }],
  };
}

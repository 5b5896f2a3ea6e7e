// Real recordings for the timeline's tests, harness and benchmark: a scenario run through our loop on a
// VirtualClock with the test tool kit, pi's and the trace's events interleaved in the order they happened.
import { VirtualClock } from '../clock.ts';
import { parseScenario } from '../scenario/parse-scenario.ts';
import { runScenario, type ScenarioHooks } from '../scenario/run-scenario.ts';
import { createToolKit } from '../testing/tool-kit.ts';
import type { AgentEvent, AgentTool } from '../types.ts';
import { Type } from 'typebox';
import type { RecordedEvent, Recording } from './recording.ts';
import { snapshot } from './snapshot.ts';
import type { TraceEvent } from './types.ts';

export interface RecordScenarioOptions {
  id?: string;
  label?: string;
  hooks?: ScenarioHooks;
  /** Extra tools beside the kit's (built on the run's clock; `emit` adds trace events such as trace_fs). */
  tools?: (env: { clock: VirtualClock; emit: (event: TraceEvent) => void }) => AgentTool<any>[];
}

/**
 * Runs a scenario file (JSON-like object) and records it. Throws when the file does not parse (a broken test
 * fixture, not user input). The kit's tools: echo, sleep, sleep_stubborn, seq, par, typed, fail, progress, …
 */
export async function recordScenario(file: object, options: RecordScenarioOptions = {}): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  const scenario = parsed.scenario;
  const clock = new VirtualClock();
  const events: RecordedEvent[] = [];
  const add = (entry: { source: 'pi'; event: AgentEvent } | { source: 'trace'; event: TraceEvent }) => {
    // Snapshots, as a recorder takes them: pi mutates partial messages after emitting them. (snapshot() rather than
    // one structuredClone per event: separately cloned objects share no hidden classes and read several times slower.)
    events.push({ ...entry, seq: events.length, t: clock.now(), event: snapshot(entry.event) } as RecordedEvent);
  };
  let piLog: AgentEvent[] | undefined;
  let piTaken = 0;
  const takePi = () => {
    while (piLog && piTaken < piLog.length) add({ source: 'pi', event: piLog[piTaken++] });
  };
  const traceSink = (event: TraceEvent) => {
    takePi();
    add({ source: 'trace', event });
  };
  const kit = Object.values(createToolKit({ clock, log: () => {} }));
  const extra = options.tools?.({ clock, emit: traceSink }) ?? [];
  const run = runScenario(scenario, { clock, tools: [...kit, ...extra], hooks: options.hooks, trace: traceSink });
  // runScenario's emit pushes each pi event onto eventLog synchronously; recording at that push keeps the order
  // and the clock time exact. Events pushed before runScenario returned are taken first.
  piLog = run.eventLog;
  takePi();
  const push = piLog.push.bind(piLog);
  piLog.push = (...items: AgentEvent[]) => {
    const length = push(...items);
    takePi();
    return length;
  };
  const result = await run.finished;
  takePi();
  const recording: Recording = {
    id: options.id ?? 'run',
    label: options.label ?? scenario.toolExecution,
    toolExecution: scenario.toolExecution,
    events,
    durationMs: result.durationMs,
    status: result.failure === undefined ? 'done' : 'failed',
  };
  if (result.failure !== undefined) recording.failure = result.failure;
  return recording;
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

// A CompactTrace gives back exactly the events a TraceSink receives for the same run: generated scenarios (the
// differential fuzzer's) run twice on their virtual clock, once into a sink and once into a CompactTrace, and the
// events read back must be the same, key for key in the same order, with the same data objects' contents.
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { describe, expect, it } from 'vitest';
import { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from '../index.ts';
import { generatePlan } from '../testing/fuzz/plan.ts';
import { DEFAULT_FUZZ_SEED } from '../testing/fuzz/fuzzer.ts';
import { toScenario } from '../testing/fuzz/scenario.ts';
import { runScenario, type FauxHost, type LoopModule } from '../testing/parity/harness.ts';
import { Type } from 'typebox';
import { VirtualClock } from '../clock.ts';
import type { LoopInstrumentation } from '../loop-run.ts';
import { assistant, keepLlmMessages, testModel, toolCall, user } from '../testing/messages.ts';
import { createScriptedStreamFn } from '../testing/scripted-stream.ts';
import type { AgentTool } from '../types.ts';
import { CompactTrace } from './compact-trace.ts';
import type { TraceEvent } from './types.ts';

const ours: LoopModule = { runAgentLoop, runAgentLoopContinue, agentLoop, agentLoopContinue };
const host: FauxHost = { register: (options) => registerFauxProvider(options) as never, streamSimple: streamSimple as never };

/** Keys in order at every level, so a materialised event with the right values in another key order fails. */
function keyOrder(value: unknown, seen = new Set<unknown>()): unknown {
  if (value === null || typeof value !== 'object' || seen.has(value)) return typeof value;
  seen.add(value);
  const keys = Object.keys(value);
  return [keys, keys.map((key) => keyOrder((value as Record<string, unknown>)[key], seen))];
}

describe('CompactTrace', () => {
  it('reads back the events a trace sink receives, in 300 generated scenarios', async () => {
    let events = 0;
    for (let index = 0; index < 300; index++) {
      const scenario = toScenario(generatePlan(DEFAULT_FUZZ_SEED, index));
      const sink: TraceEvent[] = [];
      await runScenario(ours, host, scenario, { trace: sink });
      const compact = new CompactTrace();
      await runScenario(ours, host, toScenario(generatePlan(DEFAULT_FUZZ_SEED, index)), { compactTrace: compact });
      const read = compact.events();
      expect(read.length, `scenario ${index}`).toBe(sink.length);
      expect(read, `scenario ${index}`).toStrictEqual(sink);
      expect(keyOrder(read), `scenario ${index}`).toStrictEqual(keyOrder(sink));
      for (let i = 0; i < read.length; i++) expect(compact.eventAt(i)).toStrictEqual(sink[i]);
      events += sink.length;
    }
    expect(events).toBeGreaterThan(300 * 20);
  }, 120_000);

  it('reads back a long run across its chunks (thousands of rows, several turns)', async () => {
    const noop: AgentTool<any> = {
      name: 'noop', label: 'noop', description: '', parameters: Type.Object({ index: Type.Integer(), label: Type.String() }),
      async execute(_id, params) { const args = params as { index: number }; return { content: [{ type: 'text', text: `ok ${args.index}` }], details: { n: args.index } }; },
    };
    const turn = (t: number, n: number) => assistant(Array.from({ length: n }, (_, i) => toolCall('noop', { index: i, label: 'x' }, `t${t}c${i}`)), { stopReason: 'toolUse' });
    const traced = async (instrumentation: LoopInstrumentation) => {
      await runAgentLoop([user('go')], { systemPrompt: '', messages: [], tools: [noop] }, { model: testModel(), convertToLlm: keepLlmMessages },
        () => {}, undefined, createScriptedStreamFn([turn(1, 150), turn(2, 7), turn(3, 120), assistant('done')], { chunkChars: 8 }), instrumentation);
    };
    const sink: TraceEvent[] = [];
    await traced({ trace: (event) => sink.push(event), clock: new VirtualClock(), epochMs: 5 });
    const compact = new CompactTrace();
    await traced({ compactTrace: compact, clock: new VirtualClock(), epochMs: 5 });
    expect(sink.length).toBeGreaterThan(3000); // rows in chunks 0 to 4
    expect(compact.events()).toStrictEqual(sink);
    expect(keyOrder(compact.events())).toStrictEqual(keyOrder(sink));
  });

  it('keeps values its columns cannot hold as they are', () => {
    const trace = new CompactTrace();
    const call = { type: 'toolCall' as const, id: 'a', name: 'n', arguments: {} };
    trace.block(false, 1.5, 1, -0, 'toolCall', 'a');
    trace.blockDelta(2, 1, 2 ** 40, 3);
    trace.batch([call]);
    trace.phaseStart(-0, 1, call, 0, 'queued');
    call.id = 'b';
    trace.phaseEnd(NaN, 1, call, 0, 'execute', 'ok', { phase: 'execute', args: 1, result: 2, updates: 2 ** 30 });
    expect(trace.events()).toStrictEqual([
      { type: 'trace_block_start', t: 1.5, turn: 1, contentIndex: -0, kind: 'toolCall', toolCallId: 'a' },
      { type: 'trace_block_delta', t: 2, turn: 1, contentIndex: 2 ** 40, chars: 3 },
      { type: 'trace_phase_start', t: -0, turn: 1, toolCallId: 'a', toolName: 'n', phase: 'queued' },
      { type: 'trace_phase_end', t: NaN, turn: 1, toolCallId: 'b', toolName: 'n', phase: 'execute', outcome: 'ok', data: { phase: 'execute', args: 1, result: 2, updates: 2 ** 30 } },
    ]);
    expect(Object.is(trace.eventAt(0).type === 'trace_block_start' && (trace.eventAt(0) as { contentIndex: number }).contentIndex, -0)).toBe(true);
    expect(Object.is(trace.eventAt(2).t, -0)).toBe(true);
    expect(() => trace.eventAt(4)).toThrow(RangeError);
    // A result snapshot's message is kept whole unless it is exactly the plain toolResult form.
    const result = { content: [], details: {}, usage: undefined };
    const plain = { role: 'toolResult', toolCallId: 'b', toolName: 'n', content: result.content, details: result.details, usage: undefined, isError: false, timestamp: 7 };
    const odd = [{ ...plain, [Symbol.for('x')]: 1 }, { ...plain, extra: 1 }, { ...plain, timestamp: '7' }, { ...plain, content: [] }];
    for (const message of [plain, ...odd]) trace.phaseEnd(3, 1, call, 0, 'result', 'ok', { phase: 'result', result, isError: false, message });
    const read = trace.events().slice(4).map((event) => (event as { data: { message: unknown } }).data.message);
    expect(read).toStrictEqual([plain, ...odd]);
    expect(Object.getOwnPropertySymbols(read[1] as object)).toHaveLength(1);
  });
});

// What the playground trace shows for a run: spans per turn, batch, block and tool-call phase, with what each
// phase saw, on an injected virtual clock; and that every span is closed whatever happens to the run.
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../agent-loop.ts';
import { AssistantMessageEventStream } from '../event-stream.ts';
import { VirtualClock } from '../clock.ts';
import type { LoopInstrumentation } from '../loop-run.ts';
import { assistant, keepLlmMessages, testModel, text, toolCall, user } from '../testing/messages.ts';
import { createScriptedStreamFn, type ScriptedStep } from '../testing/scripted-stream.ts';
import { createToolKit } from '../testing/tool-kit.ts';
import { Type } from 'typebox';
import type { ToolResultMessage } from '../../ai/index.ts';
import type { AgentEvent, AgentLoopConfig, AgentTool, StreamFn } from '../types.ts';
import { checkTrace } from '../../recording/index.ts';
import { formatTrace } from '../../recording/index.ts';
import { Tracer } from './tracer.ts';
import type { PhaseData, TraceEvent } from './types.ts';

interface Traced { trace: TraceEvent[]; events: AgentEvent[]; clock: VirtualClock; settled: string }

async function traceRun(steps: ScriptedStep[] | StreamFn, config: Partial<AgentLoopConfig> = {}, extra: Partial<LoopInstrumentation> & { signal?: AbortSignal; onEvent?: (e: AgentEvent) => void } = {}): Promise<Traced> {
  const clock = new VirtualClock();
  const kit = createToolKit({ clock, log: () => {} });
  const trace: TraceEvent[] = [];
  const events: AgentEvent[] = [];
  const streamFn = typeof steps === 'function' ? steps : createScriptedStreamFn(steps, { chunkChars: 8 });
  const settled = await runAgentLoop(
    [user('go')],
    { systemPrompt: 'sys', messages: [], tools: Object.values(kit) },
    { model: testModel(), convertToLlm: keepLlmMessages, ...config },
    (event) => { events.push(event); extra.onEvent?.(event); },
    extra.signal,
    streamFn,
    { trace: (event) => trace.push(event), clock, epochMs: extra.epochMs },
  ).then(() => 'resolved', (error: Error) => `rejected ${error.message}`);
  await clock.sleep(100); // lets late updates land
  return { trace, events, clock, settled };
}

const calls = (...blocks: ReturnType<typeof toolCall>[]) => assistant(blocks, { stopReason: 'toolUse' });
const phaseData = (trace: TraceEvent[], id: string, phase: string): PhaseData | undefined =>
  trace.find((e): e is Extract<TraceEvent, { type: 'trace_phase_end' }> => e.type === 'trace_phase_end' && e.toolCallId === id && e.phase === phase)?.data;

describe('trace of a run', () => {
  it('shows a parallel batch: preflight per call, executions together, results in source order', async () => {
    const { trace } = await traceRun([
      calls(toolCall('sleep', { ms: 30, label: 'A' }, 'A'), toolCall('nope', {}, 'X'), toolCall('sleep', { ms: 10, label: 'B' }, 'B')),
      assistant('done'),
    ]);
    expect(formatTrace(trace, { data: false })).toBe([
      '@0 run start mixed',
      '@0 turn 1 start',
      '@0 block 0 start toolCall A', '@0 block 0 delta 8', '@0 block 0 delta 8', '@0 block 0 delta 5', '@0 block 0 end toolCall A',
      '@0 block 1 start toolCall X', '@0 block 1 delta 2', '@0 block 1 end toolCall X',
      '@0 block 2 start toolCall B', '@0 block 2 delta 8', '@0 block 2 delta 8', '@0 block 2 delta 5', '@0 block 2 end toolCall B',
      '@0 batch start parallel [A,X,B]',
      '@0 A queued start', '@0 X queued start', '@0 B queued start',
      '@0 A queued end ok', '@0 A validate start', '@0 A validate end ok',
      '@0 X queued end ok', '@0 X result start',
      '@0 B queued end ok', '@0 B validate start', '@0 B validate end ok',
      '@0 A execute start', '@0 B execute start',
      '@10 B execute end ok', '@10 B result start',
      '@30 A execute end ok', '@30 A result start',
      '@30 A result end ok', '@30 X result end error', '@30 B result end ok',
      '@30 batch end',
      '@30 turn 1 end',
      '@30 turn 2 start', '@30 block 0 start text', '@30 block 0 delta 4', '@30 block 0 end text', '@30 turn 2 end',
      '@30 run end',
    ].join('\n'));
    expect(checkTrace(trace)).toEqual([]);
  });

  it('records what each phase saw: prepared and validated arguments, issues, hook decisions and overrides', async () => {
    const { trace } = await traceRun([
      calls(toolCall('prep', { txt: 'hi' }, 'P'), toolCall('typed', { count: '3', flag: 'x' }, 'V'), toolCall('echo', { text: 'e' }, 'E')),
      assistant('done'),
    ], {
      beforeToolCall: async (ctx) => (ctx.toolCall.id === 'E' ? { block: true, reason: 'no E' } : undefined),
      afterToolCall: async (ctx) => (ctx.toolCall.id === 'P' ? { details: { seen: true } } : undefined),
    });
    expect(phaseData(trace, 'P', 'prepare')).toEqual({ phase: 'prepare', before: { txt: 'hi' }, after: { text: 'hi' }, changed: true });
    expect(phaseData(trace, 'P', 'validate')).toMatchObject({ received: { text: 'hi' }, value: { text: 'hi' }, issues: [] });
    expect(phaseData(trace, 'P', 'afterToolCall')).toMatchObject({
      before: { content: [{ type: 'text', text: 'prep hi' }], details: {} },
      override: { details: { seen: true } },
      after: { content: [{ type: 'text', text: 'prep hi' }], details: { seen: true } },
    });
    const invalid = phaseData(trace, 'V', 'validate');
    expect(invalid).toMatchObject({ phase: 'validate', received: { count: '3', flag: 'x' } });
    expect(invalid && 'issues' in invalid ? invalid.issues.map((i) => `${i.path}: ${i.message}`) : []).toEqual([
      'name: must have required properties name', 'flag: must be boolean',
    ]);
    expect(phaseData(trace, 'E', 'beforeToolCall')).toEqual({ phase: 'beforeToolCall', args: { text: 'e' }, decision: { block: true, reason: 'no E' } });
    const outcomes = trace.filter((e) => e.type === 'trace_phase_end' && e.phase === 'result').map((e) => e.type === 'trace_phase_end' && `${e.toolCallId}:${e.outcome}`);
    expect(outcomes).toEqual(['P:ok', 'V:error', 'E:blocked']);
  });

  it('snapshots values, so a tool mutating its arguments later does not rewrite the trace', async () => {
    const clock = new VirtualClock();
    const trace: TraceEvent[] = [];
    const mutator: AgentTool<any> = {
      name: 'mutate', label: 'Mutate', description: 'Mutates its params.', parameters: Type.Object({ list: Type.Array(Type.Number()) }),
      async execute(_id: string, params: any) { params.list.push(99); return { content: [], details: params }; },
    };
    await runAgentLoop([user('go')], { systemPrompt: '', messages: [], tools: [mutator] },
      { model: testModel(), convertToLlm: keepLlmMessages }, () => {}, undefined,
      createScriptedStreamFn([calls(toolCall('mutate', { list: [1] }, 'M')), assistant('ok')]), { trace: (e) => trace.push(e), clock });
    expect(phaseData(trace, 'M', 'validate')).toMatchObject({ value: { list: [1] } });
    expect(phaseData(trace, 'M', 'execute')).toMatchObject({ args: { list: [1] }, result: { details: { list: [1, 99] } } });
  });

  it('counts accepted updates and marks a late one as ignored', async () => {
    const { trace, events } = await traceRun([calls(toolCall('progress', { updates: 2, stepMs: 5, lateMs: 20 }, 'U')), assistant('done')]);
    const updates = trace.filter((e) => e.type === 'trace_update').map((e) => e.type === 'trace_update' && `@${e.t} ${e.accepted}`);
    expect(updates).toEqual(['@0 true', '@5 true', '@30 false']);
    expect(phaseData(trace, 'U', 'execute')).toMatchObject({ updates: 2 });
    expect(events.filter((e) => e.type === 'tool_execution_update')).toHaveLength(2);
  });

  it('stamps the messages the loop builds with epoch + clock time when a clock is injected', async () => {
    const { events } = await traceRun([calls(toolCall('sleep', { ms: 25, label: 'A' }, 'A')), assistant('done')], {}, { epochMs: 1_000_000 });
    const result = events.find((e) => e.type === 'message_end' && e.message.role === 'toolResult');
    expect((result as { message: ToolResultMessage }).message.timestamp).toBe(1_000_025);
  });

  it('ends the queued span of calls an abort left unprocessed as skipped', async () => {
    const abort = new AbortController();
    const { trace } = await traceRun(
      [calls(toolCall('sleep', { ms: 30, label: 'A' }, 'A'), toolCall('echo', { text: 'b' }, 'B'), toolCall('echo', { text: 'c' }, 'C')), assistant('never')],
      { toolExecution: 'sequential', beforeToolCall: async () => { abort.abort(); return undefined; } },
      { signal: abort.signal },
    );
    const text = formatTrace(trace, { data: false });
    expect(text).toContain('@0 A beforeToolCall end aborted');
    expect(text).toContain('@0 A result end aborted');
    expect(text).toContain('@0 B queued end skipped');
    expect(text).toContain('@0 C queued end skipped');
    expect(checkTrace(trace)).toEqual([]);
  });

  it('marks a batch cut off by the output-token limit as truncated', async () => {
    const { trace } = await traceRun([assistant([toolCall('echo', { text: 'x' }, 'T')], { stopReason: 'length' }), assistant('ok')]);
    const text = formatTrace(trace, { data: false });
    expect(text).toContain('batch start sequential truncated [T]');
    expect(text).toContain('T queued end ok\n@0 T result start\n@0 T result end error');
  });

  it('closes blocks a stopped stream never finished', async () => {
    const abort = new AbortController();
    // Streams a text block, then waits: the abort ends the message before the block's end event.
    const stalling: StreamFn = (model, _context, options) => {
      const stream = new AssistantMessageEventStream();
      const partial = { ...assistant([]), api: model.api, stopReason: 'pending' as const };
      queueMicrotask(() => {
        stream.push({ type: 'start', partial });
        const withText = { ...partial, content: [text('half')] };
        stream.push({ type: 'text_start', contentIndex: 0, partial: withText });
        stream.push({ type: 'text_delta', contentIndex: 0, delta: 'half', partial: withText });
        options?.signal?.addEventListener('abort', () => {
          stream.push({ type: 'error', reason: 'aborted', error: { ...withText, stopReason: 'aborted', errorMessage: 'Request was aborted' } });
        });
      });
      return stream;
    };
    const { trace } = await traceRun(stalling, {}, {
      signal: abort.signal,
      onEvent: (e) => { if (e.type === 'message_update' && e.assistantMessageEvent.type === 'text_delta') abort.abort(); },
    });
    expect(formatTrace(trace, { data: false })).toBe([
      '@0 run start mixed', '@0 turn 1 start',
      '@0 block 0 start text', '@0 block 0 delta 4', '@0 block 0 end text',
      '@0 turn 1 end', '@0 run end',
    ].join('\n'));
    expect(checkTrace(trace)).toEqual([]);
  });

  it('closes every open span and logs the error when the loop breaks', async () => {
    const { trace, settled } = await traceRun([calls(toolCall('echo', { text: 'x' }, 'E')), assistant('ok')], {
      shouldStopAfterTurn: () => { throw new Error('hook broke'); },
    });
    expect(settled).toBe('rejected hook broke');
    expect(formatTrace(trace, { data: false }).split('\n').slice(-3)).toEqual(['@0 turn 1 end', '@0 error hook broke', '@0 run end']);
    expect(checkTrace(trace)).toEqual([]);
  });
});

describe('Tracer on a clock that moves at every reading', () => {
  const call = (id: string) => ({ type: 'toolCall' as const, id, name: 'echo', arguments: {} });
  const traced = () => {
    let readings = 0;
    const trace: TraceEvent[] = [];
    const tracer = new Tracer((event) => trace.push(event), { now: () => readings++ });
    return { tracer, trace };
  };

  it('ends the first call\'s wait at the batch start, which began it in the same step; later calls read the clock', () => {
    const { tracer, trace } = traced();
    const [a, b] = [call('a'), call('b')];
    tracer.batchStart('parallel', [a, b]);
    tracer.callStarted(a);
    tracer.phaseStart(a, 'validate');
    tracer.callStarted(b);
    expect(formatTrace(trace, { data: false })).toBe([
      '@0 batch start parallel [a,b]', '@0 a queued start', '@0 b queued start',
      '@0 a queued end ok', '@1 a validate start', '@2 b queued end ok',
    ].join('\n'));
  });

  it('gives the first call its own reading when another row came between', () => {
    const { tracer, trace } = traced();
    const a = call('a');
    tracer.batchStart('sequential', [a]);
    tracer.update(a, {}, true);
    tracer.callStarted(a);
    expect(trace.map((event) => event.t)).toEqual([0, 0, 1, 2]);
  });

  it('closes the phases of a call object that repeats in its batch at its first position, as before', () => {
    const { tracer, trace } = traced();
    const [c, d] = [call('c'), call('d')];
    tracer.batchStart('parallel', [c, d, c]);
    for (const started of [c, d, c]) tracer.callStarted(started);
    tracer.phaseStart(d, 'validate');
    tracer.phaseStart(c, 'execute');
    tracer.runEnd('boom');
    const ends = trace.filter((event) => event.type === 'trace_phase_end' && event.outcome === 'error');
    expect(ends.map((event) => event.type === 'trace_phase_end' && `${event.toolCallId} ${event.phase}`)).toEqual(['c execute', 'd validate']);
  });
});

import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock, type Clock } from '../../engine/index.ts';
import type { AssistantMessage } from '../../ai/index.ts';
import type { AgentEvent, AgentTool } from '../../engine/index.ts';
import { parseScenario } from './parse/index.ts';
import { runScenario, type RunScenarioOptions } from './run-scenario.ts';
import type { Scenario } from './scenario.ts';

function sleepTool(clock: Clock): AgentTool<any> {
  return {
    name: 'sleep',
    label: 'Sleep',
    description: 'Waits for ms milliseconds',
    parameters: Type.Object({ ms: Type.Integer({ minimum: 0 }) }),
    execute: async (_id, params, signal) => {
      const { ms } = params as { ms: number };
      await clock.sleep(ms, signal);
      if (signal?.aborted) throw new Error(`sleep ${ms} aborted`);
      return { content: [{ type: 'text', text: `slept ${ms}` }], details: {} };
    },
  };
}

function scenarioOf(file: object): Scenario {
  const parsed = parseScenario(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.scenario;
}

const twoSleeps = (extra: object = {}) => scenarioOf({
  systemPrompt: 'You sleep.',
  prompt: 'Sleep twice',
  timing: { tokenSize: 2, tokensPerSecond: 100 },
  turns: [
    { content: [{ type: 'text', text: 'Napping twice.' }, { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 2000 } }, { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 2000 } }] },
    { content: 'Rested.' },
  ],
  ...extra,
});

async function run(scenario: Scenario, options: Omit<RunScenarioOptions, 'clock' | 'tools'> = {}) {
  const clock = new VirtualClock();
  const started = performance.now();
  const result = await runScenario(scenario, { clock, tools: [sleepTool(clock)], ...options }).finished;
  return { ...result, clock, wallMs: performance.now() - started };
}

/** One line per event: type plus what identifies it. */
function outline(events: AgentEvent[]): string[] {
  return events.filter((e) => e.type !== 'message_update').map((e) => {
    if (e.type === 'tool_execution_start' || e.type === 'tool_execution_end') return `${e.type}:${e.toolCallId}`;
    if (e.type === 'message_start' || e.type === 'message_end') {
      const m = e.message as AssistantMessage | { role: string; content: unknown };
      const text = m.role === 'user' ? `:${JSON.stringify(m.content)}` : m.role === 'assistant' ? `:${(m as AssistantMessage).stopReason}` : '';
      return `${e.type}:${m.role}${text}`;
    }
    return e.type;
  });
}

/** Clock time of each scripted streaming and tool phase, from the trace. */
const executeEnds = (trace: { type: string; phase?: string; t: number; toolCallId?: string }[]) =>
  trace.filter((e) => e.type === 'trace_phase_end' && e.phase === 'execute').map((e) => `${e.toolCallId}@${e.t}`);

describe('runScenario under a VirtualClock', () => {
  it('runs two 2-second sleeps in about 2000 ms in parallel and 4000 ms in sequence, in no wall time', async () => {
    const parallel = await run(twoSleeps());
    const sequential = await run(twoSleeps({ toolExecution: 'sequential' }));
    // Streaming takes a few virtual ms at 100 tokens/s: 'Napping twice.' is 2 chunks, each call's JSON 3 chunks, 'Rested.' 1.
    expect(parallel.durationMs).toBeGreaterThanOrEqual(2000);
    expect(parallel.durationMs).toBeLessThan(2200);
    expect(sequential.durationMs - parallel.durationMs).toBe(2000);
    expect(executeEnds(parallel.trace)).toEqual(['a@' + (parallel.durationMs - 20), 'b@' + (parallel.durationMs - 20)]);
    expect(parallel.wallMs + sequential.wallMs).toBeLessThan(3000);
    expect(outline(parallel.events)).toEqual([
      'agent_start', 'turn_start', 'message_start:user:[{"type":"text","text":"Sleep twice"}]', 'message_end:user:[{"type":"text","text":"Sleep twice"}]',
      'message_start:assistant:pending', 'message_end:assistant:toolUse',
      'tool_execution_start:a', 'tool_execution_start:b', 'tool_execution_end:a', 'tool_execution_end:b',
      'message_start:toolResult', 'message_end:toolResult', 'message_start:toolResult', 'message_end:toolResult', 'turn_end',
      'turn_start', 'message_start:assistant:pending', 'message_end:assistant:stop', 'turn_end', 'agent_end',
    ]);
  });

  it('replays identically: same events, same messages and timestamps, same trace', async () => {
    const scenario = twoSleeps({ timing: { tokenSize: { min: 1, max: 3 }, tokensPerSecond: 30, seed: 5 } });
    const first = await run(scenario, { epochMs: 1_700_000_000_000 });
    const second = await run(scenario, { epochMs: 1_700_000_000_000 });
    expect(JSON.stringify(second.events)).toBe(JSON.stringify(first.events));
    expect(JSON.stringify(second.trace)).toBe(JSON.stringify(first.trace));
    expect(second.durationMs).toBe(first.durationMs);
    expect(first.messages.every((m) => (m as { timestamp: number }).timestamp >= 1_700_000_000_000)).toBe(true);
  });

  it('delivers a steering message after the tool call it waits for, at the start of the next turn', async () => {
    const result = await run(twoSleeps({ steering: [{ text: 'Be quick', at: { toolCallEnd: 'b' } }] }));
    const lines = outline(result.events);
    const turn2 = lines.lastIndexOf('turn_start');
    expect(lines.slice(turn2, turn2 + 3)).toEqual([
      'turn_start', 'message_start:user:[{"type":"text","text":"Be quick"}]', 'message_end:user:[{"type":"text","text":"Be quick"}]',
    ]);
    expect(result.trace.some((e) => e.type === 'trace_log' && e.text === 'steering message 1 queued: Be quick')).toBe(true);
  });

  it('starts another turn for a follow-up when the agent would stop, and fails it when the script has run out', async () => {
    const result = await run(scenarioOf({ prompt: 'hi', turns: [{ content: 'Hello.' }], followUp: [{ text: 'And then?' }] }));
    expect(outline(result.events).slice(-9)).toEqual([
      'message_end:assistant:stop', 'turn_end', 'turn_start',
      'message_start:user:[{"type":"text","text":"And then?"}]', 'message_end:user:[{"type":"text","text":"And then?"}]',
      'message_start:assistant:error', 'message_end:assistant:error', 'turn_end', 'agent_end',
    ]);
    const last = result.messages.at(-1) as AssistantMessage;
    expect(last).toMatchObject({ stopReason: 'error', errorMessage: 'No more faux responses queued' });
  });

  it('aborts 500 ms after a tool starts executing: the tool sees the signal, the next request ends aborted', async () => {
    const result = await run(twoSleeps({ toolExecution: 'sequential', abort: { toolCallExecute: 'a', afterMs: 500 } }));
    const ends = result.events.filter((e) => e.type === 'tool_execution_end');
    expect(ends).toHaveLength(1); // sequential: the batch stops after the aborted call, as in pi
    expect(ends[0]).toMatchObject({ toolCallId: 'a', isError: true, result: { content: [{ type: 'text', text: 'sleep 2000 aborted' }] } });
    const last = result.messages.at(-1) as AssistantMessage;
    expect(last).toMatchObject({ role: 'assistant', stopReason: 'aborted', errorMessage: 'Request was aborted', content: [] });
    const executeStart = result.trace.find((e) => e.type === 'trace_phase_start' && e.phase === 'execute')!;
    expect(executeEnds(result.trace)).toEqual([`a@${executeStart.t + 500}`]);
  });

  it('aborts mid-text at a clock time, keeping the text streamed so far', async () => {
    const scenario = scenarioOf({
      prompt: 'talk', timing: { tokenSize: 1, tokensPerSecond: 10 }, abort: { atMs: 250 },
      turns: [{ content: 'One two three four five six.' }],
    });
    const result = await run(scenario);
    const last = result.messages.at(-1) as AssistantMessage;
    // 4-char chunks at 100 ms each; the abort at 250 ms is noticed when the third chunk's delay ends (300 ms),
    // before that chunk is added, as faux does.
    expect(last).toMatchObject({ stopReason: 'aborted', content: [{ type: 'text', text: 'One two ' }] });
    expect(result.durationMs).toBe(300);
  });

  it('stops at once when the outside signal is already aborted, and cancels pending moments', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await run(twoSleeps({ abort: { atMs: 60_000 } }), { signal: controller.signal });
    expect((result.messages.at(-1) as AssistantMessage).stopReason).toBe('aborted');
    expect(result.clock.pendingTimers).toBe(0);
    expect(result.durationMs).toBe(0);
  });

  it('closes the run as pi\'s Agent does when a hook breaks the loop', async () => {
    const result = await run(twoSleeps(), { hooks: { shouldStopAfterTurn: () => { throw new Error('hook exploded'); } } });
    expect(result.failure).toBe('hook exploded');
    expect(outline(result.events).slice(-4)).toEqual(['message_start:assistant:error', 'message_end:assistant:error', 'turn_end', 'agent_end']);
    expect(result.messages).toHaveLength(1);
  });

  it('streams parsed-so-far tool-call arguments beside the events', async () => {
    const result = await run(scenarioOf({
      prompt: 'go', timing: { tokenSize: 1 },
      turns: [{ content: [{ type: 'toolCall', id: 'c', name: 'sleep', rawArguments: '{"ms": 10' }], stopReason: 'length' }, { content: 'ok' }],
    }));
    expect(result.toolCallArguments.map((p) => [p.text, p.arguments])).toEqual([['{"ms', {}], ['{"ms": 1', { ms: 1 }], ['{"ms": 10', { ms: 10 }]]);
    const end = result.events.find((e) => e.type === 'tool_execution_end');
    expect(end).toMatchObject({ isError: true });
  });
});

describe('why a batch runs sequentially', () => {
  const napTool = (clock: Clock, name: string, executionMode?: 'sequential'): AgentTool<any> => ({
    ...sleepTool(clock), name, ...(executionMode ? { executionMode } : {}),
  });
  const batchStarts = async (toolExecution: 'parallel' | 'sequential', calls: string[]) => {
    const clock = new VirtualClock();
    const tools = [napTool(clock, 'nap_a', 'sequential'), napTool(clock, 'nap_b'), napTool(clock, 'nap_c', 'sequential')];
    const scenario = scenarioOf({
      prompt: 'Nap', toolExecution,
      turns: [{ content: calls.map((name, i) => ({ type: 'toolCall', id: `c${i}`, name, arguments: { ms: 10 } })) }, { content: 'Done.' }],
    });
    const { trace, events } = await runScenario(scenario, { clock, tools }).finished;
    return { starts: trace.filter((e) => e.type === 'trace_batch_start'), events };
  };

  it('names the sequential tools (once each, in call order) when the loop setting is parallel', async () => {
    const one = await batchStarts('parallel', ['nap_b', 'nap_a', 'nap_a']);
    expect(one.starts).toMatchObject([{ mode: 'sequential', sequentialBecause: ['nap_a'] }]);
    const two = await batchStarts('parallel', ['nap_c', 'nap_b', 'nap_a']);
    expect(two.starts).toMatchObject([{ mode: 'sequential', sequentialBecause: ['nap_c', 'nap_a'] }]);
    // pi's own events carry nothing of it.
    expect(JSON.stringify(two.events)).not.toContain('sequentialBecause');
  });

  it('says nothing more when the setting is sequential anyway, or no tool forces it', async () => {
    const setting = await batchStarts('sequential', ['nap_a', 'nap_b']);
    expect(setting.starts).toHaveLength(1);
    expect(setting.starts[0]).not.toHaveProperty('sequentialBecause');
    const parallel = await batchStarts('parallel', ['nap_b', 'nap_b']);
    expect(parallel.starts).toMatchObject([{ mode: 'parallel' }]);
    expect(parallel.starts[0]).not.toHaveProperty('sequentialBecause');
  });
});

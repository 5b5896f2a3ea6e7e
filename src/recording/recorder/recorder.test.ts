import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock, type Clock } from '../../engine/index.ts';
import { parseScenario } from '../scenario/parse/index.ts';
import type { Scenario } from '../scenario/scenario.ts';
import type { AgentTool } from '../../engine/index.ts';
import { Recorder, recordScenario } from './index.ts';
import type { Recording } from '../recording.ts';
import type { TraceSink } from '../../engine/index.ts';

function sleepTool(clock: Clock, name = 'sleep'): AgentTool<any> {
  return {
    name,
    label: name,
    description: 'Waits for ms milliseconds',
    parameters: Type.Object({ ms: Type.Integer({ minimum: 0 }) }),
    execute: async (_id, params, signal) => {
      await clock.sleep((params as { ms: number }).ms, signal);
      return { content: [{ type: 'text', text: 'slept' }], details: {} };
    },
  };
}

function scenarioOf(file: object): Scenario {
  const parsed = parseScenario(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.scenario;
}

const twoSleeps = scenarioOf({
  prompt: 'Sleep twice',
  timing: { tokenSize: { min: 1, max: 3 }, tokensPerSecond: 50, seed: 3 },
  turns: [
    { content: [{ type: 'text', text: 'Napping twice.' }, { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 2000 } }, { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 2000 } }] },
    { content: 'Rested.' },
  ],
});

async function record(scenario: Scenario, extra: Partial<Parameters<typeof recordScenario>[1]> = {}): Promise<Recording> {
  const clock = new VirtualClock();
  return recordScenario(scenario, { id: 'r', clock, tools: [sleepTool(clock)], ...extra }).finished;
}

describe('recordScenario', () => {
  it('keeps pi events and trace events in emission order on one clock, numbered from 0', async () => {
    const recording = await record(twoSleeps);
    expect(recording.status).toBe('done');
    expect(recording.events.map((e) => e.seq)).toEqual(recording.events.map((_, i) => i));
    const times = recording.events.map((e) => e.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(0);
    expect(recording.durationMs).toBe(times.at(-1));
    const kinds = recording.events.map((e) => (e.source === 'pi' ? e.event.type : e.event.type));
    // The trace opens the run before pi's agent_start; each call's execute span sits between its pi start and end.
    expect(kinds[0]).toBe('trace_run_start');
    expect(kinds).toContain('agent_start');
    const startA = recording.events.findIndex((e) => e.source === 'pi' && e.event.type === 'tool_execution_start' && e.event.toolCallId === 'a');
    const execA = recording.events.findIndex((e) => e.source === 'trace' && e.event.type === 'trace_phase_start' && e.event.toolCallId === 'a' && e.event.phase === 'execute');
    const endA = recording.events.findIndex((e) => e.source === 'pi' && e.event.type === 'tool_execution_end' && e.event.toolCallId === 'a');
    expect(startA).toBeLessThan(execA);
    expect(execA).toBeLessThan(endA);
    expect(recording.events[endA].t - recording.events[execA].t).toBe(2000);
  });

  it('snapshots each streamed update as it was then, not as pi later mutated it', async () => {
    const recording = await record(twoSleeps);
    // The text of the first assistant message at each of its text deltas.
    const firstEnd = recording.events.findIndex((e) => e.source === 'pi' && e.event.type === 'message_end' && e.event.message.role === 'assistant');
    const texts = recording.events.slice(0, firstEnd).flatMap((e) => {
      if (e.source !== 'pi' || e.event.type !== 'message_update' || e.event.assistantMessageEvent.type !== 'text_delta') return [];
      const block = e.event.message.content[0] as { type: string; text?: string };
      return [block.text ?? ''];
    });
    expect(texts.length).toBeGreaterThan(2);
    for (let i = 1; i < texts.length; i++) {
      expect(texts[i].length).toBeGreaterThan(texts[i - 1].length);
      expect(texts[i].startsWith(texts[i - 1])).toBe(true);
    }
    expect(texts.at(-1)).toBe('Napping twice.');
  });

  it('records the same scenario identically twice', async () => {
    const first = await record(twoSleeps);
    const second = await record(twoSleeps);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('overrides the execution mode: two 2-second sleeps take about 2 s in parallel and 2 s more in sequence', async () => {
    const parallel = await record(twoSleeps, { toolExecution: 'parallel' });
    const sequential = await record(twoSleeps, { toolExecution: 'sequential', id: 's' });
    expect(parallel.label).toBe('parallel');
    expect(sequential).toMatchObject({ id: 's', label: 'sequential', toolExecution: 'sequential' });
    expect(parallel.durationMs).toBeGreaterThanOrEqual(2000);
    expect(parallel.durationMs).toBeLessThan(2500);
    expect(sequential.durationMs - parallel.durationMs).toBe(2000);
    const batch = sequential.events.find((e) => e.source === 'trace' && e.event.type === 'trace_batch_start');
    expect(batch?.event).toMatchObject({ mode: 'sequential', toolCallIds: ['a', 'b'] });
  });

  it('ends as failed with the reason when a loop hook breaks the run', async () => {
    const recording = await record(twoSleeps, {
      hooks: { shouldStopAfterTurn: () => { throw new Error('hook exploded'); } },
    });
    expect(recording.status).toBe('failed');
    expect(recording.failure).toBe('hook exploded');
    const last = recording.events.filter((e) => e.source === 'pi').at(-1);
    expect(last?.event.type).toBe('agent_end');
  });

  it('attaches extra trace sources for the length of the run only', async () => {
    let attached: TraceSink | undefined;
    let detached = false;
    const clock = new VirtualClock();
    const live = recordScenario(twoSleeps, {
      id: 'r', clock, tools: [sleepTool(clock)],
      traceSources: [(sink) => { attached = sink; return () => { detached = true; }; }],
    });
    attached?.({ type: 'trace_log', t: 0, level: 'log', text: 'from the sandbox' });
    const recording = await live.finished;
    expect(detached).toBe(true);
    expect(recording.events.some((e) => e.source === 'trace' && e.event.type === 'trace_log' && e.event.text === 'from the sandbox')).toBe(true);
  });

  it('counts time from the first event when the clock ran before it (a live run loads its tools first)', async () => {
    const clock = new VirtualClock();
    await clock.sleep(250); // the clock was made, then the tools took 250 ms to load
    const live = recordScenario(twoSleeps, { id: 'r', clock, tools: [sleepTool(clock)] });
    expect(live.now()).toBe(0); // nothing recorded yet: a cursor following it stays at 0
    const recording = await live.finished;
    expect(recording.events[0].t).toBe(0);
    // The cursor stops at the duration: every event is at or before it, the last one exactly there.
    expect(recording.durationMs).toBe(recording.events.at(-1)!.t);
    expect(recording.events.every((e) => e.t <= recording.durationMs)).toBe(true);
    expect(recording.durationMs).toBe((await record(twoSleeps)).durationMs);
    expect(live.now()).toBe(clock.now() - 250);
    // A trace event's own time is moved the same way.
    const recorder = new Recorder({ id: 'x', label: 'x', toolExecution: 'parallel', clock });
    const at = clock.now();
    recorder.trace({ type: 'trace_log', t: at, level: 'log', text: 'first' });
    recorder.trace({ type: 'trace_log', t: at + 5, level: 'log', text: 'later' });
    expect(recorder.recording.events.map((e) => e.t)).toEqual([0, 5]);
    expect(recorder.recording.durationMs).toBe(5);
  });

  it('calls onAppend for every event and once more when finished, and appends nothing after', async () => {
    let calls = 0;
    const clock = new VirtualClock();
    const recording = await recordScenario(twoSleeps, { id: 'r', clock, tools: [sleepTool(clock)], onAppend: () => calls++ }).finished;
    expect(calls).toBe(recording.events.length + 1);
    const recorder = new Recorder({ id: 'x', label: 'x', toolExecution: 'parallel', clock });
    recorder.finish();
    recorder.trace({ type: 'trace_log', t: 1, level: 'log', text: 'late' });
    expect(recorder.recording.events).toHaveLength(0);
    expect(recorder.recording.status).toBe('done');
  });
});

// Caption anchors resolve to the event they name in a recording — by turn, call, phase, update count, log text or
// run — and to nothing when the event never happened.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { recordScenario } from '../../recording/recorder/index.ts';
import type { Recording } from '../../recording/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { describeAnchor, resolveAnchor, resolveCaptions, type LabelledRecordings } from './anchors.ts';
import type { CaptionAnchor } from './types.ts';

function ticker(clock: VirtualClock): AgentTool<any> {
  return {
    name: 'tick', label: 'Tick', description: 'Ticks n times, 100 ms apart.',
    parameters: Type.Object({ n: Type.Integer({ minimum: 1 }) }),
    async execute(_id, params: any, signal, onUpdate) {
      for (let i = 1; i <= params.n; i++) {
        await clock.sleep(100, signal);
        onUpdate?.({ content: [{ type: 'text', text: `tick ${i}` }], details: { i } });
      }
      return { content: [{ type: 'text', text: 'done' }], details: {} };
    },
  };
}

async function record(toolExecution: 'parallel' | 'sequential'): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify({
    prompt: 'tick', toolExecution,
    turns: [
      { content: [{ type: 'text', text: 'Ticking.' }, { type: 'toolCall', name: 'tick', arguments: { n: 3 } }, { type: 'toolCall', name: 'tick', arguments: { n: 'x' } }] },
      { content: 'Done.' },
    ],
  }));
  if (!parsed.ok) throw new Error('scenario');
  const clock = new VirtualClock();
  return recordScenario(parsed.scenario, { id: toolExecution, clock, tools: [ticker(clock)] }).finished;
}

const at = (recording: Recording, anchor: CaptionAnchor) => {
  const position = resolveAnchor([{ label: 'main', recording }], anchor);
  return position ? recording.events[position.seq] : undefined;
};

describe('caption anchors', () => {
  it('find pi events by turn, message edge, call and update count', async () => {
    const r = await record('parallel');
    expect(at(r, { on: 'agent_start' })?.event.type).toBe('agent_start');
    expect(at(r, { on: 'agent_end' })?.event.type).toBe('agent_end');
    const turn2 = at(r, { on: 'turn_start', turn: 2 })!;
    expect(turn2.seq).toBeGreaterThan(at(r, { on: 'turn_end', turn: 1 })!.seq);
    expect(at(r, { on: 'message', turn: 2, edge: 'end' })?.event).toMatchObject({ type: 'message_end', message: { role: 'assistant', stopReason: 'stop' } });
    expect(at(r, { on: 'tool_execution_update', toolCallId: 'call_1_2', nth: 3 })?.event).toMatchObject({ partialResult: { details: { i: 3 } } });
    expect(at(r, { on: 'tool_execution_update', toolCallId: 'call_1_2' })?.t).toBe(100);
    expect(at(r, { on: 'toolResult', toolCallId: 'call_1_3' })?.event).toMatchObject({ type: 'message_end', message: { role: 'toolResult', isError: true } });
    expect(at(r, { on: 'tool_execution_end', toolCallId: 'call_1_3' })?.event).toMatchObject({ isError: true });
  });

  it('find trace events by block, phase, batch and log text', async () => {
    const r = await record('parallel');
    expect(at(r, { on: 'block', turn: 1, kind: 'toolCall', toolCallId: 'call_1_3', edge: 'start' })?.event).toMatchObject({ contentIndex: 2 });
    expect(at(r, { on: 'block', turn: 1, kind: 'text', edge: 'end' })?.event).toMatchObject({ type: 'trace_block_end', kind: 'text' });
    expect(at(r, { on: 'phase', toolCallId: 'call_1_3', phase: 'validate', edge: 'end' })?.event).toMatchObject({ outcome: 'error' });
    expect(at(r, { on: 'phase', toolCallId: 'call_1_2', phase: 'execute', edge: 'end' })?.t).toBe(300);
    expect(at(r, { on: 'batch', turn: 1, edge: 'start' })?.event).toMatchObject({ mode: 'parallel', toolCallIds: ['call_1_2', 'call_1_3'] });
    expect(at(r, { on: 'log', includes: 'never logged' })).toBeUndefined();
  });

  it('name nothing for events that did not happen', async () => {
    const r = await record('parallel');
    for (const anchor of [
      { on: 'turn_start', turn: 3 },
      { on: 'phase', toolCallId: 'call_1_3', phase: 'execute', edge: 'start' },
      { on: 'tool_execution_update', toolCallId: 'call_1_2', nth: 4 },
      { on: 'toolResult', toolCallId: 'nope' },
      { run: 'sequential', on: 'agent_end' },
    ] as CaptionAnchor[]) expect(at(r, anchor), describeAnchor(anchor)).toBeUndefined();
  });

  it('pick the run a compare caption names, and report each caption\'s recording, position and time', async () => {
    const recordings: LabelledRecordings = [
      { label: 'parallel', recording: await record('parallel') },
      { label: 'sequential', recording: await record('sequential') },
    ];
    const resolved = resolveCaptions(recordings, [
      { id: 'p', at: { run: 'parallel', on: 'agent_end' }, text: { en: 'p', 'zh-CN': 'p' } },
      { id: 's', at: { run: 'sequential', on: 'agent_end' }, text: { en: 's', 'zh-CN': 's' } },
      { id: 'x', at: { run: 'main', on: 'agent_end' }, text: { en: 'x', 'zh-CN': 'x' } },
    ]);
    expect(resolved.map((c) => c.position?.recordingId)).toEqual(['parallel', 'sequential', undefined]);
    expect(resolved[0].position!.t).toBe(recordings[0].recording.events.at(-1)!.t);
  });

  it('describe themselves in a short stable form', () => {
    expect(describeAnchor({ on: 'phase', toolCallId: 'call_1_1', phase: 'validate', edge: 'end' })).toBe('call_1_1 validate end');
    expect(describeAnchor({ run: 'sequential', on: 'turn_start', turn: 2 })).toBe('sequential: turn 2 start');
    expect(describeAnchor({ on: 'tool_execution_update', toolCallId: 'c', nth: 2 })).toBe('c tool_execution_update #2');
  });
});

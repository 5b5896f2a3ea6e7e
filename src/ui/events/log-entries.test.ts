import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { recordScenario } from '../../recording/recorder/index.ts';
import type { Recording } from '../../recording/index.ts';
import { buildLogEntries, PI_EVENT_TYPES, rowForSelection, selectionSeq, toolCallIdsIn, type LogFilter } from './log-entries.ts';

async function record(file: object): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  const clock = new VirtualClock();
  const echo = {
    name: 'echo', label: 'Echo', description: 'Echoes', parameters: Type.Object({ text: Type.String() }),
    execute: async (_id: string, params: unknown) => ({ content: [{ type: 'text' as const, text: (params as { text: string }).text }], details: {} }),
  };
  return recordScenario(parsed.scenario, { id: 'r', clock, tools: [echo] }).finished;
}

const filter = (over: Partial<LogFilter> = {}): LogFilter => ({ types: new Set(PI_EVENT_TYPES), toolCallId: null, trace: false, stream: 'text', ...over });

const twoCalls = {
  prompt: 'Echo twice',
  timing: { tokenSize: 1 },
  turns: [
    { content: [{ type: 'text', text: 'Sure thing.' }, { type: 'toolCall', id: 'a', name: 'echo', arguments: { text: 'one' } }, { type: 'toolCall', id: 'b', name: 'nope', arguments: {} }] },
    { content: 'Done.' },
  ],
};

describe('event log rows', () => {
  it('folds a streamed message into one row with its text so far, and shows each delta or every raw event on request', async () => {
    const recording = await record(twoCalls);
    const n = recording.events.length;
    const text = buildLogEntries(recording.events, n, filter());
    const streamRows = text.filter((r) => r.type === 'message_update');
    expect(streamRows).toHaveLength(2);
    expect(streamRows[0].text).toBe('Sure thing. echo({"text":"one"}) nope({})');
    expect(streamRows[0].count).toBeGreaterThan(5);
    const chunks = buildLogEntries(recording.events, n, filter({ stream: 'chunks' })).filter((r) => r.type === 'message_update');
    expect(chunks[0].summary).toBe('text_delta [0] "Sure"');
    const raw = buildLogEntries(recording.events, n, filter({ stream: 'raw' })).filter((r) => r.type === 'message_update');
    expect(raw.length).toBeGreaterThan(chunks.length);
    expect(raw[0].summary).toBe('text_start');
  });

  it('shows only what has happened by the cursor, filtered by type and by tool call', async () => {
    const recording = await record(twoCalls);
    const firstEnd = recording.events.findIndex((e) => e.event.type === 'tool_execution_end');
    const upToEnd = buildLogEntries(recording.events, firstEnd + 1, filter());
    expect(upToEnd.at(-1)?.type).toBe('tool_execution_end');
    expect(upToEnd.at(-1)?.summary).toBe('nope b: Tool nope not found');
    expect(upToEnd.at(-1)?.isError).toBe(true);
    const onlyB = buildLogEntries(recording.events, recording.events.length, filter({ toolCallId: 'b', types: new Set(['tool_execution_start', 'tool_execution_end', 'message_end']) }));
    expect(onlyB.map((r) => r.type)).toEqual(['message_end', 'tool_execution_start', 'tool_execution_end', 'message_end']);
    expect(toolCallIdsIn(recording.events)).toEqual(['a', 'b']);
    const traced = buildLogEntries(recording.events, recording.events.length, filter({ trace: true, types: new Set() }));
    expect(traced.every((r) => r.source === 'trace')).toBe(true);
    expect(traced.find((r) => r.type === 'trace_phase_start')?.summary).toBe('a queued start');
  });

  it('finds the row for a selection: the event itself, the stream row holding it, the row about the call for a phase', async () => {
    const recording = await record(twoCalls);
    const rows = buildLogEntries(recording.events, recording.events.length, filter());
    const end = rows.find((r) => r.type === 'tool_execution_end')!;
    expect(rowForSelection(rows, { seq: end.seq })).toBe(rows.indexOf(end));
    const stream = rows.find((r) => r.type === 'message_update')!;
    expect(rowForSelection(rows, { seq: stream.key + 2 })).toBe(rows.indexOf(stream));
    const queued = recording.events.find((e) => e.event.type === 'trace_phase_start' && e.event.toolCallId === 'b')!;
    expect(rows[rowForSelection(rows, { seq: queued.seq, toolCallId: 'b' })].type).toBe('message_end');
    expect(rowForSelection(rows, null)).toBe(-1);
    // A phase picked on the timeline: the row just before that phase began, about the same call.
    const phaseRow = (phase: string) => rows[rowForSelection(rows, { toolCallId: 'a', ...selectionSeq(recording.events, { toolCallId: 'a', phase }) })];
    expect(phaseRow('execute').type).toBe('tool_execution_start');
    expect(phaseRow('validate').type).toBe('tool_execution_start');
    expect(phaseRow('result')).toMatchObject({ type: 'tool_execution_end', summary: 'echo a: one' });
    expect(phaseRow('queued').type).toBe('message_end');
  });

  it('builds one row per event for 10,000 events in the raw view, and folds the stream in the others', async () => {
    // How fast (a few milliseconds once each event has been described): `npm run bench -- event-log`.
    const recording = await record({ prompt: 'Talk', timing: { tokenSize: 1 }, turns: [{ content: 'Lorem ipsum dolor sit amet. '.repeat(720) }] });
    const n = recording.events.length;
    expect(n).toBeGreaterThan(10_000);
    const raw = buildLogEntries(recording.events, n, filter({ stream: 'raw', trace: true }));
    expect(raw).toHaveLength(n);
    for (const stream of ['chunks', 'text'] as const) {
      const rows = buildLogEntries(recording.events, n, filter({ stream, trace: true }));
      expect(rows.length).toBeLessThan(n);
      expect(rows.at(-1)?.type).toBe('agent_end');
    }
    expect(buildLogEntries(recording.events, n, filter({ stream: 'text', trace: true })).filter((r) => r.type === 'message_update')).toHaveLength(1);
  });
});

describe('the sequential-batch annotation', () => {
  it('says which tools made a parallel setting run a batch sequentially, even with trace events hidden', async () => {
    const parsed = parseScenario(JSON.stringify({
      prompt: 'Nap', toolExecution: 'parallel',
      turns: [{ content: [{ type: 'toolCall', id: 'a', name: 'nap_a', arguments: {} }, { type: 'toolCall', id: 'b', name: 'nap_b', arguments: {} }] }, { content: 'Done.' }],
    }));
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    const nap = (name: string, executionMode?: 'sequential') => ({
      name, label: name, description: 'Naps', parameters: Type.Object({}), ...(executionMode ? { executionMode } : {}),
      execute: async () => ({ content: [{ type: 'text' as const, text: 'z' }], details: {} }),
    });
    const recording = await recordScenario(parsed.scenario, { id: 'r', clock: new VirtualClock(), tools: [nap('nap_a', 'sequential'), nap('nap_b')] }).finished;
    const rows = buildLogEntries(recording.events, recording.events.length, filter());
    const notes = rows.filter((r) => r.sequentialBecause);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ source: 'trace', type: 'trace_batch_start', sequentialBecause: ['nap_a'], toolCallIds: ['a', 'b'] });
    // Between the assistant's message and the first call, as it happens; the other trace events stay hidden.
    const order = rows.map((r) => r.type);
    expect(order.indexOf('trace_batch_start')).toBeLessThan(order.indexOf('tool_execution_start'));
    expect(rows.filter((r) => r.source === 'trace')).toHaveLength(1);
    // A batch that is parallel says nothing.
    const plain = await record(twoCalls);
    expect(buildLogEntries(plain.events, plain.events.length, filter()).some((r) => r.sequentialBecause)).toBe(false);
  });
});

// Timeline layout of real recorded runs (our loop on a VirtualClock): the spans a learner sees, as text.
import { describe, expect, it } from 'vitest';
import { fileTool, largeScenario, recordScenario } from '../testing/layout-fixtures.ts';
import { formatLayout, formatRecordingLayout, layoutRecording, layoutRecordings } from './layout.ts';
import type { PhaseData, TraceEvent } from '../../engine/index.ts';

const sleeps = (ms: number[], extra: object = {}) => ({
  prompt: 'Sleep', timing: { tokenSize: 4, tokensPerSecond: 100 },
  turns: [
    { content: ms.map((n, i) => ({ type: 'toolCall', id: String.fromCharCode(97 + i), name: 'sleep', arguments: { ms: n, label: `S${i}` } })) },
    { content: 'Rested.' },
  ],
  ...extra,
});

const text = async (file: object, options = {}) => formatRecordingLayout(layoutRecording(await recordScenario(file, options)));

describe('layoutRecording', () => {
  it('shows parallel calls side by side and sequential ones one after another, on one scale', async () => {
    const parallel = await recordScenario(sleeps([2000, 2000]), { id: 'par', label: 'parallel' });
    const sequential = await recordScenario(sleeps([2000, 2000], { toolExecution: 'sequential' }), { id: 'seq', label: 'sequential' });
    const layout = layoutRecordings([parallel, sequential]);
    expect(layout.durationMs).toBe(layout.recordings[1].durationMs);
    expect(layout.recordings[1].durationMs - layout.recordings[0].durationMs).toBe(2000);
    expect(formatLayout(layout)).toMatchInlineSnapshot(`
      "recording par "parallel" parallel done 2140ms
      turn 1 0-2120
      turn 2 2120-2140
      stream
        response turn 1 0-120 toolUse
          toolCall #0 a 0-60 2 deltas 24 chars
          toolCall #1 b 60-120 2 deltas 24 chars
        response turn 2 2120-2140 stop
          text #0 2120-2140 1 deltas 7 chars
        message @0 "Sleep"
      batch turn 1 parallel 120-2120 [a,b]
      call sleep a turn 1 parallel 1/2 120-2120 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-2120 ok
        result 2120-2120 ok pi 3
      call sleep b turn 1 parallel 2/2 120-2120 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-2120 ok
        result 2120-2120 ok pi 3

      recording seq "sequential" sequential done 4140ms
      turn 1 0-4120
      turn 2 4120-4140
      stream
        response turn 1 0-120 toolUse
          toolCall #0 a 0-60 2 deltas 24 chars
          toolCall #1 b 60-120 2 deltas 24 chars
        response turn 2 4120-4140 stop
          text #0 4120-4140 1 deltas 7 chars
        message @0 "Sleep"
      batch turn 1 sequential 120-4120 [a,b]
      call sleep a turn 1 sequential 1/2 120-2120 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-2120 ok
        result 2120-2120 ok pi 3
      call sleep b turn 1 sequential 2/2 120-4120 -> ok
        queued 120-2120 ok pi 1
        validate 2120-2120 ok
        execute 2120-4120 ok
        result 4120-4120 ok pi 3"
    `);
  });

  it('runs every call of a batch in sequence when one tool asks for sequential execution', async () => {
    const file = {
      prompt: 'Mixed', timing: { tokenSize: 4, tokensPerSecond: 100 },
      turns: [
        { content: [
          { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 40, label: 'A' } },
          { type: 'toolCall', id: 's', name: 'seq', arguments: { ms: 10, label: 'S' } },
          { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 10, label: 'B' } },
        ] },
        { content: 'Done.' },
      ],
    };
    expect(await text(file)).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 260ms
      turn 1 0-240
      turn 2 240-260
      stream
        response turn 1 0-180 toolUse
          toolCall #0 a 0-60 2 deltas 21 chars
          toolCall #1 s 60-120 2 deltas 21 chars
          toolCall #2 b 120-180 2 deltas 21 chars
        response turn 2 240-260 stop
          text #0 240-260 1 deltas 5 chars
        message @0 "Mixed"
      batch turn 1 sequential 180-240 [a,s,b]
      call sleep a turn 1 sequential 1/3 180-220 -> ok
        queued 180-180 ok pi 1
        validate 180-180 ok
        execute 180-220 ok
        result 220-220 ok pi 3
      call seq s turn 1 sequential 2/3 180-230 -> ok
        queued 180-220 ok pi 1
        validate 220-220 ok
        execute 220-230 ok
        result 230-230 ok pi 3
      call sleep b turn 1 sequential 3/3 180-240 -> ok
        queued 180-230 ok pi 1
        validate 230-230 ok
        execute 230-240 ok
        result 240-240 ok pi 3"
    `);
  });

  it('ends a call with invalid arguments at validation, with pi\'s issues in the phase data', async () => {
    const recording = await recordScenario({
      prompt: 'Typed', timing: { tokenSize: 4, tokensPerSecond: 100 },
      turns: [
        { content: [{ type: 'toolCall', id: 'v', name: 'typed', arguments: { count: 'abc', flag: 'yes' } }] },
        { content: 'Sorry.' },
      ],
    });
    const layout = layoutRecording(recording);
    expect(formatRecordingLayout(layout)).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 90ms
      turn 1 0-70
      turn 2 70-90
      stream
        response turn 1 0-70 toolUse
          toolCall #0 v 0-70 2 deltas 28 chars
        response turn 2 70-90 stop
          text #0 70-90 1 deltas 6 chars
        message @0 "Typed"
      batch turn 1 parallel 70-70 [v]
      call typed v turn 1 parallel 1/1 70-70 -> error
        queued 70-70 ok pi 1
        validate 70-70 error
        result 70-70 error pi 3"
    `);
    const validate = layout.calls[0].spans.find((s) => s.phase === 'validate')!;
    const end = recording.events[validate.endSeq!];
    expect(end.source === 'trace' && end.event.type === 'trace_phase_end' && (end.event.data as Extract<PhaseData, { phase: 'validate' }>).issues.map((i) => i.path))
      .toEqual(['name', 'count', 'flag']);
  });

  it('shows a blocked call ending at beforeToolCall while its neighbour runs', async () => {
    const file = sleeps([30, 30]);
    const hooks = {
      beforeToolCall: async ({ toolCall }: { toolCall: { id: string } }) => (toolCall.id === 'b' ? { block: true, reason: 'not now' } : undefined),
    };
    expect(await text(file, { hooks })).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 170ms
      turn 1 0-150
      turn 2 150-170
      stream
        response turn 1 0-120 toolUse
          toolCall #0 a 0-60 2 deltas 22 chars
          toolCall #1 b 60-120 2 deltas 22 chars
        response turn 2 150-170 stop
          text #0 150-170 1 deltas 7 chars
        message @0 "Sleep"
      batch turn 1 parallel 120-150 [a,b]
      call sleep a turn 1 parallel 1/2 120-150 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        beforeToolCall 120-120 ok
        execute 120-150 ok
        result 150-150 ok pi 3
      call sleep b turn 1 parallel 2/2 120-150 -> blocked
        queued 120-120 ok pi 1
        validate 120-120 ok
        beforeToolCall 120-120 blocked
        result 120-150 blocked pi 3"
    `);
  });

  it('fails every call of a response cut off by the token limit without preparing it', async () => {
    const file = {
      prompt: 'Cut', timing: { tokenSize: 4, tokensPerSecond: 100 },
      turns: [
        { content: [
          { type: 'text', text: 'Two calls' },
          { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 10, label: 'A' } },
          { type: 'toolCall', id: 'b', name: 'sleep', rawArguments: '{"ms": 1' },
        ], stopReason: 'length' },
        { content: 'Retrying later.' },
      ],
    };
    expect(await text(file)).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 150ms
      turn 1 0-110
      turn 2 110-150
      stream
        response turn 1 0-110 length
          text #0 0-30 1 deltas 9 chars
          toolCall #1 a 30-90 2 deltas 21 chars
          toolCall #2 b 90-110 1 deltas 8 chars
        response turn 2 110-150 stop
          text #0 110-150 1 deltas 15 chars
        message @0 "Cut"
      batch turn 1 sequential 110-110 [a,b] truncated
      call sleep a turn 1 sequential 1/2 truncated 110-110 -> error
        queued 110-110 ok pi 1
        result 110-110 error pi 3
      call sleep b turn 1 sequential 2/2 truncated 110-110 -> error
        queued 110-110 ok pi 1
        result 110-110 error pi 3"
    `);
  });

  it('shows an abort: the running call fails, the waiting one is skipped, the next response is aborted', async () => {
    const file = sleeps([2000, 2000], { toolExecution: 'sequential', abort: { toolCallExecute: 'a', afterMs: 500 } });
    expect(await text(file)).toMatchInlineSnapshot(`
      "recording run "sequential" sequential done 620ms
      turn 1 0-620
      turn 2 620-620
      stream
        response turn 1 0-120 toolUse
          toolCall #0 a 0-60 2 deltas 24 chars
          toolCall #1 b 60-120 2 deltas 24 chars
        response turn 2 620-620 aborted
        message @0 "Sleep"
        log @620 "scenario abort: the signal fires"
      batch turn 1 sequential 120-620 [a,b]
      call sleep a turn 1 sequential 1/2 120-620 -> error
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-620 error
        result 620-620 error pi 3
      call sleep b turn 1 sequential 2/2 120-620 -> skipped
        queued 120-620 skipped"
    `);
  });

  it('marks a steering message when it is queued and when the next turn delivers it', async () => {
    const file = sleeps([100, 50], { steering: [{ text: 'Be quick', at: { toolCallEnd: 'b' } }] });
    expect(await text(file)).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 240ms
      turn 1 0-220
      turn 2 220-240
      stream
        response turn 1 0-120 toolUse
          toolCall #0 a 0-60 2 deltas 23 chars
          toolCall #1 b 60-120 2 deltas 22 chars
        response turn 2 220-240 stop
          text #0 220-240 1 deltas 7 chars
        message @0 "Sleep"
        log @170 "steering message 1 queued: Be quick"
        message @220 "Be quick"
      batch turn 1 parallel 120-220 [a,b]
      call sleep a turn 1 parallel 1/2 120-220 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-220 ok
        result 220-220 ok pi 3
      call sleep b turn 1 parallel 2/2 120-220 -> ok
        queued 120-120 ok pi 1
        validate 120-120 ok
        execute 120-170 ok
        result 170-220 ok pi 3"
    `);
  });

  it('ticks each onUpdate on the execute span, late ones marked as ignored', async () => {
    const file = {
      prompt: 'Progress', timing: { tokenSize: 4, tokensPerSecond: 100 },
      turns: [
        { content: [{ type: 'toolCall', id: 'p', name: 'progress', arguments: { updates: 3, stepMs: 10, lateMs: 5 } }] },
        { content: 'Done.' },
      ],
    };
    const recording = await recordScenario(file);
    const layout = layoutRecording(recording);
    expect(formatRecordingLayout(layout)).toMatchInlineSnapshot(`
      "recording run "parallel" parallel done 140ms
      turn 1 0-120
      turn 2 120-140
      stream
        response turn 1 0-90 toolUse
          toolCall #0 p 0-90 3 deltas 36 chars
        response turn 2 120-140 stop
          text #0 120-140 1 deltas 5 chars
        message @0 "Progress"
      batch turn 1 parallel 90-120 [p]
      call progress p turn 1 parallel 1/1 90-125 -> ok
        queued 90-90 ok pi 1
        validate 90-90 ok
        execute 90-120 ok pi 3
          update @90
          update @100
          update @110
          update @125 ignored
        result 120-120 ok pi 3"
    `);
    const [first] = layout.calls[0].updates;
    expect(recording.events[first.piSeq!].event.type).toBe('tool_execution_update');
  });

  it('puts filesystem reads and writes on the lane of the call that made them', async () => {
    const file = {
      prompt: 'Copy', timing: { tokenSize: 4, tokensPerSecond: 100 },
      turns: [{ content: [{ type: 'toolCall', id: 'c', name: 'copy_file', arguments: { from: '/a.txt', to: '/b.txt' } }] }, { content: 'Copied.' }],
    };
    const out = await text(file, { tools: (env: Parameters<typeof fileTool>[0]) => [fileTool(env)] });
    expect(out).toContain('  execute 80-110 ok\n  result 110-110 ok pi 3\n  fs read /a.txt 12B @80\n  fs write /b.txt 12B @110');
  });

  it('shows the hooks around a call: beforeToolCall and afterToolCall spans with their time', async () => {
    const file = sleeps([20]);
    const hooks = {
      beforeToolCall: async () => { await new Promise((r) => setTimeout(r, 0)); return undefined; },
      afterToolCall: async () => ({ details: { replaced: true } }),
    };
    const out = await text(file, { hooks });
    expect(out).toContain('  validate 60-60 ok\n  beforeToolCall 60-60 ok\n  execute 60-80 ok\n  afterToolCall 80-80 ok\n  result 80-80 ok pi 3');
  });

  it('lays out a recording still in progress: open spans reach its end and have no outcome yet', async () => {
    const recording = await recordScenario(sleeps([2000, 1000]));
    const cut = recording.events.findIndex((e) => e.source === 'trace' && e.event.type === 'trace_phase_end' && e.event.phase === 'execute');
    const partial = { ...recording, events: recording.events.slice(0, cut), status: 'recording' as const, durationMs: 0 };
    const layout = layoutRecording(partial);
    expect(layout.durationMs).toBe(120);
    expect(formatRecordingLayout(layout).split('\n').filter((l) => l.includes('open') || l.includes('unfinished'))).toEqual([
      'call sleep a turn 1 parallel 1/2 120-120 -> unfinished',
      '  execute 120-120 open',
      'call sleep b turn 1 parallel 2/2 120-120 -> unfinished',
      '  execute 120-120 open',
    ]);
  });

  it('gives a tool call id a model repeats in a later turn a lane of its own', () => {
    // Scenarios forbid repeated ids, but a recorded provider reply may repeat one.
    const events: TraceEvent[] = [1, 2].flatMap((turn) => [
      { type: 'trace_batch_start', t: turn * 10, turn, mode: 'parallel', toolCallIds: ['x'] },
      { type: 'trace_phase_start', t: turn * 10, turn, toolCallId: 'x', toolName: 'echo', phase: 'queued' },
      { type: 'trace_phase_end', t: turn * 10, turn, toolCallId: 'x', toolName: 'echo', phase: 'queued', outcome: 'ok' },
      { type: 'trace_phase_start', t: turn * 10, turn, toolCallId: 'x', toolName: 'echo', phase: 'result' },
      { type: 'trace_phase_end', t: turn * 10 + 1, turn, toolCallId: 'x', toolName: 'echo', phase: 'result', outcome: 'ok' },
      { type: 'trace_batch_end', t: turn * 10 + 1, turn, terminate: false },
    ] satisfies TraceEvent[]);
    const layout = layoutRecording({
      id: 'r', label: 'r', toolExecution: 'parallel', durationMs: 21, status: 'done',
      events: events.map((event, seq) => ({ seq, t: event.t, source: 'trace', event })),
    });
    expect(layout.calls.map((c) => `${c.key} ${c.label} turn ${c.turn} ${c.startMs}-${c.endMs} ${c.outcome}`))
      .toEqual(['x echo x turn 1 0-1 ok', 'x@2 echo x turn 2 10-11 ok']);
  });

  it('never throws on odd traces: ends without starts, phases outside a batch, an empty recording', () => {
    const trace = (event: TraceEvent, seq: number) => ({ seq, t: event.t, source: 'trace' as const, event });
    const events = [
      trace({ type: 'trace_phase_end', t: 5, turn: 1, toolCallId: 'q', toolName: 'x', phase: 'execute', outcome: 'ok' }, 0),
      trace({ type: 'trace_block_end', t: 6, turn: 1, contentIndex: 3, kind: 'text' }, 1),
      trace({ type: 'trace_turn_end', t: 7, turn: 1 }, 2),
      trace({ type: 'trace_phase_start', t: 8, turn: 1, toolCallId: 'q', toolName: 'x', phase: 'execute' }, 3),
    ];
    const layout = layoutRecording({ id: 'odd', label: 'odd', toolExecution: 'parallel', events, durationMs: 3, status: 'failed' });
    expect(formatRecordingLayout(layout)).toBe([
      'recording odd "odd" parallel failed 3ms', 'stream',
      'call x q turn 1 parallel 1/1 3-3 -> unfinished', '  execute 3-3 open',
    ].join('\n'));
    const empty = layoutRecording({ id: 'e', label: 'e', toolExecution: 'parallel', events: [], durationMs: 0, status: 'recording' });
    expect(empty.durationMs).toBe(0);
    expect(layoutRecordings([]).durationMs).toBe(0);
  });

  it('lays out 10,000 events: one row per call, every call placed', async () => {
    const recording = await recordScenario(largeScenario(46, 10));
    expect(recording.events.length).toBeGreaterThan(9_000);
    // How fast this is lives in `npm run bench -- timeline`, not here.
    const layout = layoutRecording(recording);
    expect(layout.calls).toHaveLength(460);
    const unplaced = layout.calls.filter((c) => !(c.endMs >= c.startMs && c.endMs <= layout.durationMs) || c.outcome === undefined || c.spans.length === 0);
    expect(unplaced.map((c) => c.key)).toEqual([]);
  });
});

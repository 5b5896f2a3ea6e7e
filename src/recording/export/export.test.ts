import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../scenario/parse/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { encodeChromeTraceEvents, encodeChromeTraceJson, type ChromeTraceEvent } from './export-chrome.ts';
import { decodeRecordingJson, encodeRecordingJson, stringifyValue } from './export-json.ts';
import { recordScenario } from '../recorder/index.ts';
import type { Recording } from '../recording.ts';

async function recordSmall(): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify({
    prompt: 'Wait a little',
    timing: { tokenSize: 8, tokensPerSecond: 100 },
    turns: [
      { content: [{ type: 'text', text: 'Waiting.' }, { type: 'toolCall', id: 'w1', name: 'wait', arguments: { ms: 250 } }, { type: 'toolCall', id: 'x1', name: 'nope' }] },
      { content: 'Done.' },
    ],
  }));
  if (!parsed.ok) throw new Error('scenario');
  const clock = new VirtualClock();
  const wait: AgentTool<any> = {
    name: 'wait', label: 'Wait', description: 'Waits', parameters: Type.Object({ ms: Type.Number() }),
    execute: async (_id, params, signal, onUpdate) => {
      onUpdate?.({ content: [{ type: 'text', text: 'half way' }], details: {} });
      await clock.sleep((params as { ms: number }).ms, signal);
      return { content: [{ type: 'text', text: 'waited' }], details: { big: 12n } };
    },
  };
  return recordScenario(parsed.scenario, { id: 'rec-1', clock, tools: [wait] }).finished;
}

/** Every complete event on a thread either contains or follows the ones before it (what a flame chart needs). */
function nestingProblems(events: ChromeTraceEvent[]): string[] {
  const problems: string[] = [];
  const stacks = new Map<string, { end: number; name: string }[]>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    const stack = stacks.get(key) ?? [];
    while (stack.length && stack[stack.length - 1].end <= e.ts!) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && e.ts! + e.dur! > parent.end) problems.push(`${e.name}@${e.ts} overlaps ${parent.name}`);
    stack.push({ end: e.ts! + e.dur!, name: e.name });
    stacks.set(key, stack);
  }
  return problems;
}

describe('Chrome trace export', () => {
  it('writes complete events per phase on one lane per call, instants, and metadata names (text snapshot)', async () => {
    const recording = await recordSmall();
    const events = encodeChromeTraceEvents(recording).filter((e) => e.cat !== 'pi');
    const lines = events.map((e) => stringifyValue(e)).join('\n');
    expect(lines).toMatchInlineSnapshot(`
      "{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"pi playground: parallel"}}
      {"name":"process_sort_index","ph":"M","pid":1,"tid":0,"args":{"sort_index":1}}
      {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"agent loop"}}
      {"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":1}}
      {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"model stream"}}
      {"name":"thread_sort_index","ph":"M","pid":1,"tid":2,"args":{"sort_index":2}}
      {"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"pi events"}}
      {"name":"thread_sort_index","ph":"M","pid":1,"tid":3,"args":{"sort_index":3}}
      {"name":"thread_name","ph":"M","pid":1,"tid":10,"args":{"name":"wait w1 (turn 1)"}}
      {"name":"thread_sort_index","ph":"M","pid":1,"tid":10,"args":{"sort_index":10}}
      {"name":"thread_name","ph":"M","pid":1,"tid":11,"args":{"name":"nope x1 (turn 1)"}}
      {"name":"thread_sort_index","ph":"M","pid":1,"tid":11,"args":{"sort_index":11}}
      {"name":"run (parallel)","cat":"run","ph":"X","ts":0,"dur":330000,"pid":1,"tid":1}
      {"name":"turn 1","cat":"turn","ph":"X","ts":0,"dur":310000,"pid":1,"tid":1}
      {"name":"text","cat":"stream","ph":"X","ts":0,"dur":20000,"pid":1,"tid":2,"args":{"turn":1,"contentIndex":0}}
      {"name":"toolCall w1","cat":"stream","ph":"X","ts":20000,"dur":30000,"pid":1,"tid":2,"args":{"turn":1,"contentIndex":1}}
      {"name":"toolCall x1","cat":"stream","ph":"X","ts":50000,"dur":10000,"pid":1,"tid":2,"args":{"turn":1,"contentIndex":2}}
      {"name":"tool batch (parallel)","cat":"batch","ph":"X","ts":60000,"dur":250000,"pid":1,"tid":1,"args":{"toolCallIds":["w1","x1"],"terminate":false}}
      {"name":"queued","cat":"phase","ph":"X","ts":60000,"dur":0,"pid":1,"tid":10,"args":{"outcome":"ok","data":{"phase":"queued"}}}
      {"name":"queued","cat":"phase","ph":"X","ts":60000,"dur":0,"pid":1,"tid":11,"args":{"outcome":"ok","data":{"phase":"queued"}}}
      {"name":"validate","cat":"phase","ph":"X","ts":60000,"dur":0,"pid":1,"tid":10,"args":{"outcome":"ok","data":{"phase":"validate","received":{"ms":250},"converted":{"ms":250},"value":{"ms":250},"issues":[]}}}
      {"name":"result","cat":"phase","ph":"X","ts":60000,"dur":250000,"pid":1,"tid":11,"args":{"outcome":"error","data":{"phase":"result","result":{"content":[{"type":"text","text":"Tool nope not found"}],"details":{}},"isError":true,"message":{"role":"toolResult","toolCallId":"x1","toolName":"nope","content":[{"type":"text","text":"Tool nope not found"}],"details":{},"isError":true,"timestamp":310}}}}
      {"name":"execute","cat":"phase","ph":"X","ts":60000,"dur":250000,"pid":1,"tid":10,"args":{"outcome":"ok","data":{"phase":"execute","args":{"ms":250},"result":{"content":[{"type":"text","text":"waited"}],"details":{"big":"12n"}},"updates":1}}}
      {"name":"update","cat":"update","ph":"i","ts":60000,"pid":1,"tid":10,"s":"t","args":{"accepted":true,"partialResult":{"content":[{"type":"text","text":"half way"}],"details":{}}}}
      {"name":"result","cat":"phase","ph":"X","ts":310000,"dur":0,"pid":1,"tid":10,"args":{"outcome":"ok","data":{"phase":"result","result":{"content":[{"type":"text","text":"waited"}],"details":{"big":"12n"}},"isError":false,"message":{"role":"toolResult","toolCallId":"w1","toolName":"wait","content":[{"type":"text","text":"waited"}],"details":{"big":"12n"},"isError":false,"timestamp":310}}}}
      {"name":"turn 2","cat":"turn","ph":"X","ts":310000,"dur":20000,"pid":1,"tid":1}
      {"name":"text","cat":"stream","ph":"X","ts":310000,"dur":20000,"pid":1,"tid":2,"args":{"turn":2,"contentIndex":0}}"
    `);
  });

  it('produces a file that parses as JSON, with microsecond times, and spans that nest on every thread', async () => {
    const recording = await recordSmall();
    const text = encodeChromeTraceJson([recording, { ...recording, id: 'rec-2', label: 'sequential' }]);
    const file = JSON.parse(text) as { traceEvents: ChromeTraceEvent[]; displayTimeUnit: string };
    expect(file.displayTimeUnit).toBe('ms');
    expect(new Set(file.traceEvents.map((e) => e.pid))).toEqual(new Set([1, 2]));
    for (const e of file.traceEvents) {
      expect(['X', 'i', 'M']).toContain(e.ph);
      if (e.ph !== 'M') expect(typeof e.ts).toBe('number');
      if (e.ph === 'X') expect(e.dur).toBeGreaterThanOrEqual(0);
    }
    expect(nestingProblems(file.traceEvents)).toEqual([]);
    const execute = file.traceEvents.find((e) => e.name === 'execute' && e.pid === 1);
    expect(execute?.dur).toBe(250_000);
    const piEvents = file.traceEvents.filter((e) => e.cat === 'pi' && e.pid === 1);
    expect(piEvents.length).toBe(recording.events.filter((e) => e.source === 'pi').length);
  });

  it('closes the spans of a run that broke off at its last event, marked unfinished', async () => {
    const recording = await recordSmall();
    const cut = recording.events.findIndex((e) => e.source === 'trace' && e.event.type === 'trace_phase_start' && e.event.phase === 'execute');
    const partial: Recording = { ...recording, events: recording.events.slice(0, cut + 1), status: 'failed', failure: 'stopped' };
    const events = encodeChromeTraceEvents(partial);
    const unfinished = events.filter((e) => e.args?.unfinished === true).map((e) => e.name);
    expect(unfinished).toEqual(expect.arrayContaining(['run (parallel)', 'turn 1', 'tool batch (parallel)', 'execute']));
    expect(nestingProblems(events)).toEqual([]);
  });
});

describe('JSON export', () => {
  it('round-trips a recording, one event a line, with bigint values written as text', async () => {
    const recording = await recordSmall();
    const text = encodeRecordingJson(recording);
    expect(text.split('\n').length).toBe(recording.events.length + 14);
    const decoded = decodeRecordingJson(text);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.recording.events).toHaveLength(recording.events.length);
    expect(JSON.stringify(decoded.recording)).toContain('"big":"12n"');
    expect(decoded.recording).toMatchObject({ id: 'rec-1', label: 'parallel', status: 'done', durationMs: recording.durationMs });
  });

  it('reads a file whose first event is not at 0 (a live run saved by an older version) as starting at 0', async () => {
    const recording = await recordSmall();
    const late = recording.events.map((e) => ({ ...e, t: e.t + 40 }));
    const old = { ...recording, events: late, durationMs: late.at(-1)!.t - late[0].t };
    const decoded = decodeRecordingJson(encodeRecordingJson(old));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.recording.events.map((e) => e.t)).toEqual(recording.events.map((e) => e.t));
    expect(decoded.recording.durationMs).toBe(recording.durationMs);
    expect(decoded.recording.durationMs).toBe(decoded.recording.events.at(-1)!.t);
  });

  it('refuses foreign or damaged files with a reason', () => {
    expect(decodeRecordingJson('{')).toMatchObject({ ok: false });
    expect(decodeRecordingJson('{"format":"other"}')).toEqual({ ok: false, error: 'Not a pi-playground-recording file' });
    expect(decodeRecordingJson('{"format":"pi-playground-recording","version":1,"recording":{"events":[{"seq":0}]}}'))
      .toEqual({ ok: false, error: 'Event 0 is malformed' });
  });
});

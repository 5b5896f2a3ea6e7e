// A recording in Chrome's Trace Event Format (the JSON that Perfetto and DevTools' performance panel open): one
// process per recording; threads for the loop, the model stream, pi's events and each tool call; complete ("X")
// events for spans, instant ("i") events for updates, filesystem operations, logs and pi events; metadata names.
import type { AgentEvent } from '../../engine/index.ts';
import { stringifyValue } from './export-json.ts';
import type { Recording } from '../recording.ts';
import type { TraceEvent } from '../../engine/index.ts';

/** One entry of `traceEvents`. Times are in microseconds, as the format requires. */
export interface ChromeTraceEvent {
  name: string;
  cat?: string;
  ph: 'X' | 'i' | 'M';
  ts?: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Scope of an instant event: thread. */
  s?: 't';
  args?: Record<string, unknown>;
}

export interface ChromeTrace {
  traceEvents: ChromeTraceEvent[];
  displayTimeUnit: 'ms';
  otherData: Record<string, string>;
}

const LOOP_TID = 1;
const STREAM_TID = 2;
const PI_TID = 3;
const FIRST_CALL_TID = 10;

/** ms → µs, without binary fractions such as 0.30000000000000004 leaking into the file. */
const micros = (ms: number) => Math.round(ms * 1e6) / 1e3;

interface OpenSpan { name: string; cat: string; tid: number; t: number; args?: Record<string, unknown> }
/** An output event and the recording position it starts at (its order among events at the same time). */
interface Placed { event: ChromeTraceEvent; seq: number }

/** The events of one recording as process `pid`. Spans a failed run left open end at the last event. */
export function encodeChromeTraceEvents(recording: Recording, pid = 1): ChromeTraceEvent[] {
  const timed: Placed[] = [];
  const open = new Map<string, OpenSpan & { seq: number }>();
  let seq = 0;
  const lanes = new Map<string, { tid: number; name: string }>();
  /** The lane each call id last used, for events that carry an id but no turn (fs, logs). */
  const laneOfCall = new Map<string, number>();
  const endT = recording.events.length ? recording.events[recording.events.length - 1].t : 0;

  const lane = (turn: number, toolCallId: string, toolName: string): number => {
    const key = `${turn}:${toolCallId}`;
    let found = lanes.get(key);
    if (!found) {
      found = { tid: FIRST_CALL_TID + lanes.size, name: `${toolName} ${toolCallId} (turn ${turn})` };
      lanes.set(key, found);
    }
    laneOfCall.set(toolCallId, found.tid);
    return found.tid;
  };
  const begin = (key: string, span: OpenSpan) => { open.set(key, { ...span, seq }); };
  const end = (key: string, t: number, args?: Record<string, unknown>) => {
    const span = open.get(key);
    if (!span) return;
    open.delete(key);
    const merged = span.args || args ? { ...span.args, ...args } : undefined;
    const event: ChromeTraceEvent = { name: span.name, cat: span.cat, ph: 'X', ts: micros(span.t), dur: micros(t - span.t), pid, tid: span.tid };
    if (merged) event.args = merged;
    timed.push({ event, seq: span.seq });
  };
  const instant = (name: string, cat: string, tid: number, t: number, args?: Record<string, unknown>) => {
    timed.push({ event: { name, cat, ph: 'i', ts: micros(t), pid, tid, s: 't', ...(args ? { args } : {}) }, seq });
  };

  for (const entry of recording.events) {
    seq = entry.seq;
    if (entry.source === 'pi') {
      instant(piName(entry.event), 'pi', PI_TID, entry.t, { seq: entry.seq, ...piSummary(entry.event) });
      continue;
    }
    const e: TraceEvent = entry.event;
    const t = entry.t;
    switch (e.type) {
      case 'trace_run_start': begin('run', { name: `run (${e.mode})`, cat: 'run', tid: LOOP_TID, t }); break;
      case 'trace_run_end': end('run', t); break;
      case 'trace_turn_start': begin(`turn:${e.turn}`, { name: `turn ${e.turn}`, cat: 'turn', tid: LOOP_TID, t }); break;
      case 'trace_turn_end': end(`turn:${e.turn}`, t); break;
      case 'trace_batch_start':
        begin(`batch:${e.turn}`, {
          name: `tool batch (${e.mode})`, cat: 'batch', tid: LOOP_TID, t,
          args: { toolCallIds: e.toolCallIds, ...(e.truncated ? { truncated: true } : {}) },
        });
        break;
      case 'trace_batch_end': end(`batch:${e.turn}`, t, { terminate: e.terminate }); break;
      case 'trace_block_start':
        begin(`block:${e.turn}:${e.contentIndex}`, {
          name: e.toolCallId ? `${e.kind} ${e.toolCallId}` : e.kind, cat: 'stream', tid: STREAM_TID, t,
          args: { turn: e.turn, contentIndex: e.contentIndex },
        });
        break;
      case 'trace_block_delta': break; // the block span covers its deltas; pi's message_update instants show each one
      case 'trace_block_end': end(`block:${e.turn}:${e.contentIndex}`, t); break;
      case 'trace_phase_start':
        begin(`phase:${e.turn}:${e.toolCallId}:${e.phase}`, { name: e.phase, cat: 'phase', tid: lane(e.turn, e.toolCallId, e.toolName), t });
        break;
      case 'trace_phase_end':
        end(`phase:${e.turn}:${e.toolCallId}:${e.phase}`, t, { outcome: e.outcome, ...(e.data ? { data: e.data } : {}) });
        break;
      case 'trace_update':
        instant('update', 'update', lane(e.turn, e.toolCallId, e.toolName), t, { accepted: e.accepted, partialResult: e.partialResult });
        break;
      case 'trace_fs':
        instant(`fs ${e.op} ${e.path}`, 'fs', callLane(laneOfCall, e.toolCallId), t, { op: e.op, path: e.path, ...(e.bytes !== undefined ? { bytes: e.bytes } : {}) });
        break;
      case 'trace_log':
        instant(`${e.level}: ${e.text}`, 'log', callLane(laneOfCall, e.toolCallId), t, { level: e.level, text: e.text });
        break;
    }
  }
  // Innermost first, so each span closes before the one around it.
  for (const key of [...open.keys()].reverse()) end(key, endT, { unfinished: true });

  // By start time, then in the order things started: at equal times a run opens before its turn (parent first)
  // and a zero-length queued span before the validate that follows it (siblings in order), as the trace had them.
  timed.sort((a, b) => a.event.ts! - b.event.ts! || a.seq - b.seq);
  const threads: [number, string][] = [
    [LOOP_TID, 'agent loop'], [STREAM_TID, 'model stream'], [PI_TID, 'pi events'],
    ...[...lanes.values()].map((l): [number, string] => [l.tid, l.name]),
  ];
  const metadata: ChromeTraceEvent[] = [
    { name: 'process_name', ph: 'M', pid, tid: 0, args: { name: `pi playground: ${recording.label}` } },
    { name: 'process_sort_index', ph: 'M', pid, tid: 0, args: { sort_index: pid } },
    ...threads.flatMap(([tid, name]): ChromeTraceEvent[] => [
      { name: 'thread_name', ph: 'M', pid, tid, args: { name } },
      { name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: tid } },
    ]),
  ];
  return [...metadata, ...timed.map((placed) => placed.event)];
}

function callLane(laneOfCall: Map<string, number>, toolCallId: string | undefined): number {
  return (toolCallId !== undefined && laneOfCall.get(toolCallId)) || LOOP_TID;
}

function piName(event: AgentEvent): string {
  if (event.type === 'tool_execution_start' || event.type === 'tool_execution_update' || event.type === 'tool_execution_end') {
    return `${event.type} ${event.toolCallId}`;
  }
  if (event.type === 'message_start' || event.type === 'message_end') return `${event.type} ${event.message.role}`;
  if (event.type === 'message_update') return `message_update ${event.assistantMessageEvent.type}`;
  return event.type;
}

/** A few identifying fields; the full payloads are in the JSON export. */
function piSummary(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case 'message_start':
    case 'message_end': {
      const message = event.message as { role: string; stopReason?: string };
      return message.stopReason === undefined ? { role: message.role } : { role: message.role, stopReason: message.stopReason };
    }
    case 'message_update': {
      const update = event.assistantMessageEvent as { type: string; contentIndex?: number; delta?: unknown };
      return typeof update.delta === 'string' ? { contentIndex: update.contentIndex, delta: update.delta } : {};
    }
    case 'tool_execution_start': return { toolName: event.toolName, args: event.args };
    case 'tool_execution_end': return { toolName: event.toolName, isError: event.isError };
    case 'tool_execution_update': return { toolName: event.toolName };
    case 'turn_end': return { toolResults: event.toolResults.length };
    case 'agent_end': return { messages: event.messages.length };
    default: return {};
  }
}

/** The whole file for one or more recordings (one process each), one event a line. */
export function encodeChromeTraceJson(recordings: readonly Recording[]): string {
  const events = recordings.flatMap((recording, i) => encodeChromeTraceEvents(recording, i + 1));
  const otherData: ChromeTrace['otherData'] = {
    producer: 'pi tool playground',
    recordings: recordings.map((r) => r.label).join(', '),
  };
  return [
    '{',
    `  "displayTimeUnit": "ms",`,
    `  "otherData": ${stringifyValue(otherData)},`,
    events.length === 0 ? '  "traceEvents": []' : `  "traceEvents": [\n${events.map((e) => `    ${stringifyValue(e)}`).join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}

// A whole run's trace kept in typed arrays: one row per event (type, time, turn, call, phase, outcome, block
// numbers) and side tables for the strings and the phase data, instead of an event object per row. The Tracer
// writes into it field by field (TraceWriter); events() and eventAt() build the very events a TraceSink receives
// for the same run (the same keys in the same order, the same values, the same data objects), on demand.
// A trace of 10,000 tool calls takes about a quarter of the memory of its event objects (3.6-3.9 MB, not 16).
import type { ToolCall } from '../../ai/index.ts';
import { NO_ISSUES, QUEUED, type TraceWriter } from './trace-writer.ts';
import type { BlockKind, PhaseData, PhaseOutcome, ToolPhase, TraceEvent } from './types.ts';

// Row kinds.
const OBJECT = 0; // an event stored as an object (the rare kinds: run, turn, batch, update, log)
const PHASE_START = 1;
const PHASE_END = 2;
const BLOCK_START = 3;
const BLOCK_END = 4;
const BLOCK_DELTA = 5;

const PHASES: readonly ToolPhase[] = ['queued', 'prepare', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result'];
const OUTCOMES: readonly PhaseOutcome[] = ['ok', 'error', 'blocked', 'aborted', 'skipped'];
const KINDS: readonly BlockKind[] = ['text', 'thinking', 'toolCall'];
/** Positions in PHASES, OUTCOMES and KINDS (a switch: faster than a Map lookup on every row). */
function phaseCode(phase: ToolPhase): number {
  switch (phase) {
    case 'queued': return 0;
    case 'prepare': return 1;
    case 'validate': return 2;
    case 'beforeToolCall': return 3;
    case 'execute': return 4;
    case 'afterToolCall': return 5;
    default: return 6;
  }
}
function outcomeCode(outcome: PhaseOutcome): number {
  switch (outcome) {
    case 'ok': return 0;
    case 'error': return 1;
    case 'blocked': return 2;
    case 'aborted': return 3;
    default: return 4;
  }
}
const kindCode = (kind: BlockKind): number => (kind === 'text' ? 0 : kind === 'thinking' ? 1 : 2);

// Phase-end data forms, in bits 6.. of the `b` column (phase in bits 0-2, outcome in bits 3-5).
const NO_DATA = 0;
const DATA_QUEUED = 1; // the shared QUEUED object
const DATA_OBJECT = 2; // the data object itself, at objects[ref]
const DATA_VALIDATED = 3; // { phase: 'validate', received, converted: v, value: v, issues: NO_ISSUES }: received at ref, v at ref + 1
const DATA_VALIDATED_SAME = 4; // as DATA_VALIDATED with v === received, stored once
const DATA_EXECUTED = 5; // { phase: 'execute', args, result, updates }: args at ref, result at ref + 1, updates in bits 10..
// { phase: 'result', result, isError, message }: result at ref, isError in bit 10; then the message at ref + 1, or
// with bit 11 only its timestamp: the rest of a toolResult message's snapshot is the call's id and name and the
// result snapshot's fields (probes.ts, snapshotMessage).
const DATA_RESULT = 6;
const RESULT_ERROR = 1 << 10;
const RESULT_MESSAGE = 1 << 11;
const MESSAGE_KEYS = ['role', 'toolCallId', 'toolName', 'content', 'details', 'usage', 'isError', 'timestamp'];
const MAX_UPDATES = 0x1fffff;
/** Block rows: kind in bits 0-1, bit 2 set when the event has a toolCallId (at objects[ref]). */
const HAS_ID = 4;

/**
 * The rows live in chunks of 128, 256, 512… rows (chunk k starts at row 128·(2^k − 1)), every column of a chunk
 * in one ArrayBuffer: a short run allocates little, a long one never copies what it wrote.
 */
const FIRST_BITS = 7;

function chunkOf(index: number): number {
  return 31 - Math.clz32((index >>> FIRST_BITS) + 1);
}

/**
 * One chunk's columns: the times, and five integers a row (kind, turn, a, b, ref) side by side in one array, so a
 * chunk is one allocation. `a`: a phase row's call-table index, a block row's contentIndex; `b`: phase, outcome and
 * data form, a block's kind and HAS_ID, a delta's chars; `ref`: index into `objects` (the event itself, its data, a
 * block's toolCallId), -1 when none.
 */
class Chunk {
  /** The chunk's first row and the row after its last. */
  readonly start: number;
  readonly end: number;
  readonly time: Float64Array;
  readonly ints: Int32Array;
  constructor(k: number) {
    const rows = (1 << FIRST_BITS) << k;
    this.start = rows - (1 << FIRST_BITS);
    this.end = this.start + rows;
    // One buffer for both columns: allocating the backing store, not the views, is what costs.
    const buffer = new ArrayBuffer(rows * (8 + 4 * INTS));
    this.time = new Float64Array(buffer, 0, rows);
    this.ints = new Int32Array(buffer, rows * 8, rows * INTS);
  }
}

const INTS = 5;
const KIND = 0;
const TURN = 1;
const A = 2;
const B = 3;
const REF = 4;

export class CompactTrace implements TraceWriter {
  /** Number of events. */
  length = 0;
  private readonly chunks: Chunk[] = [];
  /** The chunk being written and the offset of the last row's integers in it (set by row()). */
  private chunk: Chunk | undefined;
  private at = 0;
  private readonly objects: unknown[] = [];
  /** The call table: each distinct (toolCallId, toolName) pair seen, once per call of a batch. */
  private readonly callIds: unknown[] = [];
  private readonly callNames: unknown[] = [];
  /** For the current batch: the call-table index of each position (-1: not yet seen). */
  private positions: number[] = [];

  /** All events, in order, as a TraceSink would have received them. */
  events(): TraceEvent[] {
    const out = new Array<TraceEvent>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.eventAt(i);
    return out;
  }

  /** The `index`-th event, built anew on every call (the same data objects inside). */
  eventAt(index: number): TraceEvent {
    if (!(index >= 0 && index < this.length)) throw new RangeError(`no trace event ${index} of ${this.length}`);
    const chunk = this.chunks[chunkOf(index)];
    const row = index - chunk.start;
    const t = chunk.time[row];
    const ints = chunk.ints;
    const at = row * INTS;
    const turn = ints[at + TURN];
    const a = ints[at + A];
    const b = ints[at + B];
    const ref = ints[at + REF];
    const rowKind = ints[at + KIND];
    switch (rowKind) {
      case PHASE_START:
        return { type: 'trace_phase_start', t, turn, toolCallId: this.callIds[a] as string, toolName: this.callNames[a] as string, phase: PHASES[b & 7] };
      case PHASE_END: {
        const toolCallId = this.callIds[a] as string;
        const toolName = this.callNames[a] as string;
        const phase = PHASES[b & 7];
        const outcome = OUTCOMES[(b >> 3) & 7];
        const form = (b >> 6) & 15;
        if (form === NO_DATA) return { type: 'trace_phase_end', t, turn, toolCallId, toolName, phase, outcome };
        return { type: 'trace_phase_end', t, turn, toolCallId, toolName, phase, outcome, data: this.data(form, ref, b, toolCallId, toolName) };
      }
      case BLOCK_START:
      case BLOCK_END: {
        const type = rowKind === BLOCK_END ? 'trace_block_end' : 'trace_block_start';
        const kind = KINDS[b & 3];
        return b & HAS_ID
          ? { type, t, turn, contentIndex: a, kind, toolCallId: this.objects[ref] as string }
          : { type, t, turn, contentIndex: a, kind };
      }
      case BLOCK_DELTA:
        return { type: 'trace_block_delta', t, turn, contentIndex: a, chars: b };
      default:
        return this.objects[ref] as TraceEvent;
    }
  }

  private data(form: number, ref: number, b: number, toolCallId: unknown, toolName: unknown): PhaseData {
    const objects = this.objects;
    switch (form) {
      case DATA_QUEUED: return QUEUED;
      case DATA_VALIDATED: {
        const value = objects[ref + 1];
        return { phase: 'validate', received: objects[ref], converted: value, value, issues: NO_ISSUES };
      }
      case DATA_VALIDATED_SAME: {
        const value = objects[ref];
        return { phase: 'validate', received: value, converted: value, value, issues: NO_ISSUES };
      }
      case DATA_EXECUTED: return { phase: 'execute', args: objects[ref], result: objects[ref + 1], updates: b >>> 10 };
      case DATA_RESULT: {
        const result = objects[ref] as { content: unknown; details: unknown; usage: unknown };
        const isError = (b & RESULT_ERROR) !== 0;
        if (!(b & RESULT_MESSAGE)) return { phase: 'result', result, isError, message: objects[ref + 1] };
        const message = {
          role: 'toolResult', toolCallId, toolName, content: result.content, details: result.details, usage: result.usage,
          isError, timestamp: objects[ref + 1],
        };
        return { phase: 'result', result, isError, message };
      }
      default: return objects[ref] as PhaseData;
    }
  }

  // ---------------------------------------------------------------- TraceWriter

  batch(toolCalls: readonly ToolCall[]): void {
    this.positions = new Array<number>(toolCalls.length).fill(-1);
  }

  phaseStart(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase): void {
    const c = this.row(PHASE_START, t, turn);
    const ints = c.ints;
    const at = this.at;
    ints[at + A] = this.callRef(call, position);
    ints[at + B] = phaseCode(phase);
  }

  phaseEnd(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase, outcome: PhaseOutcome, data: PhaseData | undefined): void {
    const c = this.row(PHASE_END, t, turn);
    const ints = c.ints;
    const at = this.at;
    ints[at + A] = this.callRef(call, position);
    const codes = phaseCode(phase) | (outcomeCode(outcome) << 3);
    if (data === undefined) { ints[at + B] = codes; return; }
    if (data === QUEUED) { ints[at + B] = codes | (DATA_QUEUED << 6); return; }
    const objects = this.objects;
    const ref = objects.length;
    ints[at + REF] = ref;
    // The forms the probes build on the common paths (probes.ts: validateEnd, executeEnd, resultEnd), told apart
    // by the phase argument first (a string compare) before any read of the data object.
    if (phase === 'validate') {
      if (outcome === 'ok' && data.phase === 'validate' && data.issues === NO_ISSUES && data.converted === data.value) {
        if (data.value === data.received) {
          objects.push(data.received);
          ints[at + B] = codes | (DATA_VALIDATED_SAME << 6);
        } else {
          objects.push(data.received, data.value);
          ints[at + B] = codes | (DATA_VALIDATED << 6);
        }
        return;
      }
    } else if (phase === 'execute') {
      if (outcome === 'ok' && data.phase === 'execute' && !('error' in data) && fitsColumn(data.updates) && data.updates <= MAX_UPDATES) {
        objects.push(data.args, data.result);
        ints[at + B] = codes | (DATA_EXECUTED << 6) | (data.updates << 10);
        return;
      }
    } else if (phase === 'result') {
      if (data.phase === 'result' && typeof data.isError === 'boolean') {
        const flags = codes | (DATA_RESULT << 6) | (data.isError ? RESULT_ERROR : 0);
        const entry = ints[at + A];
        if (isPlainResultMessage(data.message, data.result, data.isError, this.callIds[entry], this.callNames[entry])) {
          objects.push(data.result, (data.message as { timestamp: number }).timestamp);
          ints[at + B] = flags | RESULT_MESSAGE;
        } else {
          objects.push(data.result, data.message);
          ints[at + B] = flags;
        }
        return;
      }
    }
    objects.push(data);
    ints[at + B] = codes | (DATA_OBJECT << 6);
  }

  block(end: boolean, t: number, turn: number, contentIndex: number, kind: BlockKind, toolCallId: string | undefined): void {
    if (!fitsColumn(contentIndex)) {
      const type = end ? 'trace_block_end' : 'trace_block_start';
      this.event(toolCallId === undefined ? { type, t, turn, contentIndex, kind } : { type, t, turn, contentIndex, kind, toolCallId });
      return;
    }
    const c = this.row(end ? BLOCK_END : BLOCK_START, t, turn);
    const ints = c.ints;
    const at = this.at;
    ints[at + A] = contentIndex;
    if (toolCallId === undefined) {
      ints[at + B] = kindCode(kind);
    } else {
      ints[at + B] = kindCode(kind) | HAS_ID;
      ints[at + REF] = this.objects.length;
      this.objects.push(toolCallId);
    }
  }

  blockDelta(t: number, turn: number, contentIndex: number, chars: number): void {
    if (!fitsColumn(contentIndex) || !fitsColumn(chars)) {
      this.event({ type: 'trace_block_delta', t, turn, contentIndex, chars });
      return;
    }
    const c = this.row(BLOCK_DELTA, t, turn);
    const ints = c.ints;
    const at = this.at;
    ints[at + A] = contentIndex;
    ints[at + B] = chars;
  }

  event(event: TraceEvent): void {
    const c = this.row(OBJECT, 0, 0);
    const ints = c.ints;
    const at = this.at;
    ints[at + REF] = this.objects.length;
    this.objects.push(event);
  }

  /**
   * The call-table index for `call` as it reads now. A call keeps its entry while its id and name stay the same
   * (a hook may change them: the events then show the new ones, as a sink's would).
   */
  private callRef(call: ToolCall, position: number): number {
    const id = call.id;
    const name = call.name;
    const known = position >= 0 && position < this.positions.length ? this.positions[position] : -1;
    if (known >= 0 && Object.is(this.callIds[known], id) && Object.is(this.callNames[known], name)) return known;
    const ref = this.callIds.length;
    this.callIds.push(id);
    this.callNames.push(name);
    if (position >= 0 && position < this.positions.length) this.positions[position] = ref;
    return ref;
  }

  /**
   * Appends a row with its kind, time and turn (`ref` -1) and returns the chunk it is in (the offset of its
   * integers: `this.at`), adding a chunk when the last one is full.
   */
  private row(kind: number, t: number, turn: number): Chunk {
    const index = this.length;
    let chunk = this.chunk;
    if (chunk === undefined || index === chunk.end) {
      chunk = new Chunk(this.chunks.length);
      this.chunks.push(chunk);
      this.chunk = chunk;
    }
    const row = index - chunk.start;
    chunk.time[row] = t;
    const ints = chunk.ints;
    const at = row * INTS;
    ints[at + KIND] = kind;
    ints[at + TURN] = turn;
    ints[at + REF] = -1;
    this.at = at;
    this.length = index + 1;
    return chunk;
  }
}

/** A number an Int32 column keeps exactly: an integer 0 .. 2^31 - 1, not -0. */
function fitsColumn(value: number): boolean {
  return (value | 0) === value && value >= 0 && !Object.is(value, -0);
}

/**
 * Whether `message` is the snapshot probes.ts builds for a plain toolResult message (its keys in that order, the
 * call's id and name, the result snapshot's content, details and usage, a numeric timestamp): then only its
 * timestamp needs keeping.
 */
function isPlainResultMessage(message: unknown, result: unknown, isError: boolean, toolCallId: unknown, toolName: unknown): boolean {
  if (typeof message !== 'object' || message === null || typeof result !== 'object' || result === null) return false;
  const m = message as Record<string, unknown>;
  const r = result as Record<string, unknown>;
  if (m.role !== 'toolResult' || !Object.is(m.toolCallId, toolCallId) || !Object.is(m.toolName, toolName) || m.isError !== isError
    || typeof m.timestamp !== 'number' || m.content !== r.content || m.details !== r.details || m.usage !== r.usage) return false;
  // A spread copies symbol keys too, which the key walk below does not see.
  if (Object.getPrototypeOf(m) !== Object.prototype || Object.getOwnPropertySymbols(m).length > 0) return false;
  let index = 0;
  for (const key in m) {
    if (MESSAGE_KEYS[index++] !== key || !Object.hasOwn(m, key)) return false;
  }
  return index === MESSAGE_KEYS.length;
}

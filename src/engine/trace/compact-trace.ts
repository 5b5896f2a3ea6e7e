// A whole run's trace kept in typed arrays: one row per event (type, time, turn, call, phase, outcome, block
// numbers) and side tables for the strings and the phase data, instead of an event object per row. The Tracer
// writes into it field by field (TraceWriter); events() and eventAt() build the very events a TraceSink receives
// for the same run (the same keys in the same order, the same values, the same data objects), on demand.
// A trace of 10,000 tool calls takes about a fifth of the memory of its event objects.
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
const PHASE_CODE = new Map(PHASES.map((phase, code) => [phase, code]));
const OUTCOME_CODE = new Map(OUTCOMES.map((outcome, code) => [outcome, code]));
const KIND_CODE = new Map(KINDS.map((kind, code) => [kind, code]));

// Phase-end data forms, in bits 6.. of the `b` column (phase in bits 0-2, outcome in bits 3-5).
const NO_DATA = 0;
const DATA_QUEUED = 1; // the shared QUEUED object
const DATA_OBJECT = 2; // the data object itself, at objects[ref]
const DATA_VALIDATED = 3; // { phase: 'validate', received, converted: v, value: v, issues: NO_ISSUES }: received at ref, v at ref + 1
const DATA_VALIDATED_SAME = 4; // as DATA_VALIDATED with v === received, stored once
const DATA_EXECUTED = 5; // { phase: 'execute', args, result, updates }: args at ref, result at ref + 1, updates in bits 10..
const DATA_RESULT = 6; // { phase: 'result', result, isError, message }: result at ref, message at ref + 1, isError in bit 10
const MAX_UPDATES = 0x1fffff;
/** Block rows: kind in bits 0-1, bit 2 set when the event has a toolCallId (at objects[ref]). */
const HAS_ID = 4;

const INITIAL_ROWS = 256;

export class CompactTrace implements TraceWriter {
  /** Number of events. */
  length = 0;
  private kind = new Uint8Array(INITIAL_ROWS);
  private time = new Float64Array(INITIAL_ROWS);
  private turn = new Int32Array(INITIAL_ROWS);
  /** Phase rows: index into the call table; block rows: contentIndex. */
  private a = new Int32Array(INITIAL_ROWS);
  /** Phase rows: phase, outcome and data form; block rows: kind and HAS_ID; delta rows: chars. */
  private b = new Int32Array(INITIAL_ROWS);
  /** Index into `objects` (the event itself, its data, or a block's toolCallId); -1 when none. */
  private ref = new Int32Array(INITIAL_ROWS);
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
    const t = this.time[index];
    const turn = this.turn[index];
    const a = this.a[index];
    const b = this.b[index];
    const ref = this.ref[index];
    switch (this.kind[index]) {
      case PHASE_START:
        return { type: 'trace_phase_start', t, turn, toolCallId: this.callIds[a] as string, toolName: this.callNames[a] as string, phase: PHASES[b & 7] };
      case PHASE_END: {
        const toolCallId = this.callIds[a] as string;
        const toolName = this.callNames[a] as string;
        const phase = PHASES[b & 7];
        const outcome = OUTCOMES[(b >> 3) & 7];
        const form = (b >> 6) & 15;
        if (form === NO_DATA) return { type: 'trace_phase_end', t, turn, toolCallId, toolName, phase, outcome };
        return { type: 'trace_phase_end', t, turn, toolCallId, toolName, phase, outcome, data: this.data(form, ref, b) };
      }
      case BLOCK_START:
      case BLOCK_END: {
        const type = this.kind[index] === BLOCK_END ? 'trace_block_end' : 'trace_block_start';
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

  private data(form: number, ref: number, b: number): PhaseData {
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
      case DATA_RESULT: return { phase: 'result', result: objects[ref], isError: (b & 1024) !== 0, message: objects[ref + 1] };
      default: return objects[ref] as PhaseData;
    }
  }

  // ---------------------------------------------------------------- TraceWriter

  batch(toolCalls: readonly ToolCall[]): void {
    this.positions = new Array<number>(toolCalls.length).fill(-1);
  }

  phaseStart(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase): void {
    const row = this.row(PHASE_START, t, turn);
    this.a[row] = this.callRef(call, position);
    this.b[row] = PHASE_CODE.get(phase)!;
  }

  phaseEnd(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase, outcome: PhaseOutcome, data: PhaseData | undefined): void {
    const row = this.row(PHASE_END, t, turn);
    this.a[row] = this.callRef(call, position);
    const codes = PHASE_CODE.get(phase)! | (OUTCOME_CODE.get(outcome)! << 3);
    if (data === undefined) { this.b[row] = codes; return; }
    if (data === QUEUED) { this.b[row] = codes | (DATA_QUEUED << 6); return; }
    const objects = this.objects;
    const ref = objects.length;
    this.ref[row] = ref;
    // The forms the probes build on the common paths (probes.ts: validateEnd, executeEnd, resultEnd).
    if (outcome === 'ok' && data.phase === 'validate' && data.issues === NO_ISSUES && data.converted === data.value && phase === 'validate') {
      if (data.value === data.received) {
        objects.push(data.received);
        this.b[row] = codes | (DATA_VALIDATED_SAME << 6);
      } else {
        objects.push(data.received, data.value);
        this.b[row] = codes | (DATA_VALIDATED << 6);
      }
      return;
    }
    if (outcome === 'ok' && data.phase === 'execute' && phase === 'execute' && !('error' in data) && fitsColumn(data.updates) && data.updates <= MAX_UPDATES) {
      objects.push(data.args, data.result);
      this.b[row] = codes | (DATA_EXECUTED << 6) | (data.updates << 10);
      return;
    }
    if (data.phase === 'result' && phase === 'result' && typeof data.isError === 'boolean') {
      objects.push(data.result, data.message);
      this.b[row] = codes | (DATA_RESULT << 6) | (data.isError ? 1024 : 0);
      return;
    }
    objects.push(data);
    this.b[row] = codes | (DATA_OBJECT << 6);
  }

  block(end: boolean, t: number, turn: number, contentIndex: number, kind: BlockKind, toolCallId: string | undefined): void {
    if (!fitsColumn(contentIndex)) {
      const type = end ? 'trace_block_end' : 'trace_block_start';
      this.event(toolCallId === undefined ? { type, t, turn, contentIndex, kind } : { type, t, turn, contentIndex, kind, toolCallId });
      return;
    }
    const row = this.row(end ? BLOCK_END : BLOCK_START, t, turn);
    this.a[row] = contentIndex;
    if (toolCallId === undefined) {
      this.b[row] = KIND_CODE.get(kind)!;
    } else {
      this.b[row] = KIND_CODE.get(kind)! | HAS_ID;
      this.ref[row] = this.objects.length;
      this.objects.push(toolCallId);
    }
  }

  blockDelta(t: number, turn: number, contentIndex: number, chars: number): void {
    if (!fitsColumn(contentIndex) || !fitsColumn(chars)) {
      this.event({ type: 'trace_block_delta', t, turn, contentIndex, chars });
      return;
    }
    const row = this.row(BLOCK_DELTA, t, turn);
    this.a[row] = contentIndex;
    this.b[row] = chars;
  }

  event(event: TraceEvent): void {
    const row = this.row(OBJECT, 0, 0);
    this.ref[row] = this.objects.length;
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

  /** Appends a row (growing the columns when full) with its kind, time and turn; `ref` starts at -1. */
  private row(kind: number, t: number, turn: number): number {
    const row = this.length;
    if (row === this.kind.length) this.grow();
    this.kind[row] = kind;
    this.time[row] = t;
    this.turn[row] = turn;
    this.ref[row] = -1;
    this.length = row + 1;
    return row;
  }

  private grow(): void {
    const size = this.kind.length * 2;
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: new (n: number) => T): T => {
      const next = new make(size);
      next.set(old);
      return next;
    };
    this.kind = grown(this.kind, Uint8Array);
    this.time = grown(this.time, Float64Array);
    this.turn = grown(this.turn, Int32Array);
    this.a = grown(this.a, Int32Array);
    this.b = grown(this.b, Int32Array);
    this.ref = grown(this.ref, Int32Array);
  }
}

/** A number an Int32 column keeps exactly: an integer 0 .. 2^31 - 1, not -0. */
function fitsColumn(value: number): boolean {
  return (value | 0) === value && value >= 0 && !Object.is(value, -0);
}

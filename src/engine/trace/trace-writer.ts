// Where the Tracer puts its rows. The hot rows (phase and block spans, a dozen per tool call) are written field by
// field, so a store such as CompactTrace keeps them without an event object each; SinkWriter builds exactly the
// event objects a TraceSink has always received and hands them on.
import type { ToolCall } from '../../ai/index.ts';
import type { ValidationIssue } from '../../ai/validation/index.ts';
import type { BlockKind, PhaseData, PhaseOutcome, ToolPhase, TraceEvent, TraceSink } from './types.ts';

/** The data of every `queued` phase end (trace data is never mutated, so one frozen object serves all). */
export const QUEUED: PhaseData = Object.freeze({ phase: 'queued' });

/** Shared by every successful validation's trace data. */
export const NO_ISSUES: ValidationIssue[] = Object.freeze([]) as unknown as ValidationIssue[];

export interface TraceWriter {
  /** A new batch: `position` arguments of the phase rows that follow refer to these calls. */
  batch(toolCalls: readonly ToolCall[]): void;
  /** trace_phase_start of `call` (`position`: its place in the current batch, -1 if unknown). */
  phaseStart(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase): void;
  /** trace_phase_end; `data` undefined means the event has no `data` key. */
  phaseEnd(t: number, turn: number, call: ToolCall, position: number, phase: ToolPhase, outcome: PhaseOutcome, data: PhaseData | undefined): void;
  /** trace_block_start / trace_block_end; `toolCallId` undefined means no such key. */
  block(end: boolean, t: number, turn: number, contentIndex: number, kind: BlockKind, toolCallId: string | undefined): void;
  blockDelta(t: number, turn: number, contentIndex: number, chars: number): void;
  /** Any other event, as an object. */
  event(event: TraceEvent): void;
}

/** The writer for a TraceSink: one event object per row, the same objects (keys, order) as ever. */
export class SinkWriter implements TraceWriter {
  constructor(private readonly sink: TraceSink) {}

  batch(): void {}

  phaseStart(t: number, turn: number, call: ToolCall, _position: number, phase: ToolPhase): void {
    this.sink({ type: 'trace_phase_start', t, turn, toolCallId: call.id, toolName: call.name, phase });
  }

  phaseEnd(t: number, turn: number, call: ToolCall, _position: number, phase: ToolPhase, outcome: PhaseOutcome, data: PhaseData | undefined): void {
    this.sink(data === undefined
      ? { type: 'trace_phase_end', t, turn, toolCallId: call.id, toolName: call.name, phase, outcome }
      : { type: 'trace_phase_end', t, turn, toolCallId: call.id, toolName: call.name, phase, outcome, data });
  }

  block(end: boolean, t: number, turn: number, contentIndex: number, kind: BlockKind, toolCallId: string | undefined): void {
    const type = end ? 'trace_block_end' : 'trace_block_start';
    this.sink(toolCallId === undefined
      ? { type, t, turn, contentIndex, kind }
      : { type, t, turn, contentIndex, kind, toolCallId });
  }

  blockDelta(t: number, turn: number, contentIndex: number, chars: number): void {
    this.sink({ type: 'trace_block_delta', t, turn, contentIndex, chars });
  }

  event(event: TraceEvent): void {
    this.sink(event);
  }
}

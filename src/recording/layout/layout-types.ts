// The timeline's data: a recording laid out as turns, a stream lane and one lane per tool call, with every span in
// ms since the recording's first event. Pure data, computed apart from painting (the UI only maps ms to pixels).
import type { BlockKind, PhaseOutcome, ToolPhase } from '../../engine/index.ts';

/**
 * What the timeline, its table and the details pane have selected. `toolCallId` is a call lane's `key` (the tool
 * call id, unless the id repeats in one recording); `phase` one of its spans; `seq` a stream block (its start
 * event), an update tick or a filesystem mark. Only `recordingId` set: the recording as a whole.
 */
export interface TimelineSelection {
  recordingId: string;
  toolCallId?: string;
  phase?: ToolPhase;
  seq?: number;
}

/** The seqs (positions in `Recording.events`) of the events a span was built from. */
export interface SpanRefs {
  /** The event that opened the span. */
  startSeq: number;
  /** The event that closed it (for a phase: the trace_phase_end carrying its PhaseData); absent while open. */
  endSeq?: number;
}

export interface PhaseSpan extends SpanRefs {
  phase: ToolPhase;
  startMs: number;
  /** For an open span: the recording's end. */
  endMs: number;
  /** How the phase ended; undefined while it has not ended (still running, or the recording stopped). */
  outcome: PhaseOutcome | undefined;
  /** pi's events that belong to the phase: tool_execution_start (queued), tool_execution_update (execute),
   *  tool_execution_end and the toolResult message_start/message_end (result). */
  piSeqs: number[];
}

/** One onUpdate call. `accepted` false: it came after execute settled, and pi ignored it (no event). */
export interface UpdateTick {
  ms: number;
  seq: number;
  accepted: boolean;
  /** The tool_execution_update pi emitted for it (accepted updates only). */
  piSeq?: number;
}

export interface FsMark {
  ms: number;
  seq: number;
  op: 'read' | 'write' | 'list' | 'stat' | 'remove' | 'mkdir';
  path: string;
  bytes?: number;
}

export interface CallLane {
  /** Unique in its recording: the tool call id, or `<id>@<turn>` when an id comes back in a later turn. */
  key: string;
  toolCallId: string;
  toolName: string;
  /** "<toolName> <toolCallId>" */
  label: string;
  turn: number;
  /** The batch the call ran in: its mode, the call's position (0-based) and size; `truncated` for a length stop. */
  batch: { mode: 'parallel' | 'sequential'; index: number; size: number; truncated: boolean; sequentialBecause?: string[] };
  startMs: number;
  endMs: number;
  /** The result phase's outcome (how the call ended for the model), `skipped` for a call an abort left waiting;
   *  undefined while unfinished. */
  outcome: PhaseOutcome | undefined;
  /** In pipeline order (which is also time order). */
  spans: PhaseSpan[];
  updates: UpdateTick[];
  fs: FsMark[];
}

/** A content block of an assistant response as it streamed. */
export interface BlockSpan extends SpanRefs {
  turn: number;
  contentIndex: number;
  kind: BlockKind;
  toolCallId?: string;
  startMs: number;
  endMs: number;
  /** The block never got its end event (the recording stopped while it streamed). */
  open: boolean;
  /** Time of each delta. */
  deltaMs: number[];
  /** Characters streamed in all deltas. */
  chars: number;
}

/** One assistant response: pi's message_start to message_end. */
export interface ResponseSpan extends SpanRefs {
  turn: number;
  startMs: number;
  endMs: number;
  /** The final message's stopReason; undefined while streaming. */
  stopReason?: string;
}

export interface TurnSpan extends SpanRefs {
  /** 1-based, as the trace numbers turns. */
  index: number;
  startMs: number;
  endMs: number;
}

export interface BatchSpan extends SpanRefs {
  turn: number;
  mode: 'parallel' | 'sequential';
  toolCallIds: string[];
  truncated: boolean;
  /** Names of the sequential tools that made this batch sequential although the loop setting is parallel. */
  sequentialBecause?: string[];
  terminate: boolean;
  startMs: number;
  endMs: number;
}

/** A point in time worth a marker: a trace log line (steering queued, abort fired, loop error) or a user message. */
export interface TimelineMark {
  ms: number;
  seq: number;
  kind: 'log' | 'message' | 'fs';
  level?: 'log' | 'warn' | 'error';
  text: string;
}

export interface RecordingLayout {
  recordingId: string;
  label: string;
  toolExecution: 'parallel' | 'sequential';
  status: 'recording' | 'done' | 'failed';
  failure?: string;
  /** Clock time of the first event; every ms in this layout is relative to it. */
  originMs: number;
  durationMs: number;
  eventCount: number;
  turns: TurnSpan[];
  responses: ResponseSpan[];
  blocks: BlockSpan[];
  batches: BatchSpan[];
  calls: CallLane[];
  marks: TimelineMark[];
}

/** Several recordings on one scale: each starts at 0 ms; `durationMs` is the longest. */
export interface TimelineLayout {
  recordings: RecordingLayout[];
  durationMs: number;
}

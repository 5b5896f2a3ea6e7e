// Builds one recording's layout in a single pass over its events: trace events open and close spans, pi's events
// are attached to the spans they belong to (by tool call id), so the details pane can find them by seq.
import type { AgentEvent } from '../../engine/index.ts';
import type {
  BatchSpan, BlockSpan, CallLane, PhaseSpan, RecordingLayout, ResponseSpan, TimelineMark, TurnSpan,
} from './layout-types.ts';
import type { RecordedEvent, Recording } from '../recording.ts';
import type { ToolPhase, TraceEvent } from '../../engine/index.ts';

export class LayoutBuilder {
  private readonly turns: TurnSpan[] = [];
  private readonly responses: ResponseSpan[] = [];
  private readonly blocks: BlockSpan[] = [];
  private readonly batches: BatchSpan[] = [];
  private readonly calls: CallLane[] = [];
  private readonly marks: TimelineMark[] = [];
  /** The lane each tool call id currently maps to (the latest batch that named it). */
  private readonly laneById = new Map<string, CallLane>();
  private readonly usedKeys = new Set<string>();
  /** Streaming blocks by content index (a response streams one message at a time). */
  private readonly openBlocks = new Map<number, BlockSpan>();
  private openTurn: TurnSpan | undefined;
  private openResponse: ResponseSpan | undefined;
  private openBatch: BatchSpan | undefined;
  private turn = 0;
  private lastMs = 0;

  constructor(private readonly originMs: number) {}

  add(entry: RecordedEvent): void {
    const ms = entry.t - this.originMs;
    if (ms > this.lastMs) this.lastMs = ms;
    if (entry.source === 'trace') this.addTrace(entry.event, ms, entry.seq);
    else this.addPi(entry.event, ms, entry.seq);
  }

  private addTrace(event: TraceEvent, ms: number, seq: number): void {
    switch (event.type) {
      case 'trace_turn_start':
        this.turn = event.turn;
        this.openTurn = { index: event.turn, startMs: ms, endMs: ms, startSeq: seq };
        this.turns.push(this.openTurn);
        return;
      case 'trace_turn_end':
        if (this.openTurn) close(this.openTurn, ms, seq);
        this.openTurn = undefined;
        return;
      case 'trace_batch_start': {
        const because = event.sequentialBecause ? { sequentialBecause: event.sequentialBecause } : {};
        this.openBatch = {
          turn: event.turn, mode: event.mode, toolCallIds: event.toolCallIds, truncated: event.truncated === true, ...because,
          terminate: false, startMs: ms, endMs: ms, startSeq: seq,
        };
        this.batches.push(this.openBatch);
        const size = event.toolCallIds.length;
        event.toolCallIds.forEach((id, index) => {
          // The id's name is filled in by its queued phase_start, which follows at once.
          this.newLane(id, '', event.turn, { mode: event.mode, index, size, truncated: event.truncated === true, ...because }, ms);
        });
        return;
      }
      case 'trace_batch_end':
        if (this.openBatch) {
          close(this.openBatch, ms, seq);
          this.openBatch.terminate = event.terminate;
        }
        this.openBatch = undefined;
        return;
      case 'trace_block_start': {
        const block: BlockSpan = {
          turn: event.turn, contentIndex: event.contentIndex, kind: event.kind, startMs: ms, endMs: ms, open: true,
          startSeq: seq, deltaMs: [], chars: 0,
        };
        if (event.toolCallId !== undefined) block.toolCallId = event.toolCallId;
        this.openBlocks.set(event.contentIndex, block);
        this.blocks.push(block);
        return;
      }
      case 'trace_block_delta': {
        const block = this.openBlocks.get(event.contentIndex);
        if (!block) return;
        block.deltaMs.push(ms);
        block.chars += event.chars;
        block.endMs = ms;
        return;
      }
      case 'trace_block_end': {
        const block = this.openBlocks.get(event.contentIndex);
        if (!block) return;
        this.openBlocks.delete(event.contentIndex);
        close(block, ms, seq);
        block.open = false;
        if (event.toolCallId !== undefined) block.toolCallId = event.toolCallId;
        return;
      }
      case 'trace_phase_start': {
        const lane = this.laneFor(event.toolCallId, event.toolName, event.turn, ms);
        if (!lane.toolName) lane.toolName = event.toolName;
        lane.label = `${lane.toolName} ${lane.toolCallId}`;
        lane.spans.push({ phase: event.phase, startMs: ms, endMs: ms, outcome: undefined, startSeq: seq, piSeqs: [] });
        return;
      }
      case 'trace_phase_end': {
        const lane = this.laneFor(event.toolCallId, event.toolName, event.turn, ms);
        const span = openSpan(lane, event.phase);
        if (!span) return;
        close(span, ms, seq);
        span.outcome = event.outcome;
        // A call an abort left waiting never gets a result: its skipped wait is how it ended.
        if (event.phase === 'result' || event.outcome === 'skipped') lane.outcome = event.outcome;
        return;
      }
      case 'trace_update': {
        const lane = this.laneFor(event.toolCallId, event.toolName, event.turn, ms);
        lane.updates.push({ ms, seq, accepted: event.accepted });
        return;
      }
      case 'trace_fs': {
        const lane = event.toolCallId === undefined ? undefined : this.laneById.get(event.toolCallId);
        if (lane) {
          lane.fs.push(event.bytes === undefined
            ? { ms, seq, op: event.op, path: event.path }
            : { ms, seq, op: event.op, path: event.path, bytes: event.bytes });
        } else {
          this.marks.push({ ms, seq, kind: 'fs', text: `${event.op} ${event.path}` });
        }
        return;
      }
      case 'trace_log':
        this.marks.push({ ms, seq, kind: 'log', level: event.level, text: event.text });
        return;
      case 'trace_run_start':
      case 'trace_run_end':
        return;
    }
  }

  private addPi(event: AgentEvent, ms: number, seq: number): void {
    switch (event.type) {
      case 'message_start': {
        const role = roleOf(event.message);
        if (role === 'assistant') {
          this.openResponse = { turn: this.turn, startMs: ms, endMs: ms, startSeq: seq };
          this.responses.push(this.openResponse);
        } else if (role === 'user') {
          this.marks.push({ ms, seq, kind: 'message', text: userText(event.message) });
        } else if (role === 'toolResult') {
          this.attach(toolCallIdOf(event.message), 'result', seq);
        }
        return;
      }
      case 'message_end': {
        const role = roleOf(event.message);
        if (role === 'assistant' && this.openResponse) {
          close(this.openResponse, ms, seq);
          const stopReason = (event.message as { stopReason?: unknown }).stopReason;
          if (typeof stopReason === 'string') this.openResponse.stopReason = stopReason;
          this.openResponse = undefined;
        } else if (role === 'toolResult') {
          this.attach(toolCallIdOf(event.message), 'result', seq);
        }
        return;
      }
      case 'tool_execution_start': return this.attach(event.toolCallId, 'queued', seq);
      case 'tool_execution_update': {
        this.attach(event.toolCallId, 'execute', seq);
        const lane = this.laneById.get(event.toolCallId);
        const tick = lane && lastWhere(lane.updates, (u) => u.accepted && u.piSeq === undefined);
        if (tick) tick.piSeq = seq;
        return;
      }
      case 'tool_execution_end': return this.attach(event.toolCallId, 'result', seq);
      default:
        return;
    }
  }

  /** Adds a pi event's seq to the latest span of `phase` on the call's lane. */
  private attach(toolCallId: string | undefined, phase: ToolPhase, seq: number): void {
    const lane = toolCallId === undefined ? undefined : this.laneById.get(toolCallId);
    const span = lane && lastWhere(lane.spans, (s) => s.phase === phase);
    span?.piSeqs.push(seq);
  }

  private laneFor(toolCallId: string, toolName: string, turn: number, ms: number): CallLane {
    const lane = this.laneById.get(toolCallId);
    if (lane) return lane;
    // A phase outside any batch (a malformed or hand-written trace): it still gets a lane of its own.
    return this.newLane(toolCallId, toolName, turn, { mode: 'parallel', index: 0, size: 1, truncated: false }, ms);
  }

  private newLane(toolCallId: string, toolName: string, turn: number, batch: CallLane['batch'], ms: number): CallLane {
    let key = toolCallId;
    if (this.usedKeys.has(key)) {
      key = `${toolCallId}@${turn}`;
      for (let n = 2; this.usedKeys.has(key); n++) key = `${toolCallId}@${turn}.${n}`;
    }
    this.usedKeys.add(key);
    const lane: CallLane = {
      key, toolCallId, toolName, label: `${toolName} ${toolCallId}`, turn, batch, startMs: ms, endMs: ms,
      outcome: undefined, spans: [], updates: [], fs: [],
    };
    this.calls.push(lane);
    this.laneById.set(toolCallId, lane);
    return lane;
  }

  /** Closes what is still open at the recording's end and computes each lane's extent. */
  finish(recording: Recording, eventCount: number): RecordingLayout {
    const durationMs = Math.max(this.lastMs, recording.durationMs || 0);
    const stretch = (span: { endMs: number; endSeq?: number }) => { if (span.endSeq === undefined) span.endMs = durationMs; };
    this.turns.forEach(stretch);
    this.responses.forEach(stretch);
    this.batches.forEach(stretch);
    for (const block of this.blocks) if (block.open) block.endMs = durationMs;
    for (const lane of this.calls) {
      lane.spans.forEach(stretch);
      let start = lane.spans[0]?.startMs ?? lane.startMs;
      let end = lane.spans.at(-1)?.endMs ?? lane.startMs;
      for (const u of lane.updates) { start = Math.min(start, u.ms); end = Math.max(end, u.ms); }
      for (const f of lane.fs) { start = Math.min(start, f.ms); end = Math.max(end, f.ms); }
      lane.startMs = start;
      lane.endMs = end;
    }
    const layout: RecordingLayout = {
      recordingId: recording.id, label: recording.label, toolExecution: recording.toolExecution, status: recording.status,
      originMs: this.originMs, durationMs, eventCount,
      turns: this.turns, responses: this.responses, blocks: this.blocks, batches: this.batches, calls: this.calls, marks: this.marks,
    };
    if (recording.failure !== undefined) layout.failure = recording.failure;
    return layout;
  }
}

function close(span: { endMs: number; endSeq?: number }, ms: number, seq: number): void {
  span.endMs = ms;
  span.endSeq = seq;
}

function openSpan(lane: CallLane, phase: ToolPhase): PhaseSpan | undefined {
  return lastWhere(lane.spans, (span) => span.phase === phase && span.endSeq === undefined);
}

function lastWhere<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return items[i];
  return undefined;
}

function roleOf(message: unknown): string | undefined {
  const role = (message as { role?: unknown } | null)?.role;
  return typeof role === 'string' ? role : undefined;
}

function toolCallIdOf(message: unknown): string | undefined {
  const id = (message as { toolCallId?: unknown }).toolCallId;
  return typeof id === 'string' ? id : undefined;
}

/** A user message's text, for its marker (images are left out). */
export function userText(message: unknown): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : ''))
    .join('');
}

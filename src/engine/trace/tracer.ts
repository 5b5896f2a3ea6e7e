// Emits the playground trace of one run: run/turn/batch spans, streamed blocks and the phases of every tool call.
// The loop calls it synchronously beside pi's events (never awaiting), so tracing cannot reorder pi's events.
import type { AssistantMessageEvent, ToolCall } from '../../ai/index.ts';
import { QUEUED, SinkWriter, type TraceWriter } from './trace-writer.ts';
import type { BlockKind, PhaseData, PhaseOutcome, ToolPhase, TraceEvent, TraceSink } from './types.ts';

export type RunMode = 'parallel' | 'sequential' | 'mixed';

/** Trace emitter for one run. Turns are numbered from 1; every event carries `t = clock.now()`. */
export class Tracer {
  /** The current turn (1-based); 0 before the first turn_start. */
  turn = 0;
  /** The current batch's calls; those from `nextToStart` on still wait for their tool_execution_start. */
  private batchCalls: readonly ToolCall[] = [];
  private nextToStart = 0;
  /** Blocks of the streaming message that started and have not ended (a few at most; a list, not an index). */
  private readonly openBlocks: { contentIndex: number; kind: BlockKind }[] = [];
  /** Per call of the batch (by position): the phase it is in right now, so a run that breaks can close it. */
  private openPhases: (ToolPhase | undefined)[] = [];
  /**
   * Each call's position in the batch, so a phase event finds its call in O(1) instead of scanning the batch. Keyed
   * by the call object, as the scan matched, first position winning: malformed input may repeat a call id (or a
   * call), and keying by id would merge the phases of two different calls.
   */
  private readonly callIndex = new Map<ToolCall, number>();
  /**
   * The position the last phase event found, tried (with the next one) before the map: a batch's phases come in
   * call order, so most lookups end there. Only when no call object repeats in the batch, where a position and the
   * map's first-position answer always agree.
   */
  private lastPosition = 0;
  private repeatedCalls = false;
  /** The batch start's reading, until any other row reads the clock (NaN then): see callStarted. */
  private batchStartedAt = NaN;
  private turnOpen = false;
  private batchOpen = false;
  /** The run ended; `broken`: it ended with an error, and what its abandoned work does later is not traced. */
  private ended = false;
  private broken = false;

  private readonly out: TraceWriter;

  /**
   * `now` gives the trace time in ms (an injected clock's, or wall time since the run began). `into`: a sink
   * receiving event objects, or a writer (a CompactTrace) that stores the rows itself.
   */
  constructor(
    into: TraceSink | TraceWriter,
    private readonly clock: { now(): number },
  ) {
    this.out = typeof into === 'function' ? new SinkWriter(into) : into;
  }

  /** The trace time of a row; a row that reads the clock ends the batch start's shared reading. */
  private now(): number {
    this.batchStartedAt = NaN;
    return this.clock.now();
  }

  // Parallel tools still running when a run broke (a failing emit) finish later: their spans were closed, and
  // nothing more is written once `broken` is set.
  private emit(event: TraceEvent): void {
    if (this.broken) return;
    this.out.event(event);
  }

  runStart(mode: RunMode): void {
    this.emit({ type: 'trace_run_start', t: this.now(), mode });
  }

  /** Ends the run. With an `error` (the loop broke) every span still open is closed first, then the error logged. */
  runEnd(error?: string): void {
    // An emit that fails at agent_end breaks a run whose trace had already ended.
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) {
      this.openPhases.forEach((phase, index) => { if (phase) this.phaseEnd(this.batchCalls[index], phase, 'error'); });
      if (this.batchOpen) this.batchEnd(false);
      this.messageEnd();
      if (this.turnOpen) this.turnEnd();
      this.emit({ type: 'trace_log', t: this.now(), level: 'error', text: error });
    }
    this.emit({ type: 'trace_run_end', t: this.now() });
    if (error !== undefined) this.broken = true;
  }

  turnStart(): void {
    this.turn++;
    this.turnOpen = true;
    this.emit({ type: 'trace_turn_start', t: this.now(), turn: this.turn });
  }

  turnEnd(): void {
    this.turnOpen = false;
    this.emit({ type: 'trace_turn_end', t: this.now(), turn: this.turn });
  }

  /** Opens the batch and a `queued` span for each of its calls (closed when the call's pipeline begins). */
  batchStart(mode: 'parallel' | 'sequential', toolCalls: readonly ToolCall[], truncated = false, sequentialBecause?: string[]): void {
    const t = this.now();
    this.batchStartedAt = t;
    const toolCallIds = toolCalls.map((call) => call.id);
    this.batchOpen = true;
    this.emit(truncated
      ? { type: 'trace_batch_start', t, turn: this.turn, mode, toolCallIds, truncated }
      : sequentialBecause?.length
        ? { type: 'trace_batch_start', t, turn: this.turn, mode, toolCallIds, sequentialBecause }
        : { type: 'trace_batch_start', t, turn: this.turn, mode, toolCallIds });
    this.batchCalls = toolCalls;
    this.nextToStart = 0;
    this.openPhases = new Array(toolCalls.length);
    this.callIndex.clear();
    this.lastPosition = 0;
    this.repeatedCalls = false;
    for (let i = 0; i < toolCalls.length; i++) {
      if (!this.callIndex.has(toolCalls[i])) this.callIndex.set(toolCalls[i], i);
      else this.repeatedCalls = true;
    }
    if (this.broken) { for (const call of toolCalls) readCall(call); return; }
    const out = this.out;
    out.batch(toolCalls);
    for (let i = 0; i < toolCalls.length; i++) out.phaseStart(t, this.turn, toolCalls[i], i, 'queued');
  }

  /** Closes the batch; calls an abort left unprocessed end their `queued` span as `skipped`. */
  batchEnd(terminate: boolean): void {
    const calls = this.batchCalls;
    for (let i = this.nextToStart; i < calls.length; i++) this.phaseEnd(calls[i], 'queued', 'skipped');
    this.batchCalls = [];
    this.openPhases = [];
    this.callIndex.clear();
    this.nextToStart = 0;
    this.batchOpen = false;
    this.emit({ type: 'trace_batch_end', t: this.now(), turn: this.turn, terminate });
  }

  /**
   * The call's tool_execution_start is about to go out: its wait is over. Both modes start calls in source order.
   * The loop starts a batch's first call in the same synchronous step as the batch (agent-loop.ts: the three batch
   * loops run nothing between probe.batchStart and the first probe.toolExecutionStart), so that call's queued span
   * ends at the batch start's reading: it waited for nothing. Any row read in between would end the sharing.
   */
  callStarted(call: ToolCall): void {
    if (this.batchCalls[this.nextToStart] !== call) return;
    const position = this.nextToStart++;
    if (this.broken) return readCall(call);
    const shared = position === 0 ? this.batchStartedAt : NaN;
    this.out.phaseEnd(Number.isNaN(shared) ? this.now() : shared, this.turn, call, position, 'queued', 'ok', QUEUED);
    this.batchStartedAt = NaN;
  }

  /** The call's position in the batch (the first one for a repeated call object), undefined when not in it. */
  private positionOf(call: ToolCall): number | undefined {
    if (!this.repeatedCalls) {
      const calls = this.batchCalls;
      const last = this.lastPosition;
      if (calls[last] === call) return last;
      if (calls[last + 1] === call) return (this.lastPosition = last + 1);
    }
    const index = this.callIndex.get(call);
    if (index !== undefined) this.lastPosition = index;
    return index;
  }

  phaseStart(call: ToolCall, phase: ToolPhase): void {
    const index = this.positionOf(call);
    if (index !== undefined) this.openPhases[index] = phase;
    if (this.broken) return readCall(call);
    this.out.phaseStart(this.now(), this.turn, call, index ?? -1, phase);
  }

  phaseEnd(call: ToolCall, phase: ToolPhase, outcome: PhaseOutcome, data?: PhaseData): void {
    const index = this.positionOf(call);
    if (phase !== 'queued' && index !== undefined) this.openPhases[index] = undefined;
    if (this.broken) return readCall(call);
    this.out.phaseEnd(this.now(), this.turn, call, index ?? -1, phase, outcome, data);
  }

  update(call: ToolCall, partialResult: unknown, accepted: boolean): void {
    this.emit({
      type: 'trace_update', t: this.now(), turn: this.turn,
      toolCallId: call.id, toolName: call.name, partialResult, accepted,
    });
  }

  /** One streamed assistant event that became a message_update. */
  block(event: AssistantMessageEvent): void {
    // Deltas and ends of a block that never started (a malformed stream) leave no trace, so spans stay balanced.
    switch (event.type) {
      case 'text_start': return this.blockStart(event, 'text');
      case 'thinking_start': return this.blockStart(event, 'thinking');
      case 'toolcall_start': return this.blockStart(event, 'toolCall');
      case 'text_delta':
      case 'thinking_delta':
      case 'toolcall_delta': {
        if (!this.openBlockKind(event.contentIndex)) return;
        const contentIndex = event.contentIndex;
        const chars = typeof event.delta === 'string' ? event.delta.length : 0;
        if (!this.broken) this.out.blockDelta(this.now(), this.turn, contentIndex, chars);
        return;
      }
      case 'text_end':
      case 'thinking_end':
      case 'toolcall_end': {
        const kind = this.openBlockKind(event.contentIndex);
        if (!kind) return;
        const id = event.type === 'toolcall_end' ? event.toolCall?.id ?? blockId(event) : undefined;
        return this.blockEnd(event.contentIndex, kind, id);
      }
    }
  }

  /** The assistant message ended: blocks a stopped stream never finished end here, so no span stays open. */
  messageEnd(): void {
    while (this.openBlocks.length > 0) {
      const { contentIndex, kind } = this.openBlocks[0];
      this.blockEnd(contentIndex, kind, undefined);
    }
  }

  private openBlockKind(contentIndex: number): BlockKind | undefined {
    for (const block of this.openBlocks) if (block.contentIndex === contentIndex) return block.kind;
    return undefined;
  }

  private blockStart(event: { contentIndex: number; partial?: unknown }, kind: BlockKind): void {
    if (!Number.isSafeInteger(event.contentIndex) || event.contentIndex < 0) return; // malformed: not traced
    const open = this.openBlocks.find((block) => block.contentIndex === event.contentIndex);
    if (open) open.kind = kind;
    else this.openBlocks.push({ contentIndex: event.contentIndex, kind });
    const t = this.now();
    const toolCallId = kind === 'toolCall' ? blockId(event) : undefined;
    const contentIndex = event.contentIndex; // read even once broken, in the order the event object read it
    if (!this.broken) this.out.block(false, t, this.turn, contentIndex, kind, toolCallId);
  }

  private blockEnd(contentIndex: number, kind: BlockKind, toolCallId: string | undefined): void {
    const at = this.openBlocks.findIndex((block) => block.contentIndex === contentIndex);
    if (at >= 0) this.openBlocks.splice(at, 1);
    const t = this.now();
    if (!this.broken) this.out.block(true, t, this.turn, contentIndex, kind, toolCallId);
  }
}

/**
 * Reads a call's id and name as writing its row would: once the run broke nothing is written, but a getter or
 * Proxy on the call sees the same reads as before it broke (tracing reads them for every row).
 */
function readCall(call: ToolCall): void {
  void call.id;
  void call.name;
}

/** The id of the tool-call block an event refers to, read from the live partial (may be absent in bad input). */
function blockId(event: { contentIndex: number; partial?: unknown }): string | undefined {
  const block = (event.partial as { content?: unknown } | undefined)?.content;
  const item = Array.isArray(block) ? block[event.contentIndex] : undefined;
  return item && typeof item === 'object' && typeof item.id === 'string' ? item.id : undefined;
}

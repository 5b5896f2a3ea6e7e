// Pure questions about a position in a recording, used by the player and the automation contract: how many events
// have happened by a given time, where the next phase of a tool call starts or where it enters a given phase, and
// which phase a call is in at the cursor.
import type { RecordedEvent, Recording } from '../../recording/index.ts';
import type { ToolPhase } from '../../engine/index.ts';

/** The phase a call is in at the cursor: a pipeline phase, `done` after its result, `pending` before it starts. */
export type CallPhase = ToolPhase | 'done' | 'pending';

/** A tool call's pipeline, in order. */
export const TOOL_PHASES = ['queued', 'prepare', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result'] as const satisfies readonly ToolPhase[];
/** What a call can be stepped to: one of its phases, or `done` (its result has ended). */
export const CALL_PHASES = [...TOOL_PHASES, 'done'] as const;

/** Number of events with `t <= ms` (events are in time order). */
export function countAtOrBefore(events: readonly RecordedEvent[], ms: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (events[mid].t <= ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

export interface PhaseStart {
  seq: number;
  toolCallId: string;
  phase: ToolPhase;
}

/**
 * The first phase start at or after event `from` — of call `toolCallId` when given, else of any call. Null when
 * there is none in what has been recorded.
 */
export function nextPhaseStart(events: readonly RecordedEvent[], from: number, toolCallId?: string): PhaseStart | null {
  for (let i = Math.max(0, from); i < events.length; i++) {
    const entry = events[i];
    if (entry.source !== 'trace' || entry.event.type !== 'trace_phase_start') continue;
    if (toolCallId !== undefined && entry.event.toolCallId !== toolCallId) continue;
    return { seq: entry.seq, toolCallId: entry.event.toolCallId, phase: entry.event.phase };
  }
  return null;
}

/**
 * The first event at or after `from` where call `toolCallId` enters `phase` (`done`: where its result phase ends);
 * -1 when there is none in what has been recorded.
 */
export function phaseEntryAt(events: readonly RecordedEvent[], from: number, toolCallId: string, phase: ToolPhase | 'done'): number {
  return events.findIndex((entry, index) => {
    if (index < from || entry.source !== 'trace') return false;
    const e = entry.event;
    if (phase === 'done') return e.type === 'trace_phase_end' && e.toolCallId === toolCallId && e.phase === 'result';
    return e.type === 'trace_phase_start' && e.toolCallId === toolCallId && e.phase === phase;
  });
}

/** The phase call `toolCallId` is in once the first `count` events have happened. */
export function phaseAt(events: readonly RecordedEvent[], count: number, toolCallId: string): CallPhase {
  for (let i = Math.min(count, events.length) - 1; i >= 0; i--) {
    const entry = events[i];
    if (entry.source !== 'trace') continue;
    const e = entry.event;
    if ((e.type === 'trace_phase_start' || e.type === 'trace_phase_end') && e.toolCallId === toolCallId) {
      if (e.type === 'trace_phase_start') return e.phase;
      return e.phase === 'result' ? 'done' : e.phase;
    }
  }
  return 'pending';
}

/** How far the cursor may go: the end of everything recorded, or while recording the time recorded so far. */
export function cursorLimit(recordings: readonly Recording[], liveNowMs: ReadonlyMap<string, number>, pending: number): number {
  if (pending > 0) return 0;
  let limit = Infinity;
  let longest = 0;
  for (const recording of recordings) {
    longest = Math.max(longest, recording.durationMs);
    const now = liveNowMs.get(recording.id);
    if (recording.status === 'recording' && now !== undefined) limit = Math.min(limit, now);
  }
  return limit === Infinity ? longest : limit;
}

// The tool calls of a recording and where each one is at the cursor, in one pass over the shown events (the
// automation state and the `run-call-<id>` attributes read it on every cursor move, so it must stay linear).
import type { RecordedEvent } from '../recording/index.ts';
import type { CallPhase } from '../state/run/cursor.ts';

export interface CallAtCursor {
  id: string;
  toolName: string;
  phase: CallPhase;
}

/**
 * Every call that has a phase in `events`, in the order its first phase starts, with its phase once the first
 * `shown` events have happened: the phase that started last (a phase that ended stays current until the next
 * starts, as the transport's `data-phase` does), `done` after its result, `pending` before it starts.
 */
export function callsAtCursor(events: readonly RecordedEvent[], shown: number): CallAtCursor[] {
  const calls = new Map<string, CallAtCursor>();
  const limit = Math.min(shown, events.length);
  for (let i = 0; i < events.length; i++) {
    const entry = events[i];
    if (entry.source !== 'trace') continue;
    const event = entry.event;
    if (event.type !== 'trace_phase_start' && event.type !== 'trace_phase_end') continue;
    let call = calls.get(event.toolCallId);
    if (!call) {
      call = { id: event.toolCallId, toolName: event.toolName, phase: 'pending' };
      calls.set(event.toolCallId, call);
    }
    if (i >= limit) continue;
    if (event.type === 'trace_phase_start') call.phase = event.phase;
    else call.phase = event.phase === 'result' ? 'done' : event.phase;
  }
  return [...calls.values()];
}

/** The same as a record `{ callId: phase }`. */
export function phaseByCall(events: readonly RecordedEvent[], shown: number): Record<string, CallPhase> {
  return Object.fromEntries(callsAtCursor(events, shown).map((call) => [call.id, call.phase]));
}

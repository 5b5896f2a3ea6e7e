// A recorded run: pi's events and the playground's trace events on one clock, in the order they happened.
// The run is recorded on the virtual clock first; the UI then plays the recording back (pause, step, scrub).
import type { AgentEvent } from '../engine/index.ts';
import type { TraceEvent } from '../engine/index.ts';

/**
 * One entry of a recording. `seq` is the position in the recording (0, 1, 2 …); `t` when it happened, in ms since
 * the recording's first event (which is at 0: a live run's clock starts before the run does, while its tools load). `event` is a snapshot taken at that moment (pi shares and mutates partial messages, so a live
 * reference would show later state).
 */
export type RecordedEvent =
  | { seq: number; t: number; source: 'pi'; event: AgentEvent }
  | { seq: number; t: number; source: 'trace'; event: TraceEvent };

export type RecordingStatus = 'recording' | 'done' | 'failed';

export interface Recording {
  id: string;
  /** Shown above its timeline, e.g. "parallel" or "sequential". */
  label: string;
  toolExecution: 'parallel' | 'sequential';
  /** Append-only while `status` is `recording`. */
  events: RecordedEvent[];
  /** From the first to the last event (ms): the last event's `t`. */
  durationMs: number;
  status: RecordingStatus;
  /** Why the run failed, when it did. */
  failure?: string;
}

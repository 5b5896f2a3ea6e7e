// What one run of the agent loop threads through its helpers: pi's event sink and abort signal, plus the
// playground's optional tracer and message clock. Instrumentation never travels inside AgentLoopConfig,
// because pi spreads the whole config into the stream options.
import { RealClock, type Clock } from './clock.ts';
import { Tracer } from './trace/tracer.ts';
import type { CompactTrace } from './trace/compact-trace.ts';
import type { TraceSink } from './trace/types.ts';
import type { AgentEvent, AgentMessage } from './types.ts';

/** pi's emit callback for runAgentLoop: awaited for every event. */
export type AgentEventSink = (event: AgentEvent) => Promise<void> | void;

/**
 * Optional trailing argument of the loop entry points (after streamFn).
 * - `trace`: receives the playground trace events, synchronously, beside pi's events.
 * - `compactTrace`: keeps the whole trace instead (in place of `trace`): the same events, read back with its
 *   events() or eventAt(), held in a fraction of the memory and written without an object per event.
 * - `clock`: time source for trace times (default: a RealClock started with the run). When given, the loop's own
 *   message timestamps (toolResult messages) become `epochMs + clock.now()` instead of pi's `Date.now()`, so a
 *   replay on a VirtualClock produces byte-identical messages.
 * - `epochMs`: added to `clock.now()` for those timestamps (default 0).
 */
export interface LoopInstrumentation {
  trace?: TraceSink;
  compactTrace?: CompactTrace;
  clock?: Clock;
  epochMs?: number;
}

export interface LoopRun {
  readonly emit: AgentEventSink;
  readonly signal: AbortSignal | undefined;
  /** Present only when a trace sink was given; every tracing branch tests it first. */
  readonly tracer: Tracer | undefined;
  /** Timestamp for messages the loop builds itself. */
  readonly timestamp: () => number;
  /** This run's new messages (set when the run starts), for the playground's failure handling. */
  newMessages: AgentMessage[];
  /**
   * Playground runs only: a malformed stream's second `start` replaces the partial instead of opening a second
   * message that would never end (pi emits another message_start).
   */
  singleMessageStart: boolean;
}

export function createLoopRun(
  emit: AgentEventSink,
  signal: AbortSignal | undefined,
  instrumentation: LoopInstrumentation | undefined,
): LoopRun {
  const clock = instrumentation?.clock;
  const sink = instrumentation?.compactTrace ?? instrumentation?.trace;
  let timestamp: () => number = Date.now;
  if (clock) {
    const epoch = instrumentation?.epochMs ?? 0;
    timestamp = () => epoch + clock.now();
  }
  return {
    emit,
    signal,
    tracer: sink ? new Tracer(sink, clock ?? wallClockFromNow()) : undefined,
    timestamp,
    newMessages: [],
    singleMessageStart: false,
  };
}

/** Wall time in ms since the run began: RealClock's time at speed 1, read without its per-call checks. */
function wallClockFromNow(): { now(): number } {
  if (typeof performance === 'undefined') return new RealClock();
  const read = performance.now.bind(performance);
  const origin = read();
  return { now: () => read() - origin };
}

/** The text of a thrown value, as pi reports it: `error.message` for Errors, `String(value)` otherwise. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** errorText for any thrown value, even one whose String() conversion throws. */
export function safeErrorText(error: unknown): string {
  try {
    return errorText(error);
  } catch {
    return 'Unknown error';
  }
}

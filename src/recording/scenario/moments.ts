// Fires callbacks at the moments a scenario names (a clock time, a turn boundary, a tool call starting, executing
// or ending, optionally plus a wait), driven synchronously by the run's events so replays are deterministic.
import type { Clock } from '../../engine/index.ts';
import type { TraceEvent } from '../../engine/index.ts';
import type { AgentEvent } from '../../engine/index.ts';
import type { Moment } from './format.ts';

type EventKey = `turnEnded:${number}` | `toolCallStart:${string}` | `toolCallExecute:${string}` | `toolCallEnd:${string}`;

/**
 * One run's moment scheduler. Event moments fire inside the event callback, before the loop continues;
 * time moments and waits fire from clock timers. After dispose() nothing fires any more.
 */
export class MomentScheduler {
  private readonly waiting = new Map<EventKey, (() => void)[]>();
  private readonly timers = new AbortController();
  private turnsEnded = 0;

  constructor(
    private readonly clock: Clock,
    /** Clock time the run started; `atMs` counts from here. */
    private readonly startMs: number,
  ) {}

  /** Calls `action` once at `moment` (undefined = now). */
  at(moment: Moment | undefined, action: () => void): void {
    if (!moment) return action();
    if ('atMs' in moment) return this.after(moment.atMs - (this.clock.now() - this.startMs), action);
    const delayed = () => this.after(moment.afterMs ?? 0, action);
    if ('beforeTurn' in moment) {
      // Turn N is prepared once turn N-1 has ended; turn 1 at the start.
      if (moment.beforeTurn <= 1 + this.turnsEnded) return delayed();
      return this.on(`turnEnded:${moment.beforeTurn - 1}`, delayed);
    }
    if ('toolCallStart' in moment) return this.on(`toolCallStart:${moment.toolCallStart}`, delayed);
    if ('toolCallExecute' in moment) return this.on(`toolCallExecute:${moment.toolCallExecute}`, delayed);
    return this.on(`toolCallEnd:${moment.toolCallEnd}`, delayed);
  }

  /** Feed every agent event, synchronously, before the loop goes on. */
  onAgentEvent(event: AgentEvent): void {
    if (event.type === 'turn_end') this.fire(`turnEnded:${++this.turnsEnded}`);
    else if (event.type === 'tool_execution_start') this.fire(`toolCallStart:${event.toolCallId}`);
    else if (event.type === 'tool_execution_end') this.fire(`toolCallEnd:${event.toolCallId}`);
  }

  /** Feed every trace event: `execute` phase starts mark when a tool's execute() begins. */
  onTraceEvent(event: TraceEvent): void {
    if (event.type === 'trace_phase_start' && event.phase === 'execute') this.fire(`toolCallExecute:${event.toolCallId}`);
  }

  /** Cancels pending timers and drops waiting callbacks. */
  dispose(): void {
    this.timers.abort();
    this.waiting.clear();
  }

  private on(key: EventKey, action: () => void): void {
    const list = this.waiting.get(key) ?? [];
    list.push(action);
    this.waiting.set(key, list);
  }

  private fire(key: EventKey): void {
    const actions = this.waiting.get(key);
    if (!actions || this.timers.signal.aborted) return;
    this.waiting.delete(key);
    for (const action of actions) action();
  }

  private after(ms: number, action: () => void): void {
    if (ms <= 0) return action();
    const cancelled = this.timers.signal;
    void this.clock.sleep(ms, cancelled).then(() => {
      if (!cancelled.aborted) action();
    });
  }
}

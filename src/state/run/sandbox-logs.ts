// Puts what user code prints (console.log/warn/error in the sandbox) into the recording being made, as trace_log
// events at the recording's clock time, attributed to the tool call that printed. Outside a recording (Try it),
// the lines are not kept.
import type { Clock } from '../../engine/index.ts';
import type { TraceEvent, TraceSink } from '../../engine/index.ts';
import type { SandboxLogEntry } from '../../sandbox/types.ts';
import type { TraceSource } from './run.svelte.ts';

export interface SandboxLogTap {
  /** The sandbox's `onLog`. */
  onLog(entry: SandboxLogEntry): void;
  /** Register on the run state's `traceSources`. */
  readonly source: TraceSource;
}

export function createSandboxLogTap(): SandboxLogTap {
  let target: { sink: TraceSink; clock: Pick<Clock, 'now'> } | undefined;
  return {
    onLog(entry) {
      if (!target) return;
      const event: TraceEvent = { type: 'trace_log', t: target.clock.now(), level: entry.level, text: entry.text };
      if (entry.toolCallId !== undefined) event.toolCallId = entry.toolCallId;
      target.sink(event);
    },
    source: (sink, clock) => {
      const attached = { sink, clock };
      target = attached;
      return () => { if (target === attached) target = undefined; };
    },
  };
}

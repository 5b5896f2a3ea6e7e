// Stable text of a trace, one event a line, for snapshot tests and for copying a run's trace into a bug report.
// Times are printed as given (use a VirtualClock for stable output); phase data is printed as compact JSON.
import type { TraceEvent } from '../engine/index.ts';

export interface FormatTraceOptions {
  /** Print each phase end's data (default true). */
  data?: boolean;
}

export function formatTrace(events: readonly TraceEvent[], options: FormatTraceOptions = {}): string {
  const withData = options.data ?? true;
  return events.map((event) => formatTraceEvent(event, withData)).join('\n');
}

export function formatTraceEvent(event: TraceEvent, withData = true): string {
  const at = `@${event.t}`;
  switch (event.type) {
    case 'trace_run_start': return `${at} run start ${event.mode}`;
    case 'trace_run_end': return `${at} run end`;
    case 'trace_turn_start': return `${at} turn ${event.turn} start`;
    case 'trace_turn_end': return `${at} turn ${event.turn} end`;
    case 'trace_batch_start':
      return `${at} batch start ${event.mode}${event.truncated ? ' truncated' : ''}${event.sequentialBecause ? ` because ${event.sequentialBecause.join(',')}` : ''} [${event.toolCallIds.join(',')}]`;
    case 'trace_batch_end': return `${at} batch end${event.terminate ? ' terminate' : ''}`;
    case 'trace_block_start': return `${at} block ${event.contentIndex} start ${event.kind}${event.toolCallId ? ` ${event.toolCallId}` : ''}`;
    case 'trace_block_delta': return `${at} block ${event.contentIndex} delta ${event.chars}`;
    case 'trace_block_end': return `${at} block ${event.contentIndex} end ${event.kind}${event.toolCallId ? ` ${event.toolCallId}` : ''}`;
    case 'trace_phase_start': return `${at} ${event.toolCallId} ${event.phase} start`;
    case 'trace_phase_end': {
      const data = withData && event.data && event.phase !== 'queued' ? ` ${compact(withoutPhase(event.data))}` : '';
      return `${at} ${event.toolCallId} ${event.phase} end ${event.outcome}${data}`;
    }
    case 'trace_update': return `${at} ${event.toolCallId} update${event.accepted ? '' : ' ignored'} ${compact(event.partialResult)}`;
    case 'trace_fs': return `${at} fs ${event.op} ${event.path}${event.bytes === undefined ? '' : ` ${event.bytes}B`}`;
    case 'trace_log': return `${at} ${event.level} ${event.text}`;
  }
}

function withoutPhase(data: object): object {
  const { phase: _phase, ...rest } = data as { phase: string };
  return rest;
}

function compact(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v) => (v === undefined ? '<undefined>' : v)) ?? 'undefined';
  } catch {
    return String(value);
  }
}

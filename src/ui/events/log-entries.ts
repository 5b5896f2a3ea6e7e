// The event log's rows from a recording: pi's events (and, when asked, trace events) up to the cursor, filtered by
// type and by tool call, with the assistant stream shown three ways: assembled text, one row per delta, or raw.
import { formatTraceEvent } from '../../recording/index.ts';
import type { RecordedEvent } from '../../recording/index.ts';
import type { AgentEvent } from '../../engine/index.ts';
import { DEFAULT_LOG_TYPES, type LogStreamView } from '../../state/run/log.svelte.ts';

export type StreamView = LogStreamView;
/** pi's event types in the order a run emits them. */
export const PI_EVENT_TYPES = DEFAULT_LOG_TYPES;

export interface LogFilter {
  /** pi event types to show. */
  types: ReadonlySet<string>;
  /** Only events about this call (null: all). */
  toolCallId: string | null;
  /** Also show the playground's trace events. */
  trace: boolean;
  stream: StreamView;
}

export interface LogEntry {
  /** Stable within one recording: the seq of the first event the row stands for. */
  key: number;
  /** The event the row points at (a grouped stream row: its latest update). */
  seq: number;
  t: number;
  source: 'pi' | 'trace';
  type: string;
  /** One line of identifying data (ids, roles, previews); no prose. */
  summary: string;
  toolCallIds: readonly string[];
  /** What the row expands to. */
  payload: unknown;
  /** Updates folded into a `text` stream row. */
  count?: number;
  /** A stream row's message text as assembled so far (the summary is its first line or so). */
  text?: string;
  isError?: boolean;
  /**
   * A playground annotation worded in the reader's language instead of the summary: a batch made sequential by
   * tools with executionMode "sequential" (their names). Shown even while trace events are hidden.
   */
  sequentialBecause?: readonly string[];
}

interface Base { toolCallIds: readonly string[]; summary: string; isError?: boolean }
const bases = new WeakMap<RecordedEvent, Base>();

const preview = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const json = (value: unknown) => { try { return JSON.stringify(value) ?? ''; } catch { return String(value); } };

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: { type?: string; text?: string; thinking?: string; name?: string; arguments?: unknown }) => {
    if (block?.type === 'text') return block.text ?? '';
    if (block?.type === 'thinking') return `(${block.thinking ?? ''})`;
    if (block?.type === 'toolCall') return `${block.name ?? ''}(${json(block.arguments)})`;
    if (block?.type === 'image') return '[image]';
    return '';
  }).filter(Boolean).join(' ');
}

function callIdsOfMessage(message: { role?: string; content?: unknown; toolCallId?: string }): string[] {
  if (message.role === 'toolResult' && typeof message.toolCallId === 'string') return [message.toolCallId];
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return [];
  return message.content.flatMap((b: { type?: string; id?: unknown }) => (b?.type === 'toolCall' && typeof b.id === 'string' ? [b.id] : []));
}

function describePi(event: AgentEvent): Base {
  switch (event.type) {
    case 'message_start':
    case 'message_end':
    case 'message_update': {
      const m = event.message as { role: string; stopReason?: string; errorMessage?: string; toolName?: string; isError?: boolean; content?: unknown };
      const ids = callIdsOfMessage(m);
      if (event.type === 'message_update') return { toolCallIds: ids, summary: event.assistantMessageEvent.type };
      const head = [m.role, m.role === 'toolResult' ? m.toolName : undefined, m.stopReason].filter(Boolean).join(' · ');
      const body = m.errorMessage ?? contentText(m.content);
      return { toolCallIds: ids, summary: body ? `${head}: ${preview(body)}` : head, isError: m.isError === true || m.stopReason === 'error' };
    }
    case 'tool_execution_start':
      return { toolCallIds: [event.toolCallId], summary: `${event.toolName} ${event.toolCallId} ${preview(json(event.args), 60)}` };
    case 'tool_execution_update':
      return { toolCallIds: [event.toolCallId], summary: `${event.toolName} ${event.toolCallId}: ${preview(contentText((event.partialResult as { content?: unknown })?.content))}` };
    case 'tool_execution_end': {
      const text = contentText((event.result as { content?: unknown })?.content);
      return { toolCallIds: [event.toolCallId], summary: `${event.toolName} ${event.toolCallId}: ${preview(text)}`, isError: event.isError };
    }
    case 'turn_end':
      return { toolCallIds: event.toolResults.map((r) => r.toolCallId), summary: `toolResults: ${event.toolResults.length}` };
    case 'agent_end':
      return { toolCallIds: [], summary: `messages: ${event.messages.length}` };
    default:
      return { toolCallIds: [], summary: '' };
  }
}

function base(entry: RecordedEvent): Base {
  let found = bases.get(entry);
  if (!found) {
    if (entry.source === 'pi') found = describePi(entry.event);
    else {
      const e = entry.event as { toolCallId?: string; toolCallIds?: string[] };
      const ids = e.toolCallIds ?? (e.toolCallId !== undefined ? [e.toolCallId] : []);
      found = { toolCallIds: ids, summary: formatTraceEvent(entry.event, false).replace(/^@\S+ /, '') };
    }
    bases.set(entry, found);
  }
  return found;
}

const DELTAS = new Set(['text_delta', 'thinking_delta', 'toolcall_delta']);

/** The rows for the first `count` events of a recording. O(events); per-event text is computed once and cached. */
export function buildLogEntries(events: readonly RecordedEvent[], count: number, filter: LogFilter): LogEntry[] {
  const rows: LogEntry[] = [];
  let stream: LogEntry | null = null;
  const streams: LogEntry[] = [];
  for (let i = 0; i < Math.min(count, events.length); i++) {
    const entry = events[i];
    const type = entry.event.type;
    // Any other pi event ends a streamed message's row, shown or not (message_end is always between two messages).
    if (entry.source === 'pi' && type !== 'message_update') stream = null;
    const because = entry.source === 'trace' && entry.event.type === 'trace_batch_start' ? entry.event.sequentialBecause : undefined;
    if (entry.source === 'trace' ? !filter.trace && !because : !filter.types.has(type)) continue;
    const info = base(entry);
    if (filter.toolCallId !== null && !info.toolCallIds.includes(filter.toolCallId)) continue;
    const row: LogEntry = { key: entry.seq, seq: entry.seq, t: entry.t, source: entry.source, type, summary: info.summary, toolCallIds: info.toolCallIds, payload: entry.event };
    if (info.isError) row.isError = true;
    if (because) row.sequentialBecause = because;
    if (entry.source === 'pi' && entry.event.type === 'message_update') {
      const update = entry.event.assistantMessageEvent as { type: string; delta?: unknown; contentIndex?: number };
      if (filter.stream === 'chunks') {
        if (!DELTAS.has(update.type)) continue;
        row.summary = `${update.type} [${update.contentIndex ?? 0}] ${json(update.delta)}`;
      } else if (filter.stream === 'text') {
        if (stream) {
          // Fold into the open stream row: it now shows the message as of this update (its text is assembled
          // once, below: doing it per update would copy the growing text again and again).
          stream.seq = entry.seq;
          stream.t = entry.t;
          stream.count = (stream.count ?? 1) + 1;
          stream.payload = entry.event.message;
          stream.toolCallIds = info.toolCallIds;
          continue;
        }
        row.payload = entry.event.message;
        row.count = 1;
        stream = row;
        streams.push(row);
      }
    }
    rows.push(row);
  }
  for (const row of streams) {
    row.text = contentText((row.payload as { content?: unknown }).content);
    row.summary = preview(row.text, 160);
  }
  return rows;
}

/** Every tool call id in the recording, in order of first appearance (for the filter). */
export function toolCallIdsIn(events: readonly RecordedEvent[]): string[] {
  const seen = new Set<string>();
  for (const entry of events) {
    if (entry.source === 'pi' && entry.event.type === 'tool_execution_start') seen.add(entry.event.toolCallId);
    if (entry.source === 'trace' && entry.event.type === 'trace_batch_start') for (const id of entry.event.toolCallIds) seen.add(id);
  }
  return [...seen];
}

/**
 * The row to highlight for a selection: the row of event `seq` (or the stream row holding it); else the latest row
 * at or before `seq` (about the selected call, when there is one), or with `forward` the first row after it.
 * -1 when there is none.
 */
export function rowForSelection(rows: readonly LogEntry[], selection: { seq?: number; toolCallId?: string; forward?: boolean } | null): number {
  if (!selection || rows.length === 0) return -1;
  const { seq, toolCallId } = selection;
  const about = (row: LogEntry) => toolCallId === undefined || row.toolCallIds.includes(toolCallId);
  if (seq === undefined) return toolCallId === undefined ? -1 : rows.findIndex(about);
  let latest = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.key <= seq && seq <= row.seq) return i;
    if (row.key > seq) {
      if (!selection.forward) break;
      if (about(row)) return i;
    } else if (about(row)) latest = i;
  }
  return latest;
}

/**
 * The event a selection points at: its own `seq`; for a phase picked on the timeline, the start of that phase, to be
 * looked up forward for `result` (its row is the tool_execution_end that begins it) and backward for the others
 * (tool_execution_start for the pipeline phases, the assistant message for `queued`).
 */
export function selectionSeq(
  events: readonly RecordedEvent[],
  selection: { seq?: number; toolCallId?: string; phase?: string } | null,
): { seq?: number; forward?: boolean } {
  if (!selection) return {};
  if (selection.seq !== undefined) return { seq: selection.seq };
  if (selection.toolCallId === undefined || selection.phase === undefined) return {};
  const start = events.find((e) => e.source === 'trace' && e.event.type === 'trace_phase_start'
    && e.event.toolCallId === selection.toolCallId && e.event.phase === selection.phase);
  return start ? { seq: start.seq, forward: selection.phase === 'result' } : {};
}

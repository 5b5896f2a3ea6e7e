// The part of a run's event sequence that an exported test compares with the real pi: every pi event in order
// with its clock time, type, role, tool call ids, arguments, result texts and isError. Runs of message_update
// collapse into the kinds of stream events they carried, because chunk counts depend on the faux provider's
// random chunking. The exported pi-event-summary.ts holds a twin of these functions; the export test proves they agree.
import type { Recording } from '../../recording/index.ts';
import type { AgentEvent } from '../../engine/index.ts';

export type SummaryBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'toolCall'; id: string; name: string; arguments: unknown };

export type EventSummary = SummaryEntry & { /** Clock time of the event (ms since the run started). */ t?: number };

type SummaryEntry =
  | { type: 'agent_start' }
  | { type: 'turn_start' }
  | { type: 'agent_end'; messages: number }
  | { type: 'turn_end'; stopReason: string; toolResults: string[] }
  | { type: 'message_start'; role: string; toolCallId?: string }
  | { type: 'message_update'; stream: string[] }
  | { type: 'message_end'; role: string; [field: string]: unknown }
  | { type: 'tool_execution_start'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool_execution_update'; toolCallId: string; toolName: string; text: string }
  | { type: 'tool_execution_end'; toolCallId: string; toolName: string; isError: boolean; text: string };

type Loose = Record<string, any>;

/** The text a model would read from a content value: text blocks joined by newlines, images as placeholders. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: Loose) => (block?.type === 'text' ? String(block.text) : block?.type === 'image' ? `[image ${block.mimeType}]` : ''))
    .join('\n');
}

/** A JSON copy (undefined fields dropped), so summaries compare as the JSON file stores them. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function summarizeMessage(message: Loose): Record<string, unknown> {
  const role = String(message?.role);
  if (role === 'user') return { role, text: contentText(message.content) };
  if (role === 'toolResult') {
    return { role, toolCallId: message.toolCallId, toolName: message.toolName, isError: message.isError === true, text: contentText(message.content) };
  }
  if (role !== 'assistant') return { role };
  const content = (Array.isArray(message.content) ? message.content : []).map((block: Loose): SummaryBlock | { type: string } => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking };
    if (block.type === 'toolCall') return { type: 'toolCall', id: block.id, name: block.name, arguments: plain(block.arguments) };
    return { type: String(block.type) };
  });
  return { role, stopReason: message.stopReason, ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}), content };
}

/** An event with the clock time it happened at (a recording entry, or an event read as the run goes). */
export interface TimedEvent {
  t?: number;
  event: AgentEvent;
}

/** Summaries of `events`, in order. Pure; the events are not modified. */
export function summarizeEvents(events: readonly (AgentEvent | TimedEvent)[]): EventSummary[] {
  const out: EventSummary[] = [];
  for (const item of events) {
    const timed = 'event' in item && !('type' in item) ? item : { event: item as AgentEvent };
    const before = out.length;
    const last = out[before - 1];
    summarizeInto(out, timed.event as unknown as Loose);
    if (timed.t !== undefined && (out.length > before || last?.t === undefined)) out[out.length - 1].t = timed.t;
  }
  return out;
}

/** The summary of a recorded run's pi events, with their recorded clock times (ms since the run's first event). */
export function summarizeRecording(recording: Pick<Recording, 'events'>): EventSummary[] {
  const start = recording.events[0]?.t ?? 0;
  return summarizeEvents(recording.events.flatMap((e) => (e.source === 'pi' ? [{ t: e.t - start, event: e.event }] : [])));
}

function summarizeInto(out: EventSummary[], event: Loose): void {
  switch (event.type) {
    case 'agent_start':
    case 'turn_start':
      out.push({ type: event.type });
      break;
    case 'agent_end':
      out.push({ type: 'agent_end', messages: event.messages.length });
      break;
    case 'turn_end':
      out.push({ type: 'turn_end', stopReason: event.message?.stopReason, toolResults: event.toolResults.map((r: Loose) => r.toolCallId) });
      break;
    case 'message_start': {
      const m = event.message;
      out.push(m?.role === 'toolResult' ? { type: 'message_start', role: m.role, toolCallId: m.toolCallId } : { type: 'message_start', role: String(m?.role) });
      break;
    }
    case 'message_update': {
      const kind = String(event.assistantMessageEvent?.type);
      const last = out[out.length - 1];
      if (last?.type === 'message_update') {
        if (last.stream[last.stream.length - 1] !== kind) last.stream.push(kind);
      } else {
        out.push({ type: 'message_update', stream: [kind] });
      }
      break;
    }
    case 'message_end':
      out.push({ type: 'message_end', ...summarizeMessage(event.message) } as EventSummary);
      break;
    case 'tool_execution_start':
      out.push({ type: 'tool_execution_start', toolCallId: event.toolCallId, toolName: event.toolName, args: plain(event.args) });
      break;
    case 'tool_execution_update':
      out.push({ type: 'tool_execution_update', toolCallId: event.toolCallId, toolName: event.toolName, text: contentText(event.partialResult?.content) });
      break;
    case 'tool_execution_end':
      out.push({
        type: 'tool_execution_end', toolCallId: event.toolCallId, toolName: event.toolName, isError: event.isError === true,
        text: contentText(event.result?.content),
      });
      break;
    default:
      out.push({ type: String(event.type) } as EventSummary);
  }
}

const finishesTool = (e: EventSummary) => e.type === 'tool_execution_end' || e.type === 'tool_execution_update';

/**
 * How clock times are compared: exactly; approximately (within 1 ms + 5%: pi's faux provider paces chunks with
 * setTimeout, which counts whole milliseconds, while the playground's clock keeps fractions); or not at all (pi
 * draws chunk sizes at random, so paced streams take different times).
 */
export type TimePolicy = 'exact' | 'approximate' | 'none';

/**
 * The form two summaries are compared in. Tools that report at the same clock instant do so in an order decided
 * by I/O scheduling (the virtual filesystem in the playground, real files in Node), so such runs of
 * tool_execution_update/_end are put in tool-call-id order (each call's own order kept). With `approximate`, a
 * time within the tolerance of the reference's time at the same position is replaced by it.
 */
export function comparableSummary(events: readonly EventSummary[], policy: TimePolicy, reference?: readonly EventSummary[]): EventSummary[] {
  const out = events.map((e) => ({ ...e }));
  for (let i = 0; i < out.length; ) {
    let j = i + 1;
    if (finishesTool(out[i])) while (j < out.length && finishesTool(out[j]) && out[j].t === out[i].t) j++;
    if (j - i > 1) {
      const run = out.slice(i, j).sort((a, b) => {
        const x = (a as { toolCallId: string }).toolCallId;
        const y = (b as { toolCallId: string }).toolCallId;
        return x < y ? -1 : x > y ? 1 : 0;
      });
      out.splice(i, j - i, ...run);
    }
    i = j;
  }
  if (policy === 'none') return out.map(({ t: _t, ...rest }) => rest as EventSummary);
  if (policy === 'approximate' && reference) {
    const ref = comparableSummary(reference, 'exact');
    out.forEach((e, i) => {
      const expected = ref[i]?.t;
      if (typeof expected === 'number' && typeof e.t === 'number' && Math.abs(e.t - expected) <= 1 + 0.05 * expected) e.t = expected;
    });
  }
  return out;
}

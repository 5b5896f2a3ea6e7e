// Finds the moment a caption belongs to: the recorded event its anchor names. Pure, so the gallery, the caption
// panel and the tests all resolve captions the same way, against the same recordings.
import type { RecordedEvent, Recording } from '../../recording/index.ts';
import type { AgentEvent } from '../../engine/index.ts';
import type { Caption, CaptionAnchor } from './types.ts';

/** Where an anchor landed: which recording, the event's position in it and its clock time. */
export interface AnchorPosition {
  recordingId: string;
  seq: number;
  t: number;
}

export interface ResolvedCaption {
  caption: Caption;
  /** Undefined when the anchor names nothing in the recordings (a lesson bug the tests catch). */
  position: AnchorPosition | undefined;
}

/** A lesson's recordings, labelled as its anchors refer to them ('main', or 'parallel' and 'sequential'). */
export type LabelledRecordings = { label: string; recording: Recording }[];

/** The event an anchor names, or undefined. The first match wins; `nth` counts updates from 1. */
export function resolveAnchor(recordings: LabelledRecordings, anchor: CaptionAnchor): AnchorPosition | undefined {
  const entry = anchor.run ? recordings.find((r) => r.label === anchor.run) : recordings[0];
  if (!entry) return undefined;
  const match = findEvent(entry.recording.events, anchor);
  return match ? { recordingId: entry.recording.id, seq: match.seq, t: match.t } : undefined;
}

/** Every caption with its position, in lesson order (which is also the order they are shown). */
export function resolveCaptions(recordings: LabelledRecordings, captions: readonly Caption[]): ResolvedCaption[] {
  return captions.map((caption) => ({ caption, position: resolveAnchor(recordings, caption.at) }));
}

function findEvent(events: readonly RecordedEvent[], anchor: CaptionAnchor): RecordedEvent | undefined {
  let turn = 0;
  let updates = 0;
  for (const entry of events) {
    if (entry.source === 'pi' && entry.event.type === 'turn_start') turn++;
    if (entry.source === 'pi' ? matchesPi(entry.event, anchor, turn, () => ++updates) : matchesTrace(entry, anchor)) {
      return entry;
    }
  }
  return undefined;
}

function matchesPi(event: AgentEvent, anchor: CaptionAnchor, turn: number, countUpdate: () => number): boolean {
  switch (anchor.on) {
    case 'agent_start':
    case 'agent_end':
      return event.type === anchor.on;
    case 'turn_start':
    case 'turn_end':
      return event.type === anchor.on && turn === anchor.turn;
    case 'message':
      return event.type === (anchor.edge === 'start' ? 'message_start' : 'message_end')
        && turn === anchor.turn && roleOf(event) === 'assistant';
    case 'tool_execution_start':
    case 'tool_execution_end':
      return event.type === anchor.on && event.toolCallId === anchor.toolCallId;
    case 'tool_execution_update':
      return event.type === 'tool_execution_update' && event.toolCallId === anchor.toolCallId
        && countUpdate() === (anchor.nth ?? 1);
    case 'toolResult':
      return event.type === 'message_end' && roleOf(event) === 'toolResult'
        && (event.message as { toolCallId?: string }).toolCallId === anchor.toolCallId;
    default:
      return false;
  }
}

function matchesTrace(entry: Extract<RecordedEvent, { source: 'trace' }>, anchor: CaptionAnchor): boolean {
  const event = entry.event;
  switch (anchor.on) {
    case 'block':
      return event.type === (anchor.edge === 'start' ? 'trace_block_start' : 'trace_block_end')
        && event.turn === anchor.turn && event.kind === anchor.kind
        && (anchor.toolCallId === undefined || event.toolCallId === anchor.toolCallId);
    case 'phase':
      return event.type === (anchor.edge === 'start' ? 'trace_phase_start' : 'trace_phase_end')
        && event.toolCallId === anchor.toolCallId && event.phase === anchor.phase;
    case 'batch':
      return event.type === (anchor.edge === 'start' ? 'trace_batch_start' : 'trace_batch_end') && event.turn === anchor.turn;
    case 'log':
      return event.type === 'trace_log' && event.text.includes(anchor.includes);
    default:
      return false;
  }
}

function roleOf(event: AgentEvent): string | undefined {
  return 'message' in event ? (event.message as { role?: string } | undefined)?.role : undefined;
}

/** A short, stable description of an anchor ("call_1_1 validate end", "turn 2 start"), for tests and tooltips. */
export function describeAnchor(anchor: CaptionAnchor): string {
  const prefix = anchor.run ? `${anchor.run}: ` : '';
  switch (anchor.on) {
    case 'agent_start':
    case 'agent_end': return prefix + anchor.on;
    case 'turn_start': return `${prefix}turn ${anchor.turn} start`;
    case 'turn_end': return `${prefix}turn ${anchor.turn} end`;
    case 'message': return `${prefix}turn ${anchor.turn} assistant message ${anchor.edge}`;
    case 'block': return `${prefix}turn ${anchor.turn} ${anchor.kind} block${anchor.toolCallId ? ` ${anchor.toolCallId}` : ''} ${anchor.edge}`;
    case 'tool_execution_start':
    case 'tool_execution_end': return `${prefix}${anchor.toolCallId} ${anchor.on}`;
    case 'tool_execution_update': return `${prefix}${anchor.toolCallId} tool_execution_update #${anchor.nth ?? 1}`;
    case 'phase': return `${prefix}${anchor.toolCallId} ${anchor.phase} ${anchor.edge}`;
    case 'toolResult': return `${prefix}${anchor.toolCallId} toolResult`;
    case 'batch': return `${prefix}turn ${anchor.turn} batch ${anchor.edge}`;
    case 'log': return `${prefix}log "${anchor.includes}"`;
  }
}

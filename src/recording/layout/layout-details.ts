// What the details pane shows for a selection: the phase's recorded data (PhaseData) and pi's events that belong to
// it, gathered from the recording by seq; for a stream block, the text or argument JSON as it streamed.
import { layoutRecording } from './layout.ts';
import { resolveSelection } from './layout-query.ts';
import type { BlockSpan, CallLane, FsMark, PhaseSpan, RecordingLayout, TimelineSelection, UpdateTick } from './layout-types.ts';
import type { RecordedEvent, Recording } from '../recording.ts';
import type { PhaseData } from '../../engine/index.ts';

export interface UpdateDetail { tick: UpdateTick; partialResult: unknown }

export type SelectionDetail =
  | { kind: 'phase'; recording: RecordingLayout; lane: CallLane; span: PhaseSpan; data?: PhaseData; args?: unknown;
      updates: UpdateDetail[]; execution?: { result: unknown; isError: boolean }; message?: unknown }
  | { kind: 'call'; recording: RecordingLayout; lane: CallLane; args?: unknown; phases: { span: PhaseSpan; data?: PhaseData }[]; message?: unknown }
  | { kind: 'block'; recording: RecordingLayout; block: BlockSpan; streamed: string; final?: unknown }
  | { kind: 'update'; recording: RecordingLayout; lane: CallLane; update: UpdateDetail }
  | { kind: 'fs'; recording: RecordingLayout; lane: CallLane; mark: FsMark }
  | { kind: 'recording'; recording: RecordingLayout };

/** The fields of a result that afterToolCall replaced: those its return value sets to something other than
 *  null/undefined (pi merges with `??`, as pi 0.85.1 does). */
export const AFTER_FIELDS = ['content', 'details', 'usage', 'terminate', 'isError'] as const;
export function replacedFields(override: unknown): string[] {
  if (!override || typeof override !== 'object') return [];
  const record = override as Record<string, unknown>;
  return AFTER_FIELDS.filter((field) => record[field] !== undefined && record[field] !== null);
}

/** Looks an event up by seq (recordings number events by position; a search covers any that do not). */
function eventAt(recording: Recording, seq: number | undefined): RecordedEvent | undefined {
  if (seq === undefined) return undefined;
  const direct = recording.events[seq];
  return direct?.seq === seq ? direct : recording.events.find((e) => e.seq === seq);
}

function phaseData(recording: Recording, span: PhaseSpan): PhaseData | undefined {
  const end = eventAt(recording, span.endSeq);
  return end?.source === 'trace' && end.event.type === 'trace_phase_end' ? end.event.data : undefined;
}

function piEvents(recording: Recording, seqs: number[]): RecordedEvent[] {
  return seqs.map((seq) => eventAt(recording, seq)).filter((e): e is RecordedEvent => e !== undefined);
}

function callArgs(recording: Recording, lane: CallLane): unknown {
  const queued = lane.spans.find((s) => s.phase === 'queued');
  for (const entry of piEvents(recording, queued?.piSeqs ?? [])) {
    if (entry.source === 'pi' && entry.event.type === 'tool_execution_start') return entry.event.args;
  }
  return undefined;
}

function toolResultMessage(recording: Recording, lane: CallLane): unknown {
  const result = lane.spans.find((s) => s.phase === 'result');
  let message: unknown;
  for (const entry of piEvents(recording, result?.piSeqs ?? [])) {
    if (entry.source === 'pi' && entry.event.type === 'message_end') message = entry.event.message;
  }
  return message;
}

function updateDetail(recording: Recording, tick: UpdateTick): UpdateDetail {
  const entry = eventAt(recording, tick.seq);
  const partialResult = entry?.source === 'trace' && entry.event.type === 'trace_update' ? entry.event.partialResult : undefined;
  return { tick, partialResult };
}

/** The streamed text of a block: its deltas, in order, from pi's message_update events. */
function streamedBlock(recording: Recording, block: BlockSpan): { streamed: string; final?: unknown } {
  let streamed = '';
  let final: unknown;
  const last = (block.endSeq ?? recording.events.length - 1) + 2;
  for (let seq = block.startSeq; seq <= last && seq < recording.events.length; seq++) {
    const entry = eventAt(recording, seq);
    if (entry?.source !== 'pi' || entry.event.type !== 'message_update') continue;
    const event = entry.event.assistantMessageEvent as { type: string; contentIndex?: number; delta?: unknown; content?: unknown; toolCall?: unknown };
    if (event.contentIndex !== block.contentIndex) continue;
    if (event.type.endsWith('_delta') && typeof event.delta === 'string') streamed += event.delta;
    if (event.type === 'toolcall_end') final = event.toolCall;
    else if (event.type.endsWith('_end')) final = event.content;
  }
  return final === undefined ? { streamed } : { streamed, final };
}

/** Everything the details pane needs for `selection`; null when it points at nothing in this recording. */
export function selectionDetail(recording: Recording, selection: TimelineSelection | null, layout?: RecordingLayout): SelectionDetail | null {
  if (!selection || selection.recordingId !== recording.id) return null;
  const laid = layout ?? layoutRecording(recording);
  const { lane, span, block, update, fs } = resolveSelection(laid, selection);
  if (lane && span) {
    const detail: SelectionDetail = {
      kind: 'phase', recording: laid, lane, span, data: phaseData(recording, span), args: callArgs(recording, lane), updates: [],
    };
    if (span.phase === 'execute') detail.updates = lane.updates.map((tick) => updateDetail(recording, tick));
    if (span.phase === 'result') {
      for (const entry of piEvents(recording, span.piSeqs)) {
        if (entry.source === 'pi' && entry.event.type === 'tool_execution_end') detail.execution = { result: entry.event.result, isError: entry.event.isError };
      }
      detail.message = toolResultMessage(recording, lane);
    }
    return detail;
  }
  if (lane && update) return { kind: 'update', recording: laid, lane, update: updateDetail(recording, update) };
  if (lane && fs) return { kind: 'fs', recording: laid, lane, mark: fs };
  if (lane) {
    return {
      kind: 'call', recording: laid, lane, args: callArgs(recording, lane),
      phases: lane.spans.map((s) => ({ span: s, data: phaseData(recording, s) })), message: toolResultMessage(recording, lane),
    };
  }
  if (block) return { kind: 'block', recording: laid, block, ...streamedBlock(recording, block) };
  if (selection.toolCallId === undefined && selection.seq === undefined) return { kind: 'recording', recording: laid };
  return null;
}

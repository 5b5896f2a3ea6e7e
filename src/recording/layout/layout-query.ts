// Questions the timeline views ask of a layout: what is drawn at a playback position, what a selection points at,
// where the arrow keys lead, and the flat list of spans the table shows. Pure; shared by the chart and the table.
import type {
  BlockSpan, CallLane, FsMark, PhaseSpan, RecordingLayout, TimelineLayout, TimelineSelection, UpdateTick,
} from './layout-types.ts';
import type { PhaseOutcome, ToolPhase } from '../../engine/index.ts';

/** A span as drawn at `cursorMs`: null when it starts after the cursor, cut at the cursor when it crosses it. */
export function clipToCursor(startMs: number, endMs: number, cursorMs: number): { endMs: number; cut: boolean } | null {
  if (startMs > cursorMs) return null;
  return endMs > cursorMs ? { endMs: cursorMs, cut: true } : { endMs, cut: false };
}

/** One selectable thing on a lane, in time order. */
export interface LaneItem {
  selection: TimelineSelection;
  startMs: number;
  endMs: number;
}

/** A row the keyboard moves between: the recording's stream lane (`laneKey` null) or a call lane. */
export interface NavLane {
  recordingId: string;
  laneKey: string | null;
  items: LaneItem[];
}

/** The lanes with the items already drawn at `cursorMs`, in display order; lanes with nothing drawn are left out. */
export function navigationLanes(layout: TimelineLayout, cursorMs: number): NavLane[] {
  const lanes: NavLane[] = [];
  for (const recording of layout.recordings) {
    const recordingId = recording.recordingId;
    const stream = recording.blocks
      .filter((b) => b.startMs <= cursorMs)
      .map((b) => ({ selection: { recordingId, seq: b.startSeq }, startMs: b.startMs, endMs: b.endMs }));
    if (stream.length > 0) lanes.push({ recordingId, laneKey: null, items: stream });
    for (const lane of recording.calls) {
      const items = lane.spans
        .filter((s) => s.startMs <= cursorMs)
        .map((s) => ({ selection: { recordingId, toolCallId: lane.key, phase: s.phase }, startMs: s.startMs, endMs: s.endMs }));
      if (items.length > 0) lanes.push({ recordingId, laneKey: lane.key, items });
    }
  }
  return lanes;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * Where an arrow key leads: left/right along the lane (a call's phases, the stream's blocks), up/down to the
 * lane above or below, landing on the same phase when that lane has it, else on the item nearest in time.
 * Without a selection (or one no longer drawn) any arrow selects the first item. Null when there is nothing.
 */
export function moveSelection(lanes: NavLane[], selection: TimelineSelection | null, direction: Direction): TimelineSelection | null {
  if (lanes.length === 0) return null;
  const at = selection ? locate(lanes, selection) : undefined;
  if (!at) return lanes[0].items[0].selection;
  const lane = lanes[at.lane];
  const current = lane.items[at.item];
  if (direction === 'left' || direction === 'right') {
    const next = lane.items[at.item + (direction === 'left' ? -1 : 1)];
    return (next ?? current).selection;
  }
  const target = lanes[at.lane + (direction === 'up' ? -1 : 1)];
  if (!target) return current.selection;
  const samePhase = current.selection.phase && target.items.find((i) => i.selection.phase === current.selection.phase);
  if (samePhase) return samePhase.selection;
  let best = target.items[0];
  for (const item of target.items) {
    if (Math.abs(item.startMs - current.startMs) < Math.abs(best.startMs - current.startMs)) best = item;
  }
  return best.selection;
}

function locate(lanes: NavLane[], selection: TimelineSelection): { lane: number; item: number } | undefined {
  for (let l = 0; l < lanes.length; l++) {
    const lane = lanes[l];
    if (lane.recordingId !== selection.recordingId) continue;
    if (selection.toolCallId !== undefined && lane.laneKey !== selection.toolCallId) continue;
    if (selection.toolCallId === undefined && lane.laneKey !== null) continue;
    // A whole call (no phase) counts as its first phase; a stream selection is matched by its seq.
    const item = lane.items.findIndex((i) => (selection.toolCallId === undefined
      ? i.selection.seq === selection.seq
      : selection.phase === undefined || i.selection.phase === selection.phase));
    if (item >= 0) return { lane: l, item };
  }
  return undefined;
}

/** What a selection points at in a layout; every field is absent when it no longer exists. */
export interface ResolvedSelection {
  recording?: RecordingLayout;
  lane?: CallLane;
  span?: PhaseSpan;
  block?: BlockSpan;
  update?: UpdateTick;
  fs?: FsMark;
}

export function resolveSelection(layout: TimelineLayout | RecordingLayout, selection: TimelineSelection | null): ResolvedSelection {
  if (!selection) return {};
  const recordings = 'recordings' in layout ? layout.recordings : [layout];
  const recording = recordings.find((r) => r.recordingId === selection.recordingId);
  if (!recording) return {};
  if (selection.toolCallId !== undefined) {
    const lane = recording.calls.find((c) => c.key === selection.toolCallId);
    if (!lane) return { recording };
    const resolved: ResolvedSelection = { recording, lane };
    if (selection.phase !== undefined) resolved.span = lane.spans.find((s) => s.phase === selection.phase);
    if (selection.seq !== undefined) {
      resolved.update = lane.updates.find((u) => u.seq === selection.seq);
      resolved.fs = lane.fs.find((f) => f.seq === selection.seq);
    }
    return resolved;
  }
  if (selection.seq !== undefined) return { recording, block: recording.blocks.find((b) => b.startSeq === selection.seq) };
  return { recording };
}

export function sameSelection(a: TimelineSelection | null, b: TimelineSelection | null): boolean {
  if (!a || !b) return a === b;
  return a.recordingId === b.recordingId && a.toolCallId === b.toolCallId && a.phase === b.phase && a.seq === b.seq;
}

/** One row of the table alternative: a phase span of a call, or a block of the stream. */
export interface SpanRow {
  id: string;
  selection: TimelineSelection;
  recordingId: string;
  recordingLabel: string;
  /** The call's label ("sleep a"); for a stream block, null. */
  callLabel: string | null;
  /** The phase, or the block's kind. */
  phase: ToolPhase | 'text' | 'thinking' | 'toolCall';
  startMs: number;
  endMs: number;
  durationMs: number;
  /** undefined: still running at the cursor. Stream blocks that finished are `ok`. */
  outcome: PhaseOutcome | undefined;
}

/** Every span drawn at `cursorMs`, cut at the cursor, in display order (recording, stream first, then calls). */
export function spanRows(layout: TimelineLayout, cursorMs: number): SpanRow[] {
  const rows: SpanRow[] = [];
  for (const recording of layout.recordings) {
    const base = { recordingId: recording.recordingId, recordingLabel: recording.label };
    for (const block of recording.blocks) {
      const clip = clipToCursor(block.startMs, block.endMs, cursorMs);
      if (!clip) continue;
      const running = clip.cut || block.open;
      rows.push({
        ...base, id: `${recording.recordingId}/stream/${block.startSeq}`, selection: { recordingId: recording.recordingId, seq: block.startSeq },
        callLabel: null, phase: block.kind, startMs: block.startMs, endMs: clip.endMs, durationMs: clip.endMs - block.startMs,
        outcome: running ? undefined : 'ok',
      });
    }
    for (const lane of recording.calls) {
      for (const span of lane.spans) {
        const clip = clipToCursor(span.startMs, span.endMs, cursorMs);
        if (!clip) continue;
        rows.push({
          ...base, id: `${recording.recordingId}/${lane.key}/${span.phase}`,
          selection: { recordingId: recording.recordingId, toolCallId: lane.key, phase: span.phase },
          callLabel: lane.label, phase: span.phase, startMs: span.startMs, endMs: clip.endMs, durationMs: clip.endMs - span.startMs,
          outcome: clip.cut ? undefined : span.outcome,
        });
      }
    }
  }
  return rows;
}

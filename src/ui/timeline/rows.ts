// The chart's rows, top to bottom: for each recording a header (label, total, turn labels), its stream lane and
// one lane per call, then a gap. Heights are fixed so the visible rows of a long run are found by binary search.
import type { CallLane, RecordingLayout, TimelineLayout } from '../../recording/layout/index.ts';
import { lowerBound } from '../../recording/layout/index.ts';

export const AXIS_HEIGHT = 30;
/** The label column: 188 px, narrower in a narrow panel so the plot keeps most of the width. */
export const labelWidthFor = (width: number): number => Math.round(Math.min(188, Math.max(128, width * 0.3)));
export const RIGHT_PAD = 28;
const HEIGHT = { header: 32, stream: 30, call: 26, gap: 16 } as const;

export type ChartRow =
  | { kind: 'header'; key: string; y: number; height: number; recording: RecordingLayout }
  | { kind: 'stream'; key: string; y: number; height: number; recording: RecordingLayout }
  | { kind: 'call'; key: string; y: number; height: number; recording: RecordingLayout; lane: CallLane; index: number }
  | { kind: 'gap'; key: string; y: number; height: number; recording: RecordingLayout };

export interface ChartRows {
  rows: ChartRow[];
  /** Height of all rows (below the axis). */
  height: number;
  /** Each recording's first and last row y, for turn lines that span its rows. */
  extents: Map<string, { top: number; bottom: number }>;
}

export function buildRows(layout: TimelineLayout): ChartRows {
  const rows: ChartRow[] = [];
  const extents = new Map<string, { top: number; bottom: number }>();
  let y = 0;
  const push = (row: ChartRow extends infer R ? (R extends ChartRow ? Omit<R, 'y' | 'height'> : never) : never, height: number) => {
    rows.push({ ...row, y, height } as ChartRow);
    y += height;
  };
  layout.recordings.forEach((recording, r) => {
    const id = recording.recordingId;
    if (r > 0) push({ kind: 'gap', key: `${id}/gap`, recording }, HEIGHT.gap);
    const top = y;
    push({ kind: 'header', key: `${id}/header`, recording }, HEIGHT.header);
    push({ kind: 'stream', key: `${id}/stream`, recording }, HEIGHT.stream);
    recording.calls.forEach((lane, index) => push({ kind: 'call', key: `${id}/${lane.key}`, recording, lane, index }, HEIGHT.call));
    extents.set(id, { top, bottom: y });
  });
  return { rows, height: y, extents };
}

/** The rows that intersect [top, bottom) (in row coordinates). */
export function visibleRows(rows: readonly ChartRow[], top: number, bottom: number): ChartRow[] {
  const first = lowerBound(rows, top, (row) => row.y + row.height);
  const out: ChartRow[] = [];
  for (let i = first; i < rows.length && rows[i].y < bottom; i++) {
    if (rows[i].y + rows[i].height > top) out.push(rows[i]);
  }
  return out;
}

/** The row of a call lane or a recording's stream lane. */
export function findRow(rows: readonly ChartRow[], recordingId: string, laneKey: string | null): ChartRow | undefined {
  return rows.find((row) => row.recording.recordingId === recordingId
    && (laneKey === null ? row.kind === 'stream' : row.kind === 'call' && row.lane.key === laneKey));
}

// The timeline layout of recorded runs: turns, the stream lane and a lane per tool call with its phase spans, in
// ms since each recording's first event. Pure and fast (one pass; 10,000 events in a few ms); the UI paints it.
import { LayoutBuilder } from './layout-builder.ts';
import type { RecordingLayout, TimelineLayout } from './layout-types.ts';
import type { Recording } from '../recording.ts';

export type * from './layout-types.ts';
export { formatLayout, formatRecordingLayout } from './layout-format.ts';

export interface LayoutOptions {
  /** Lay out only the events up to this index (exclusive): the recording as it stood then. Default: all. */
  eventLimit?: number;
}

/**
 * Lays out one recording. Never throws on odd input: an end without a start is ignored, a span never closed runs
 * to the recording's end with no outcome, a phase outside any batch gets a lane of its own.
 */
export function layoutRecording(recording: Recording, options: LayoutOptions = {}): RecordingLayout {
  const events = recording.events;
  const count = Math.min(events.length, options.eventLimit ?? events.length);
  const builder = new LayoutBuilder(count > 0 ? events[0].t : 0);
  for (let i = 0; i < count; i++) builder.add(events[i]);
  return builder.finish(recording, count);
}

/** Several recordings on one shared scale (each starting at 0 ms), e.g. the same scenario parallel and sequential. */
export function layoutRecordings(recordings: readonly Recording[]): TimelineLayout {
  const laid = recordings.map((recording) => layoutRecording(recording));
  return { recordings: laid, durationMs: laid.reduce((max, r) => Math.max(max, r.durationMs), 0) };
}

// The timeline layout of a recording, computed apart from painting (units in names).
export { axisTicks, tickStep, toMs, toX, placeSpans, cullSorted, thinMarks, lowerBound } from './layout-geometry.ts';
export type { Scale } from './layout-geometry.ts';
export type {
  PhaseSpan, TimelineSelection, BlockSpan, TimelineLayout, CallLane, RecordingLayout,
} from './layout-types.ts';
export {
  clipToCursor, moveSelection, navigationLanes, resolveSelection, sameSelection, spanRows,
} from './layout-query.ts';
export { replacedFields, selectionDetail } from './layout-details.ts';
export type { SelectionDetail } from './layout-details.ts';
export { layoutRecordings } from './layout.ts';
export type { Direction, SpanRow, ResolvedSelection } from './layout-query.ts';

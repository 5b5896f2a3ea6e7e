// Recording runs: the recorder that plays a scenario through the engine, the recording it returns, traces as
// text and checks, the timeline layout, and exports (Chrome trace, JSON, OTLP). Scenarios are a sub-package.
export type { Recording, RecordedEvent } from './recording.ts';
export { checkTrace } from './check.ts';
export { formatTrace, formatTraceEvent } from './format.ts';

// Exports of a recording: Chrome trace events, JSON, OpenTelemetry (OTLP) spans.
export { encodeChromeTraceJson } from './export-chrome.ts';
export { encodeRecordingJson } from './export-json.ts';
export { encodeOtlpJson } from './export-otlp.ts';

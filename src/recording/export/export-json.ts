// A recording as a JSON file: a small header and one event a line, so the file is both loadable and readable in
// a diff. Reading it back checks the shape, so a damaged or foreign file is a value, not an exception.
import type { RecordedEvent, Recording } from '../recording.ts';

export const RECORDING_FORMAT = 'pi-playground-recording';
export const RECORDING_FORMAT_VERSION = 1;

/** JSON.stringify that survives values JSON has no form for (bigint) instead of throwing. */
export function stringifyValue(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? 'null';
}

/** The recording as JSON text (valid JSON; each event on its own line). */
export function encodeRecordingJson(recording: Recording): string {
  const header: Record<string, unknown> = {
    id: recording.id,
    label: recording.label,
    toolExecution: recording.toolExecution,
    status: recording.status,
    durationMs: recording.durationMs,
  };
  if (recording.failure !== undefined) header.failure = recording.failure;
  const fields = Object.entries(header).map(([key, value]) => `    ${JSON.stringify(key)}: ${stringifyValue(value)}`);
  const events = recording.events.map((event) => `      ${stringifyValue(event)}`);
  return [
    '{',
    `  "format": ${JSON.stringify(RECORDING_FORMAT)},`,
    `  "version": ${RECORDING_FORMAT_VERSION},`,
    '  "recording": {',
    `${fields.join(',\n')},`,
    events.length === 0 ? '    "events": []' : `    "events": [\n${events.join(',\n')}\n    ]`,
    '  }',
    '}',
    '',
  ].join('\n');
}

export type DecodeRecordingResult = { ok: true; recording: Recording } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecordedEvent(value: unknown): value is RecordedEvent {
  return isRecord(value) && typeof value.seq === 'number' && typeof value.t === 'number'
    && (value.source === 'pi' || value.source === 'trace') && isRecord(value.event) && typeof value.event.type === 'string';
}

/** Reads a file written by encodeRecordingJson. Never throws. */
export function decodeRecordingJson(text: string): DecodeRecordingResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not JSON: ${(error as Error).message}` };
  }
  if (!isRecord(data) || data.format !== RECORDING_FORMAT) return { ok: false, error: `Not a ${RECORDING_FORMAT} file` };
  if (data.version !== RECORDING_FORMAT_VERSION) return { ok: false, error: `Unsupported version ${String(data.version)}` };
  const raw = data.recording;
  if (!isRecord(raw) || !Array.isArray(raw.events)) return { ok: false, error: 'The file holds no recording' };
  const bad = raw.events.findIndex((event) => !isRecordedEvent(event));
  if (bad >= 0) return { ok: false, error: `Event ${bad} is malformed` };
  // Times count from the first event. A file whose first event is later (a live run saved before they did) is
  // moved to start at 0, or the cursor, which stops at the duration, would never reach its last events.
  const originMs = raw.events.length ? (raw.events[0] as RecordedEvent).t : 0;
  const events = originMs === 0 ? raw.events as RecordedEvent[] : (raw.events as RecordedEvent[]).map((event) => ({ ...event, t: event.t - originMs }));
  const lastMs = events.length ? events[events.length - 1].t : 0;
  const recording: Recording = {
    id: typeof raw.id === 'string' ? raw.id : 'imported',
    label: typeof raw.label === 'string' ? raw.label : 'imported',
    toolExecution: raw.toolExecution === 'sequential' ? 'sequential' : 'parallel',
    events,
    durationMs: typeof raw.durationMs === 'number' && Number.isFinite(raw.durationMs) ? Math.max(raw.durationMs, lastMs) : lastMs,
    status: raw.status === 'failed' ? 'failed' : 'done',
  };
  if (typeof raw.failure === 'string') recording.failure = raw.failure;
  return { ok: true, recording };
}

// The OTLP/JSON vocabulary (ExportTraceServiceRequest as proto3 JSON): attribute values, spans and events, plus
// deterministic ids (a hash of the recording and a span's key), so one recording always exports the same file.

export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  /** int64 as a decimal string (proto3 JSON mapping). */
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue { key: string; value: OtlpAnyValue }

export interface OtlpEvent { timeUnixNano: string; name: string; attributes: OtlpKeyValue[] }

/** SPAN_KIND_INTERNAL = 1, SPAN_KIND_CLIENT = 3; STATUS_CODE_ERROR = 2. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 1 | 3;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpEvent[];
  status?: { code: 2; message?: string };
}

export interface OtlpTraceRequest {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version?: string }; spans: OtlpSpan[]; schemaUrl: string }[];
    schemaUrl: string;
  }[];
}

export type AttributeValue = string | number | boolean | readonly string[];

/** Integers as intValue, other numbers as doubleValue; undefined values are left out. */
export function attributes(values: Record<string, AttributeValue | undefined>): OtlpKeyValue[] {
  const out: OtlpKeyValue[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out.push({ key, value: anyValue(value) });
  }
  return out;
}

function anyValue(value: AttributeValue): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  return { arrayValue: { values: value.map((v) => ({ stringValue: v })) } };
}

/** Recording ms → Unix nanoseconds as a decimal string (sub-nanosecond fractions rounded away). */
export const unixNano = (ms: number): string => BigInt(Math.round(ms * 1e6)).toString();

/** 64-bit FNV-1a of a text, as 16 hex digits (two 32-bit halves, so it runs without BigInt arithmetic). */
function fnv64(text: string, seed: number): string {
  let h1 = 0x811c9dc5 ^ seed;
  let h2 = 0x01000193 ^ (seed * 31);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c ^ (h1 >>> 15), 0x5bd1e995);
  }
  return ((h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0'));
}

/** A non-zero id of `hexDigits` (16 or 32) derived from `text`: the same text gives the same id. */
export function deterministicId(text: string, hexDigits: 16 | 32): string {
  let id = fnv64(text, 1) + (hexDigits === 32 ? fnv64(text, 2) : '');
  if (/^0+$/.test(id)) id = `${id.slice(0, -1)}1`; // all-zero ids are invalid in OTLP
  return id;
}

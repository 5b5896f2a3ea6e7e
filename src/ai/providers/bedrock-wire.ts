// The JSON body the AWS SDK (restJson1, schema-based serde) POSTs for a ConverseStream command: members in
// the Smithy model's order, unknown or empty members dropped, blobs as base64, documents passed through; the
// model id is not in the body but an HTTP label of the path `/model/{modelId}/converse-stream`.

import { perSchema } from './shared/per-tool.ts';

type Json = Record<string, any>;

/** A Smithy shape, as far as the members pi fills need it (everything else in the model is never set by pi). */
type Shape = 'scalar' | 'blob' | 'document' | { once: Shape } | { struct: readonly (readonly [string, Shape])[] } | { list: Shape } | { map: Shape };

const struct = (...members: (readonly [string, Shape])[]): Shape => ({ struct: members });
const list = (of: Shape): Shape => ({ list: of });
const S = 'scalar';

const CACHE_POINT = struct(['type', S], ['ttl', S]);
const IMAGE = struct(['format', S], ['source', struct(['bytes', 'blob'], ['s3Location', struct(['uri', S], ['bucketOwner', S])])], ['error', struct(['message', S])]);
const TOOL_RESULT_CONTENT = struct(['json', 'document'], ['text', S], ['image', IMAGE]);
const CONTENT_BLOCK = struct(
  ['text', S],
  ['image', IMAGE],
  ['toolUse', struct(['toolUseId', S], ['name', S], ['input', 'document'], ['type', S])],
  ['toolResult', struct(['toolUseId', S], ['content', list(TOOL_RESULT_CONTENT)], ['status', S], ['type', S])],
  ['cachePoint', CACHE_POINT],
  ['reasoningContent', struct(['reasoningText', struct(['text', S], ['signature', S])], ['redactedContent', 'blob'])],
);
// A tool entry is the same object in every request until its tool changes (per-tool.ts): serialised once.
const TOOL: Shape = { once: struct(
  ['toolSpec', struct(['name', S], ['inputSchema', struct(['json', 'document'])], ['description', S], ['strict', S])],
  ['systemTool', struct(['name', S])],
  ['cachePoint', CACHE_POINT],
) };
const TOOL_CHOICE = struct(['auto', struct()], ['any', struct()], ['tool', struct(['name', S])]);

/** ConverseStreamRequest without its label member (`modelId`). */
const REQUEST = struct(
  ['messages', list(struct(['role', S], ['content', list(CONTENT_BLOCK)]))],
  ['system', list(struct(['text', S], ['cachePoint', CACHE_POINT]))],
  ['inferenceConfig', struct(['maxTokens', S], ['temperature', S], ['topP', S], ['stopSequences', list(S)])],
  ['toolConfig', struct(['tools', list(TOOL)], ['toolChoice', TOOL_CHOICE])],
  ['additionalModelRequestFields', 'document'],
  ['additionalModelResponseFieldPaths', list(S)],
  ['requestMetadata', { map: S }],
  ['performanceConfig', struct(['latency', S])],
  ['serviceTier', struct(['type', S])],
);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    out += B64[a >> 2] + B64[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < bytes.length ? B64[((b & 15) << 2) | (c >> 6)] : '=';
    out += i + 2 < bytes.length ? B64[c & 63] : '=';
  }
  return out;
}

const utf8 = new TextEncoder();

/** Numbers JSON cannot hold are sent as strings ("NaN", "Infinity") rather than JSON.stringify's null. */
const number = (n: number) => (Number.isFinite(n) ? n : String(n));

/** A document (tool input, JSON schema, extra model fields): as-is, except that undefined is left out everywhere. */
function document(value: unknown): unknown {
  if (typeof value === 'number') return number(value);
  if (value instanceof Uint8Array) return toBase64(value);
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(document);
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = document(v);
    return out;
  }
  return value;
}

function serialise(shape: Shape, value: unknown): unknown {
  if (shape === 'document') return document(value);
  if (typeof shape === 'object' && 'once' in shape) return perSchema(value, shape, () => serialise(shape.once, value));
  if (shape === 'blob') return toBase64(value instanceof Uint8Array ? value : utf8.encode(String(value)));
  if (shape === 'scalar') return typeof value === 'number' ? number(value) : value;
  if ('list' in shape) return (value as unknown[]).filter((v) => v != null).map((v) => serialise(shape.list, v));
  if ('map' in shape) {
    const out: Json = {};
    for (const [key, v] of Object.entries(value as Json)) if (v != null) out[key] = serialise(shape.map, v);
    return out;
  }
  // Structures and unions: the model's member order, null and undefined members left out.
  const out: Json = {};
  for (const [name, member] of shape.struct) {
    const v = (value as Json)[name];
    if (v != null) out[name] = serialise(member, v);
  }
  return out;
}

/** The body of the HTTP request for a ConverseStream command input (the object pi hands to onPayload). */
export function bedrockWireBody(commandInput: Json): Json {
  return serialise(REQUEST, commandInput) as Json;
}

/** Smithy's label encoding: encodeURIComponent, plus !'()* (a model id such as `…-v1:0` travels as `…-v1%3A0`). */
export function encodeLabel(label: string): string {
  if (/^[\w.~-]+$/.test(label)) return label;
  return encodeURIComponent(label).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

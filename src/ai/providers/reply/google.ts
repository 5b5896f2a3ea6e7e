// How a Gemini stream (Gemini API or Vertex) becomes pi content (pi-ai 0.85.1): `functionCall` parts
// arrive whole, so each becomes start + one delta (the JSON of its args) + end at once; a call without an
// id (or with a repeated one) gets `<name>_<time>_<counter>`; STOP with a call present means toolUse.
import type { StopReason } from '../../types.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { sseJson } from './sse.ts';
import type { DecodedReply, DecodeOptions } from './types.ts';

const ERROR_REASONS = new Set([
  'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'SAFETY', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT', 'IMAGE_RECITATION',
  'IMAGE_OTHER', 'RECITATION', 'FINISH_REASON_UNSPECIFIED', 'OTHER', 'LANGUAGE', 'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL', 'NO_IMAGE',
]);

function mapFinish(reason: string): StopReason {
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (ERROR_REASONS.has(reason)) return 'error';
  throw new ReplyFailure(`Unhandled stop reason: ${reason}`);
}

let fallbackCounter = 0;
const defaultId = (name: string) => `${name}_${Date.now()}_${++fallbackCounter}`;

/** A later non-empty signature replaces the earlier one; an empty one never erases it. */
const keepSignature = (existing: string | undefined, incoming: unknown) => (typeof incoming === 'string' && incoming.length > 0 ? incoming : existing);

export function decodeGoogleReply(api: 'google-generative-ai' | 'google-vertex', sse: string, options: DecodeOptions = {}): DecodedReply {
  const out = new ReplyBuilder(api);
  const makeId = options.makeToolCallId ?? defaultId;
  let rawStop: string | undefined;
  let current: Block | undefined;
  const last = () => out.content.length - 1;
  const closeCurrent = () => {
    if (current) out.emit(current.type === 'text' ? 'text_end' : 'thinking_end', last());
  };
  out.emit('start');
  try {
    for (const { value: chunk } of sseJson(sse)) {
      out.responseId ||= chunk.responseId;
      const candidate = chunk.candidates?.[0];
      for (const part of candidate?.content?.parts ?? []) {
        if (part.text !== undefined) {
          const thought = part.thought === true;
          if (!current || (thought && current.type !== 'thinking') || (!thought && current.type !== 'text')) {
            closeCurrent();
            current = thought ? { type: 'thinking', thinking: '', thinkingSignature: undefined } : { type: 'text', text: '' };
            out.open(current, thought ? 'thinking' : 'text');
          }
          if (current.type === 'thinking') {
            current.thinking += part.text;
            current.thinkingSignature = keepSignature(current.thinkingSignature, part.thoughtSignature);
            out.emit('thinking_delta', last(), part.text);
          } else {
            current.text += part.text;
            current.textSignature = keepSignature(current.textSignature, part.thoughtSignature);
            out.emit('text_delta', last(), part.text);
          }
        }
        if (part.functionCall) {
          closeCurrent();
          current = undefined;
          const given = part.functionCall.id;
          const reused = !given || out.content.some((b) => b.type === 'toolCall' && b.id === given);
          const call = {
            type: 'toolCall', id: reused ? makeId(part.functionCall.name) : given, name: part.functionCall.name || '',
            arguments: part.functionCall.args ?? {}, ...(part.thoughtSignature && { thoughtSignature: part.thoughtSignature }),
          };
          const at = out.open(call, 'toolcall');
          out.emit('toolcall_delta', at, JSON.stringify(call.arguments));
          out.emit('toolcall_end', at);
        }
      }
      if (candidate?.finishReason) {
        rawStop = candidate.finishReason;
        out.stopReason = mapFinish(candidate.finishReason);
        if (out.content.some((b) => b.type === 'toolCall') && out.stopReason === 'stop') out.stopReason = 'toolUse';
      }
    }
    closeCurrent();
    if (out.stopReason === 'pending') throw new ReplyFailure(api === 'google-vertex' ? 'Google Vertex stream ended without a finish reason' : 'Google stream ended without a finish reason');
    if (out.stopReason === 'error' || out.stopReason === 'aborted') throw new ReplyFailure(rawStop ? `Provider stopped with: ${rawStop}` : 'An unknown error occurred');
    return out.done();
  } catch (error) {
    return out.fail(errorText(error));
  }
}

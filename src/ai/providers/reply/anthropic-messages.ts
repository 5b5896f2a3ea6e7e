// How an Anthropic Messages stream becomes pi content (pi-ai 0.85.1): `tool_use` blocks collect
// `input_json_delta`s and close at `content_block_stop`; a stream cut off before that leaves the block
// open (scratch fields kept, no toolcall_end); OAuth replies use Claude Code names, mapped back.
import type { StopReason } from '../../types.ts';
import { fromClaudeCodeName } from '../anthropic-messages-convert.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { readSse } from './sse.ts';
import { parseJsonWithRepair, parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply, DecodeOptions } from './types.ts';

const MESSAGE_EVENTS = new Set(['message_start', 'message_delta', 'message_stop', 'content_block_start', 'content_block_delta', 'content_block_stop']);

function mapStop(reason: string, details: any): { stopReason: StopReason; errorMessage?: string } {
  switch (reason) {
    case 'end_turn': case 'pause_turn': case 'stop_sequence': return { stopReason: 'stop' };
    case 'max_tokens': return { stopReason: 'length' };
    case 'tool_use': return { stopReason: 'toolUse' };
    case 'refusal': return { stopReason: 'error', errorMessage: details?.explanation || 'The model refused to complete the request' };
    case 'sensitive': return { stopReason: 'error', errorMessage: 'Provider stopped with: sensitive' };
    default: throw new ReplyFailure(`Unhandled stop reason: ${reason}`);
  }
}

/** The events as pi's SSE reader yields them (errors surface only when reached). */
function* anthropicEvents(sse: string): Generator<any> {
  let started = false;
  let stopped = false;
  for (const frame of readSse(sse)) {
    if (frame.event === 'error') throw new ReplyFailure(frame.data);
    if (!MESSAGE_EVENTS.has(frame.event ?? '')) continue;
    let event: any;
    try {
      event = parseJsonWithRepair(frame.data);
    } catch (error) {
      throw new ReplyFailure(`Could not parse Anthropic SSE event ${frame.event}: ${errorText(error)}; data=${frame.data}; raw=${frame.raw.join('\\n')}`);
    }
    if (event.type === 'message_start') started = true;
    else if (event.type === 'message_stop') stopped = true;
    yield event;
  }
  if (started && !stopped) throw new ReplyFailure('Anthropic stream ended before message_stop');
}

export function decodeAnthropicReply(sse: string, options: DecodeOptions = {}): DecodedReply {
  const out = new ReplyBuilder('anthropic-messages');
  const oauth = !!options.apiKey?.includes('sk-ant-oat');
  out.emit('start');
  const find = (index: number) => out.content.findIndex((b) => b.index === index);
  try {
    for (const event of anthropicEvents(sse)) {
      if (event.type === 'message_start') {
        out.responseId = event.message.id;
      } else if (event.type === 'content_block_start') {
        const cb = event.content_block;
        if (cb.type === 'fallback') {
          if (out.content.length > 0) throw new ReplyFailure('Anthropic performed an unsupported mid-output model fallback');
          continue;
        }
        if (cb.type === 'text') out.open({ type: 'text', text: cb.text ?? '', index: event.index }, 'text');
        else if (cb.type === 'thinking') out.open({ type: 'thinking', thinking: cb.thinking ?? '', thinkingSignature: cb.signature ?? '', index: event.index }, 'thinking');
        else if (cb.type === 'redacted_thinking') out.open({ type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: cb.data, redacted: true, index: event.index }, 'thinking');
        else if (cb.type === 'tool_use') {
          const name = oauth ? fromClaudeCodeName(cb.name, options.tools) : cb.name;
          out.open({ type: 'toolCall', id: cb.id, name, arguments: cb.input ?? {}, partialJson: '', index: event.index }, 'toolcall');
        }
      } else if (event.type === 'content_block_delta') {
        const at = find(event.index);
        const block: Block | undefined = out.content[at];
        const delta = event.delta;
        if (delta.type === 'text_delta' && block?.type === 'text') {
          block.text += delta.text;
          out.emit('text_delta', at, delta.text);
        } else if (delta.type === 'thinking_delta' && block?.type === 'thinking') {
          block.thinking += delta.thinking;
          out.emit('thinking_delta', at, delta.thinking);
        } else if (delta.type === 'input_json_delta' && block?.type === 'toolCall') {
          block.partialJson += delta.partial_json;
          block.arguments = parseStreamingJson(block.partialJson);
          out.emit('toolcall_delta', at, delta.partial_json);
        } else if (delta.type === 'signature_delta' && block?.type === 'thinking') {
          block.thinkingSignature = (block.thinkingSignature || '') + delta.signature;
        }
      } else if (event.type === 'content_block_stop') {
        const at = find(event.index);
        const block: Block | undefined = out.content[at];
        if (!block) continue;
        delete block.index;
        if (block.type === 'text') out.emit('text_end', at);
        else if (block.type === 'thinking') out.emit('thinking_end', at);
        else if (block.type === 'toolCall') {
          block.arguments = parseStreamingJson(block.partialJson);
          delete block.partialJson;
          out.emit('toolcall_end', at);
        }
      } else if (event.type === 'message_delta' && event.delta?.stop_reason) {
        const mapped = mapStop(event.delta.stop_reason, event.delta.stop_details);
        out.stopReason = mapped.stopReason;
        if (mapped.errorMessage) out.errorMessage = mapped.errorMessage;
      }
    }
    if (out.stopReason === 'pending') throw new ReplyFailure('Anthropic stream ended without a stop reason');
    if (out.stopReason === 'error' || out.stopReason === 'aborted') throw new ReplyFailure(out.errorMessage || 'An unknown error occurred');
    // A block that never got content_block_stop keeps its scratch fields, as in pi.
    return out.done();
  } catch (error) {
    for (const block of out.content) {
      delete block.index;
      delete block.partialJson;
    }
    return out.fail(errorText(error));
  }
}

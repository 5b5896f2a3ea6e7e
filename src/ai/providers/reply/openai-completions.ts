// How a Chat Completions stream becomes pi content (pi-ai 0.85.1): tool calls keyed by `index` (or id),
// a delta event for every chunk, arguments re-parsed from the accumulated text, and every block closed
// only after the stream ends; `finish_reason` decides the stop reason.
import type { StopReason } from '../../types.ts';
import { grammarDelta, newGrammarBuffer } from './grammar-input.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { sseJson } from './sse.ts';
import { parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply, DecodeOptions } from './types.ts';

const REASONING_FIELDS = ['reasoning_content', 'reasoning', 'reasoning_text'];

export function mapCompletionsStop(reason: string | null): { stopReason: StopReason; errorMessage?: string } {
  if (reason === null || reason === 'stop' || reason === 'end') return { stopReason: 'stop' };
  if (reason === 'length') return { stopReason: 'length' };
  if (reason === 'function_call' || reason === 'tool_calls') return { stopReason: 'toolUse' };
  return { stopReason: 'error', errorMessage: `Provider finish_reason: ${reason}` };
}

export function decodeCompletionsReply(sse: string, options: DecodeOptions = {}): DecodedReply {
  const out = new ReplyBuilder('openai-completions');
  const grammar = options.grammarInputProperties ?? new Map<string, string>();
  out.emit('start');
  let text: Block | undefined;
  let thinking: Block | undefined;
  let sawFinish = false;
  const byIndex = new Map<number, Block>();
  const byId = new Map<string, Block>();
  const indexOf = (block: Block) => out.content.indexOf(block);
  const customText = (block: Block) => {
    const value = block.arguments[block.customInput?.property];
    return typeof value === 'string' ? value : '';
  };
  const growCustom = (block: Block, next: string, close: boolean) => {
    const delta = grammarDelta(block.customInput.buffer, block.customInput.property, next, close);
    block.arguments = { [block.customInput.property]: next };
    return delta;
  };
  const toolBlock = (call: any): Block => {
    const streamIndex = typeof call.index === 'number' ? call.index : undefined;
    const name = call.function?.name ?? call.custom?.name ?? '';
    let block = streamIndex !== undefined ? byIndex.get(streamIndex) : undefined;
    if (!block && call.id) block = byId.get(call.id);
    if (!block) {
      const custom = call.custom && !call.function ? grammar.get(name) ?? 'input' : undefined;
      block = {
        type: 'toolCall', id: call.id || '', name,
        arguments: custom !== undefined ? { [custom]: '' } : {},
        partialArgs: custom !== undefined ? undefined : '',
        customInput: custom !== undefined ? { property: custom, buffer: newGrammarBuffer() } : undefined,
        streamIndex,
      };
      if (streamIndex !== undefined) byIndex.set(streamIndex, block);
      if (call.id) byId.set(call.id, block);
      out.open(block, 'toolcall');
    }
    if (streamIndex !== undefined && block.streamIndex === undefined) {
      block.streamIndex = streamIndex;
      byIndex.set(streamIndex, block);
    }
    if (call.id) byId.set(call.id, block);
    if (!block.name && name) block.name = name;
    if (call.custom && !call.function && !block.customInput) {
      const property = grammar.get(block.name) ?? 'input';
      block.arguments = { [property]: '' };
      block.customInput = { property, buffer: newGrammarBuffer() };
      delete block.partialArgs;
    }
    return block;
  };
  const finish = (block: Block) => {
    const index = indexOf(block);
    if (block.type === 'text') out.emit('text_end', index);
    else if (block.type === 'thinking') out.emit('thinking_end', index);
    else {
      if (block.customInput) {
        const delta = growCustom(block, customText(block), true);
        if (delta !== undefined) out.emit('toolcall_delta', index, delta);
      } else {
        block.arguments = parseStreamingJson(block.partialArgs);
      }
      delete block.partialArgs;
      delete block.customInput;
      delete block.streamIndex;
      out.emit('toolcall_end', index);
    }
  };
  try {
    for (const { value: chunk } of sseJson(sse)) {
      if (!chunk || typeof chunk !== 'object') continue;
      out.responseId ||= chunk.id;
      const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
      if (!choice) continue;
      if (choice.finish_reason) {
        const mapped = mapCompletionsStop(choice.finish_reason);
        out.stopReason = mapped.stopReason;
        if (mapped.errorMessage) out.errorMessage = mapped.errorMessage;
        sawFinish = true;
      }
      const delta = choice.delta;
      if (!delta) continue;
      if (delta.content !== null && delta.content !== undefined && delta.content.length > 0) {
        if (!text) text = out.content[out.open({ type: 'text', text: '' }, 'text')];
        text!.text += delta.content;
        out.emit('text_delta', indexOf(text!), delta.content);
      }
      const field = REASONING_FIELDS.find((f) => typeof delta[f] === 'string' && delta[f].length > 0);
      if (field) {
        if (!thinking) thinking = out.content[out.open({ type: 'thinking', thinking: '', thinkingSignature: field }, 'thinking')];
        thinking!.thinking += delta[field];
        out.emit('thinking_delta', indexOf(thinking!), delta[field]);
      }
      for (const call of delta.tool_calls ?? []) {
        const block = toolBlock(call);
        if (!block.id && call.id) {
          block.id = call.id;
          byId.set(call.id, block);
        }
        const name = call.function?.name ?? call.custom?.name;
        if (!block.name && name) block.name = name;
        let piece = '';
        if (call.function?.arguments) {
          piece = call.function.arguments;
          block.partialArgs = (block.partialArgs ?? '') + piece;
          block.arguments = parseStreamingJson(block.partialArgs);
        } else if (call.custom?.input) {
          piece = growCustom(block, customText(block) + call.custom.input, false) ?? '';
        }
        out.emit('toolcall_delta', indexOf(block), piece);
      }
    }
    for (const block of [...out.content]) finish(block);
    if (out.stopReason === 'error') throw new ReplyFailure(out.errorMessage || 'Provider returned an error stop reason');
    if (!sawFinish || out.stopReason === 'pending') throw new ReplyFailure('Stream ended without finish_reason');
    return out.done();
  } catch (error) {
    for (const block of out.content) {
      delete block.index;
      delete block.partialArgs;
      delete block.customInput;
      delete block.streamIndex;
    }
    return out.fail(errorText(error));
  }
}

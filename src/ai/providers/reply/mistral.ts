// How a Mistral stream becomes pi content (pi-ai 0.85.1): tool calls keyed by index (or id), argument
// text accumulated and re-parsed, every call closed at the end of the stream; a complete argument text
// that is not an object (`[1,2]`) stays as it is.
import type { StopReason } from '../../types.ts';
import { mistralCallId } from '../mistral-conversations.ts';
import { stripLoneSurrogates } from '../shared/text.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { sseJson } from './sse.ts';
import { parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply } from './types.ts';

function mapStop(reason: string | null): { stopReason: StopReason; errorMessage?: string } {
  if (reason === null || reason === 'stop') return { stopReason: 'stop' };
  if (reason === 'length' || reason === 'model_length') return { stopReason: 'length' };
  if (reason === 'tool_calls') return { stopReason: 'toolUse' };
  return { stopReason: 'error', errorMessage: `Provider stopped with: ${reason}` };
}

function* mistralChunks(sse: string): Generator<any> {
  for (const { value } of sseJson(sse)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Array.isArray(value.choices)) throw new ReplyFailure('Invalid Mistral streaming event');
    yield value;
  }
}

export function decodeMistralReply(sse: string): DecodedReply {
  const out = new ReplyBuilder('mistral-conversations');
  let current: Block | undefined;
  const toolAt = new Map<unknown, number>();
  const last = () => out.content.length - 1;
  const closeCurrent = () => {
    if (current) out.emit(current.type === 'text' ? 'text_end' : 'thinking_end', last());
  };
  const appendText = (kind: 'text' | 'thinking', piece: string) => {
    if (!current || current.type !== kind) {
      closeCurrent();
      current = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' };
      out.open(current, kind);
    }
    current[kind] += piece;
    out.emit(`${kind}_delta`, last(), piece);
  };
  out.emit('start');
  try {
    for (const chunk of mistralChunks(sse)) {
      out.responseId ||= chunk.id;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.finish_reason) {
        const mapped = mapStop(choice.finish_reason);
        out.stopReason = mapped.stopReason;
        if (mapped.errorMessage) out.errorMessage = mapped.errorMessage;
      }
      const delta = choice.delta;
      if (delta.content !== null && delta.content !== undefined) {
        for (const item of typeof delta.content === 'string' ? [delta.content] : delta.content) {
          if (typeof item === 'string') appendText('text', stripLoneSurrogates(item));
          else if (item.type === 'thinking') {
            const piece = stripLoneSurrogates((item.thinking ?? []).map((p: any) => p.text ?? '').filter((t: string) => t.length > 0).join(''));
            if (piece) appendText('thinking', piece);
          } else if (item.type === 'text') appendText('text', stripLoneSurrogates(item.text ?? ''));
        }
      }
      for (const call of delta.tool_calls || []) {
        if (current) {
          closeCurrent();
          current = undefined;
        }
        const id = call.id && call.id !== 'null' ? call.id : mistralCallId(`toolcall:${call.index ?? 0}`, 0);
        const key = call.index ?? id;
        const known = toolAt.get(key);
        let block: Block | undefined = known !== undefined && out.content[known]?.type === 'toolCall' ? out.content[known] : undefined;
        if (!block) {
          block = { type: 'toolCall', id, name: call.function.name, arguments: {}, partialArgs: '' };
          toolAt.set(key, out.open(block, 'toolcall'));
        }
        const piece = typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments || {});
        block.partialArgs = (block.partialArgs || '') + piece;
        block.arguments = parseStreamingJson(block.partialArgs);
        out.emit('toolcall_delta', toolAt.get(key), piece);
      }
    }
    closeCurrent();
    for (const index of toolAt.values()) {
      const block = out.content[index];
      if (block.type !== 'toolCall') continue;
      block.arguments = parseStreamingJson(block.partialArgs);
      delete block.partialArgs;
      out.emit('toolcall_end', index);
    }
    if (out.stopReason === 'pending') throw new ReplyFailure('Mistral stream ended without a finish reason');
    if (out.stopReason === 'error' || out.stopReason === 'aborted') throw new ReplyFailure(out.errorMessage || 'An unknown error occurred');
    return out.done();
  } catch (error) {
    for (const block of out.content) delete block.partialArgs;
    return out.fail(errorText(error));
  }
}

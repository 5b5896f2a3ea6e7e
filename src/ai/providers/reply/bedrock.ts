// How a Bedrock ConverseStream becomes pi content (pi-ai 0.85.1). The reply is the SDK's decoded event
// objects (Bedrock streams binary event-stream frames): `toolUse` start/delta/stop by contentBlockIndex,
// arguments re-parsed per delta; text blocks start implicitly with their first delta.
import type { StopReason } from '../../types.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply } from './types.ts';

const REDACTED = '[Reasoning redacted]';
const EXCEPTIONS = ['internalServerException', 'modelStreamErrorException', 'validationException', 'throttlingException', 'serviceUnavailableException'];

function mapStop(reason: string | undefined): { stopReason: StopReason; errorMessage?: string } {
  if (reason === 'end_turn' || reason === 'stop_sequence') return { stopReason: 'stop' };
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return { stopReason: 'length' };
  if (reason === 'tool_use') return { stopReason: 'toolUse' };
  return reason ? { stopReason: 'error', errorMessage: `Provider stopped with: ${reason}` } : { stopReason: 'error' };
}

function base64(chunks: Uint8Array[]): string {
  let binary = '';
  for (const chunk of chunks) for (const byte of chunk) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Drops scratch fields; redacted reasoning bytes become the base64 signature. */
function finalize(block: Block): void {
  delete block.index;
  delete block.partialJson;
  if (block.type === 'thinking' && block.redactedChunks) {
    block.thinkingSignature = base64(block.redactedChunks);
    delete block.redactedChunks;
  }
}

export function decodeBedrockReply(events: readonly unknown[]): DecodedReply {
  const out = new ReplyBuilder('bedrock-converse-stream');
  const find = (index: number) => out.content.findIndex((b) => b.index === index);
  try {
    for (const item of events as any[]) {
      if (item.messageStart) {
        if (item.messageStart.role !== 'assistant') throw new ReplyFailure('Unexpected assistant message start but got user message start instead');
        out.emit('start');
      } else if (item.contentBlockStart) {
        const use = item.contentBlockStart.start?.toolUse;
        if (use) out.open({ type: 'toolCall', id: use.toolUseId || '', name: use.name || '', arguments: {}, partialJson: '', index: item.contentBlockStart.contentBlockIndex }, 'toolcall');
      } else if (item.contentBlockDelta) {
        const { contentBlockIndex, delta } = item.contentBlockDelta;
        let at = find(contentBlockIndex);
        let block: Block | undefined = out.content[at];
        if (delta?.text !== undefined) {
          // Text blocks have no start event: the first delta opens one.
          if (!block) {
            at = out.open({ type: 'text', text: '', index: contentBlockIndex }, 'text');
            block = out.content[at];
          }
          if (block.type === 'text') {
            block.text += delta.text;
            out.emit('text_delta', at, delta.text);
          }
        } else if (delta?.toolUse && block?.type === 'toolCall') {
          block.partialJson = (block.partialJson || '') + (delta.toolUse.input || '');
          block.arguments = parseStreamingJson(block.partialJson);
          out.emit('toolcall_delta', at, delta.toolUse.input || '');
        } else if (delta?.reasoningContent) {
          if (!block) {
            at = out.open({ type: 'thinking', thinking: '', thinkingSignature: '', index: contentBlockIndex }, 'thinking');
            block = out.content[at];
          }
          if (block.type !== 'thinking') continue;
          const reasoning = delta.reasoningContent;
          if (reasoning.text) {
            block.thinking += reasoning.text;
            out.emit('thinking_delta', at, reasoning.text);
          }
          if (reasoning.signature && !block.redacted) block.thinkingSignature = (block.thinkingSignature || '') + reasoning.signature;
          if (reasoning.redactedContent?.length) {
            if (!block.redacted) {
              block.redacted = true;
              block.thinkingSignature = '';
              block.thinking += REDACTED;
              out.emit('thinking_delta', at, REDACTED);
            }
            (block.redactedChunks ??= []).push(reasoning.redactedContent);
          }
        }
      } else if (item.contentBlockStop) {
        const at = find(item.contentBlockStop.contentBlockIndex);
        const block: Block | undefined = out.content[at];
        if (!block) continue;
        delete block.index;
        if (block.type === 'text') out.emit('text_end', at);
        else if (block.type === 'thinking') {
          finalize(block);
          out.emit('thinking_end', at);
        } else if (block.type === 'toolCall') {
          block.arguments = parseStreamingJson(block.partialJson);
          delete block.partialJson;
          out.emit('toolcall_end', at);
        }
      } else if (item.messageStop) {
        const mapped = mapStop(item.messageStop.stopReason);
        out.stopReason = mapped.stopReason;
        if (mapped.errorMessage) out.errorMessage = mapped.errorMessage;
      } else {
        const exception = EXCEPTIONS.find((name) => item[name]);
        if (exception) throw new ReplyFailure(item[exception].message ?? exception);
      }
    }
    if (out.stopReason === 'pending') throw new ReplyFailure('Bedrock stream ended without a stop reason');
    if (out.stopReason === 'error' || out.stopReason === 'aborted') throw new ReplyFailure(out.errorMessage || 'An unknown error occurred');
    for (const block of out.content) finalize(block);
    return out.done();
  } catch (error) {
    for (const block of out.content) finalize(block);
    return out.fail(errorText(error));
  }
}

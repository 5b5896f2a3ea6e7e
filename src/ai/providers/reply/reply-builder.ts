// The mutable assistant message a decoder fills as events arrive, plus the event trace, mirroring pi's
// `output` object: blocks are pushed and mutated in place, and the message ends as done or error.
import type { AssistantMessage, StopReason, ToolCall } from '../../types.ts';
import type { DecodedReply, ReplyEvent } from './types.ts';

export type Block = Record<string, any>;

/** An expected failure while reading a reply; the decoder ends the message as pi's catch block does. */
export class ReplyFailure extends Error {}

export class ReplyBuilder {
  readonly content: Block[] = [];
  readonly events: ReplyEvent[] = [];
  stopReason: StopReason = 'pending';
  errorMessage?: string;
  responseId?: string;

  constructor(readonly api: string) {}

  emit(type: ReplyEvent['type'], contentIndex?: number, delta?: string): void {
    const event: ReplyEvent = { type };
    if (contentIndex !== undefined) event.contentIndex = contentIndex;
    if (delta !== undefined) event.delta = delta;
    this.events.push(event);
  }

  /** Appends a block and emits its `*_start`; returns its index. */
  open(block: Block, kind: 'text' | 'thinking' | 'toolcall'): number {
    this.content.push(block);
    const index = this.content.length - 1;
    this.emit(`${kind}_start`, index);
    return index;
  }

  done(): DecodedReply {
    this.events.push({ type: 'done', reason: this.stopReason });
    return this.result();
  }

  /** pi's catch: scratch fields removed by the caller, then stopReason error and the message. */
  fail(message: string): DecodedReply {
    this.stopReason = 'error';
    this.errorMessage = message;
    this.events.push({ type: 'error', reason: 'error' });
    return this.result();
  }

  /** The reply as it stands (after the caller pushed its own terminal event). */
  result(): DecodedReply {
    const content = this.content as AssistantMessage['content'];
    return {
      ok: true,
      api: this.api,
      content,
      toolCalls: content.filter((b): b is ToolCall => b.type === 'toolCall'),
      stopReason: this.stopReason,
      ...(this.errorMessage !== undefined ? { errorMessage: this.errorMessage } : {}),
      ...(this.responseId !== undefined ? { responseId: this.responseId } : {}),
      events: this.events,
    };
  }
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The vocabulary of reply decoding: the event trace a provider's stream produces in pi (types, indices,
// deltas) and the final assistant content and stop reason pi builds from it.
import type { AssistantMessage, StopReason, Tool, ToolCall } from '../../types.ts';

/** One AssistantMessageEvent as pi emits it, without the shared `partial` object. */
export interface ReplyEvent {
  type: 'start' | 'text_start' | 'text_delta' | 'text_end' | 'thinking_start' | 'thinking_delta' | 'thinking_end'
    | 'toolcall_start' | 'toolcall_delta' | 'toolcall_end' | 'done' | 'error';
  contentIndex?: number;
  delta?: string;
  /** done: stop | length | toolUse; error: error | aborted. */
  reason?: string;
}

export interface DecodeOptions {
  /** The request's tools: OAuth replies name Claude Code tools (`Read`) that map back to these (`read`). */
  tools?: Tool[];
  /** Anthropic: an OAuth key (`sk-ant-oat…`) turns on that name mapping, as in the request. */
  apiKey?: string;
  /** Grammar tools: OpenAI custom tool calls store their text under this property per tool name. */
  grammarInputProperties?: Map<string, string>;
  /** Google: ids for calls that come without one (pi uses `<name>_<Date.now()>_<counter>`). */
  makeToolCallId?: (name: string) => string;
}

/** A decoded reply: pi's final content (scratch fields included where pi leaves them) and stop reason. */
export interface DecodedReply {
  ok: true;
  api: string;
  content: AssistantMessage['content'];
  toolCalls: ToolCall[];
  stopReason: StopReason;
  errorMessage?: string;
  responseId?: string;
  events: ReplyEvent[];
}

export interface DecodeFailure {
  ok: false;
  api: string;
  error: string;
}

export type DecodeResult = DecodedReply | DecodeFailure;

/** A reply as it arrives: SSE text for HTTP streams, the SDK's event objects for Bedrock. */
export type CannedReply = string | readonly unknown[];

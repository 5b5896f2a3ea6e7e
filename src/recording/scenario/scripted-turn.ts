// The vocabulary of a scripted model response (pi's faux vocabulary plus timing and raw argument text) and
// how one becomes the final AssistantMessage a replay streams and returns.
import type { AssistantMessage, Context, Model, SimpleStreamOptions, StopReason, ToolCall } from '../../ai/index.ts';
import { parseStreamingJson } from '../../ai/index.ts';
import type { TokenSize } from './chunking.ts';
import { zeroUsage } from './usage-estimate.ts';

export interface ScriptedText { type: 'text'; text: string }
export interface ScriptedThinking { type: 'thinking'; thinking: string }

/**
 * A tool call to stream. `arguments` may be any JSON value (deliberately invalid ones included); it is what
 * the final block carries. `rawArguments`, when given, is the text streamed as deltas instead of
 * JSON.stringify(arguments); without `arguments` the final value is then parseStreamingJson(rawArguments),
 * as a real provider would salvage it. Neither given → `{}`.
 */
export interface ScriptedToolCall {
  type: 'toolCall';
  id: string;
  name: string;
  arguments?: unknown;
  rawArguments?: string;
}

export type ScriptedBlock = ScriptedText | ScriptedThinking | ScriptedToolCall;

/** How a response streams. Unset fields fall back to the stream function's options. */
export interface StreamTiming {
  tokenSize?: TokenSize;
  /** Unset or ≤ 0: each chunk waits one microtask, as faux does. */
  tokensPerSecond?: number;
  /** Clock time before the response starts (before `start`); cut short by an abort. */
  delayMs?: number;
}

/** One scripted response. `stopReason` defaults to "stop", as in faux's fauxAssistantMessage. */
export interface ScriptedTurn {
  content: ScriptedBlock[] | string;
  stopReason?: StopReason;
  errorMessage?: string;
  responseId?: string;
  timestamp?: number;
  timing?: StreamTiming;
}

/** Counts requests, like faux's `state`. */
export interface ScriptedStreamState { callCount: number }

/** Computes a response from the request, like a faux factory. May return a full AssistantMessage. */
export type ScriptedTurnFactory = (
  context: Context,
  options: SimpleStreamOptions | undefined,
  state: ScriptedStreamState,
  model: Model,
) => ScriptedTurn | AssistantMessage | Promise<ScriptedTurn | AssistantMessage>;

export type ScriptedResponse = ScriptedTurn | AssistantMessage | ScriptedTurnFactory;

/** What the replay needs: the final message (usage not yet estimated), the text of each tool call's deltas. */
export interface PlannedTurn {
  message: AssistantMessage;
  /** Per content index: the text streamed for a tool call (undefined for other blocks). */
  argumentTexts: (string | undefined)[];
  timing: StreamTiming;
}

function isAssistantMessage(value: ScriptedTurn | AssistantMessage): value is AssistantMessage {
  return (value as AssistantMessage).role === 'assistant';
}

function finalToolCall(block: ScriptedToolCall): ToolCall {
  const args = 'arguments' in block ? block.arguments
    : block.rawArguments !== undefined ? parseStreamingJson(block.rawArguments) : {};
  return { type: 'toolCall', id: block.id, name: block.name, arguments: args as ToolCall['arguments'] };
}

/** The faux-shaped message of a ScriptedTurn: same keys in the same order as fauxAssistantMessage builds. */
function messageOfTurn(turn: ScriptedTurn, now: () => number): AssistantMessage {
  const blocks = typeof turn.content === 'string' ? [{ type: 'text', text: turn.content } as ScriptedText] : turn.content;
  const content = blocks.map((block): AssistantMessage['content'][number] => {
    if (block.type === 'toolCall') return finalToolCall(block);
    if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking };
    return { type: 'text', text: block.text };
  });
  return {
    role: 'assistant',
    content,
    api: 'faux',
    provider: 'faux',
    model: 'faux-1',
    usage: zeroUsage(),
    stopReason: turn.stopReason ?? 'stop',
    ...(turn.errorMessage === undefined ? {} : { errorMessage: turn.errorMessage }),
    ...(turn.responseId === undefined ? {} : { responseId: turn.responseId }),
    timestamp: turn.timestamp ?? now(),
  };
}

/**
 * Turns a resolved response into the message to replay. Like faux the message is deep-copied (the script is
 * never mutated) and stamped with this registration's api and provider and the request model's id.
 * Throws (a broken script, e.g. arguments that cannot be serialized); the replay reports it as an error event.
 */
export function planTurn(
  response: ScriptedTurn | AssistantMessage,
  stamp: { api: string; provider: string; model: string },
  now: () => number,
): PlannedTurn {
  const scripted = isAssistantMessage(response) ? undefined : response;
  const base = structuredClone(scripted ? messageOfTurn(scripted, now) : response) as AssistantMessage;
  const message: AssistantMessage = {
    ...base,
    api: stamp.api,
    provider: stamp.provider,
    model: stamp.model,
    timestamp: base.timestamp ?? now(),
    usage: base.usage ?? zeroUsage(),
  };
  const argumentTexts = message.content.map((block, index) => {
    if (block.type !== 'toolCall') return undefined;
    const raw = scripted && typeof scripted.content !== 'string' ? (scripted.content[index] as ScriptedToolCall).rawArguments : undefined;
    const text = raw ?? JSON.stringify(block.arguments);
    if (typeof text !== 'string') throw new Error(`Tool call ${block.id} has arguments that cannot be streamed as JSON`);
    return text;
  });
  return { message, argumentTexts, timing: scripted?.timing ?? {} };
}

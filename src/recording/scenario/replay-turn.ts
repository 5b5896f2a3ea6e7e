// Streams one planned response as pi-ai 0.85.1's faux provider does: `start`, per block `*_start`, one
// `*_delta` per chunk, `*_end`, then `done` or `error`; one shared partial whose blocks grow in place.
import type { AssistantMessage, ToolCall } from '../../ai/index.ts';
import type { Clock } from '../../engine/index.ts';
import type { AssistantMessageEventStream } from '../../engine/index.ts';
import { parseStreamingJson } from '../../ai/index.ts';
import { chunkDelayMs, splitIntoChunks } from './chunking.ts';
import type { PlannedTurn } from './scripted-turn.ts';

/**
 * Tool-call arguments as they stream: the raw text so far and what parseStreamingJson makes of it. `arguments`
 * is parsed when first read: parsing the whole text after every delta would make a long argument cost the
 * square of its length (a 256 KB `write` has about 16,000 deltas).
 */
export interface ToolCallArgumentsProgress {
  /** 0-based request number of the stream function. */
  request: number;
  contentIndex: number;
  toolCallId: string;
  toolName: string;
  text: string;
  arguments: unknown;
}

export interface ReplayContext {
  clock: Clock;
  now: () => number;
  signal?: AbortSignal;
  tokenSize: { min: number; max: number };
  tokensPerSecond?: number;
  delayMs: number;
  random: () => number;
  request: number;
  onToolCallArguments?: (progress: ToolCallArgumentsProgress) => void;
}

const ABORTED_TEXT = 'Request was aborted';

function argumentsProgress(request: number, contentIndex: number, block: ToolCall, text: string): ToolCallArgumentsProgress {
  let parsed: { value: unknown } | undefined;
  return {
    request, contentIndex, toolCallId: block.id, toolName: block.name, text,
    get arguments() { return (parsed ??= { value: parseStreamingJson(text) }).value; },
  };
}

/** Resolves when the next chunk may go out: one microtask unpaced, else the chunk's share of the pace. */
function waitForChunk(chunk: string, ctx: ReplayContext): Promise<void> {
  const ms = chunkDelayMs(chunk, ctx.tokensPerSecond);
  // Deliberately not cut short by the signal: faux notices an abort only after the chunk's delay.
  if (ms === undefined) return new Promise((resolve) => queueMicrotask(resolve));
  return ctx.clock.sleep(ms);
}

/** Never rejects except on a broken invariant; the caller turns a throw into an `error` event. */
export async function replayTurn(out: AssistantMessageEventStream, plan: PlannedTurn, ctx: ReplayContext): Promise<void> {
  const { message } = plan;
  const partial: AssistantMessage = { ...message, content: [], stopReason: 'pending' };
  const snapshot = () => ({ ...partial });

  const abortNow = (): true => {
    const aborted: AssistantMessage = { ...partial, stopReason: 'aborted', errorMessage: ABORTED_TEXT, timestamp: ctx.now() };
    out.push({ type: 'error', reason: 'aborted', error: aborted });
    out.end(aborted);
    return true;
  };
  const aborted = () => ctx.signal?.aborted === true;

  if (ctx.delayMs > 0) await ctx.clock.sleep(ctx.delayMs, ctx.signal);
  if (aborted()) return void abortNow();
  out.push({ type: 'start', partial: snapshot() });

  for (let index = 0; index < message.content.length; index++) {
    if (aborted()) return void abortNow();
    const block = message.content[index];
    if (block.type === 'text' || block.type === 'thinking') {
      const isText = block.type === 'text';
      const full = isText ? block.text : block.thinking;
      const live = isText ? { type: 'text' as const, text: '' } : { type: 'thinking' as const, thinking: '' };
      partial.content = [...partial.content, live];
      out.push({ type: isText ? 'text_start' : 'thinking_start', contentIndex: index, partial: snapshot() });
      for (const chunk of splitIntoChunks(full, ctx.tokenSize, ctx.random)) {
        await waitForChunk(chunk, ctx);
        if (aborted()) return void abortNow();
        if (live.type === 'text') live.text += chunk;
        else live.thinking += chunk;
        out.push({ type: isText ? 'text_delta' : 'thinking_delta', contentIndex: index, delta: chunk, partial: snapshot() });
      }
      out.push({ type: isText ? 'text_end' : 'thinking_end', contentIndex: index, content: full, partial: snapshot() });
      continue;
    }
    // pi's partial tool call keeps `arguments: {}` until toolcall_end; the parsed-so-far value goes to the side channel.
    const live: ToolCall = { type: 'toolCall', id: block.id, name: block.name, arguments: {} };
    partial.content = [...partial.content, live];
    out.push({ type: 'toolcall_start', contentIndex: index, partial: snapshot() });
    let text = '';
    for (const chunk of splitIntoChunks(plan.argumentTexts[index] ?? '', ctx.tokenSize, ctx.random)) {
      await waitForChunk(chunk, ctx);
      if (aborted()) return void abortNow();
      text += chunk;
      out.push({ type: 'toolcall_delta', contentIndex: index, delta: chunk, partial: snapshot() });
      if (ctx.onToolCallArguments) ctx.onToolCallArguments(argumentsProgress(ctx.request, index, block, text));
    }
    live.arguments = block.arguments;
    out.push({ type: 'toolcall_end', contentIndex: index, toolCall: block, partial: snapshot() });
  }

  if (message.stopReason === 'pending') throw new Error('Faux response ended without a stop reason');
  if (message.stopReason === 'error' || message.stopReason === 'aborted') {
    out.push({ type: 'error', reason: message.stopReason, error: message });
  } else {
    out.push({ type: 'done', reason: message.stopReason, message });
  }
  out.end(message);
}

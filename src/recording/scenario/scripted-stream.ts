// A pi-style StreamFn that replays scripted responses, one per request, emitting what pi-ai 0.85.1's faux
// provider emits (events, partials, usage, errors, aborts), paced by the injected clock.
import type { AssistantMessage, Context, Model, SimpleStreamOptions } from '../../ai/index.ts';
import type { StreamFn } from '../../engine/index.ts';
import type { Clock } from '../../engine/index.ts';
import { RealClock } from '../../engine/index.ts';
import { createAssistantMessageEventStream, type AssistantMessageEventStream } from '../../engine/index.ts';
import { createSeededRandom, resolveTokenSize, seedForRequest, type TokenSize } from './chunking.ts';
import { replayTurn, type ToolCallArgumentsProgress } from './replay-turn.ts';
import { planTurn, type ScriptedResponse, type ScriptedStreamState } from './scripted-turn.ts';
import { withEstimatedUsage, zeroUsage, type PromptCache } from './usage-estimate.ts';

export interface ScriptedStreamOptions {
  /** Paces tokensPerSecond and per-turn delays. Default: a RealClock. */
  clock?: Clock;
  /** Default token size per chunk (faux default {min:3,max:5}). */
  tokenSize?: TokenSize;
  /** Default pace; unset = one microtask per chunk, as faux. */
  tokensPerSecond?: number;
  /** Default wait before each response starts (a turn's own delayMs wins). */
  delayMs?: number;
  /** Seed of the token-size draws (each request gets its own sequence derived from it). Default 1. */
  seed?: number;
  /** Stamped on every message. Default: the request model's `api` / `provider`. */
  api?: string;
  provider?: string;
  /** Message timestamps. Default Date.now. */
  now?: () => number;
  /** Side channel: the parsed-so-far arguments after each toolcall_delta (pi's partial keeps `{}`). */
  onToolCallArguments?: (progress: ToolCallArgumentsProgress) => void;
}

/** A StreamFn plus faux-like bookkeeping. */
export type ScriptedStreamFn = StreamFn & {
  readonly state: ScriptedStreamState;
  pendingCount(): number;
};

/** faux's default model definition (0.85.1): `faux-1`, "Faux Model", api and provider `faux` unless given. */
export function createFauxModel(overrides: Partial<Model> = {}): Model {
  return {
    id: 'faux-1',
    name: 'Faux Model',
    api: 'faux',
    provider: 'faux',
    baseUrl: 'http://localhost:0',
    reasoning: false,
    input: ['text', 'image'],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128000,
    maxTokens: 16384,
    ...overrides,
  };
}

function errorMessageOf(error: unknown, stamp: { api: string; provider: string; model: string }, now: () => number): AssistantMessage {
  return {
    role: 'assistant',
    content: [],
    api: stamp.api,
    provider: stamp.provider,
    model: stamp.model,
    usage: zeroUsage(),
    stopReason: 'error',
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: now(),
  };
}

function fail(out: AssistantMessageEventStream, message: AssistantMessage): void {
  out.push({ type: 'error', reason: 'error', error: message });
  out.end(message);
}

/**
 * Returns a StreamFn answering the n-th request with the n-th response. Never throws: an exhausted script
 * answers with a lone `error` event "No more faux responses queued" (usage estimated), a throwing factory
 * or broken response with a lone `error` carrying its message. Requests are served in call order.
 */
export function createScriptedStreamFn(responses: readonly ScriptedResponse[], options: ScriptedStreamOptions = {}): ScriptedStreamFn {
  const queue = [...responses];
  const state: ScriptedStreamState = { callCount: 0 };
  const cache: PromptCache = new Map();
  const clock = options.clock ?? new RealClock();
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;

  async function serve(
    out: AssistantMessageEventStream,
    response: ScriptedResponse | undefined,
    request: number,
    model: Model,
    context: Context,
    streamOptions: SimpleStreamOptions | undefined,
  ): Promise<void> {
    const stamp = { api: options.api ?? model.api, provider: options.provider ?? model.provider, model: model.id };
    try {
      await streamOptions?.onResponse?.({ status: 200, headers: {} }, model);
      if (response === undefined) {
        const exhausted = errorMessageOf(new Error('No more faux responses queued'), stamp, now);
        fail(out, withEstimatedUsage(exhausted, context, streamOptions, cache));
        return;
      }
      const resolved = typeof response === 'function' ? await response(context, streamOptions, state, model) : response;
      const plan = planTurn(resolved, stamp, now);
      const message = withEstimatedUsage(plan.message, context, streamOptions, cache);
      const timing = plan.timing;
      await replayTurn(out, { ...plan, message }, {
        clock,
        now,
        signal: streamOptions?.signal,
        tokenSize: resolveTokenSize(timing.tokenSize ?? options.tokenSize),
        tokensPerSecond: timing.tokensPerSecond ?? options.tokensPerSecond,
        delayMs: timing.delayMs ?? options.delayMs ?? 0,
        random: createSeededRandom(seedForRequest(seed, request)),
        onToolCallArguments: options.onToolCallArguments,
        request,
      });
    } catch (error) {
      fail(out, errorMessageOf(error, stamp, now));
    }
  }

  const streamFn = (model: Model, context: Context, streamOptions?: SimpleStreamOptions) => {
    const out = createAssistantMessageEventStream();
    const response = queue.shift();
    const request = state.callCount++;
    // Like faux, nothing happens before the caller has the stream in hand.
    queueMicrotask(() => void serve(out, response, request, model, context, streamOptions));
    return out;
  };
  return Object.assign(streamFn, { state, pendingCount: () => queue.length });
}

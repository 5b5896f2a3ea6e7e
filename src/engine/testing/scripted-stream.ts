// A scripted stream function for tests that do not load pi: replays queued assistant messages with the event shape
// of pi's faux provider (start, per-block start/deltas/end, done or error; one microtask per chunk; abort checks).
import { AssistantMessageEventStream } from '../event-stream.ts';
import type { AssistantMessage, Context, Model, SimpleStreamOptions } from '../../ai/index.ts';
import type { StreamFn } from '../types.ts';
import { ZERO_USAGE } from './messages.ts';

export type ScriptedStep = AssistantMessage | ((context: Context, options: SimpleStreamOptions | undefined) => AssistantMessage);

export interface ScriptedStreamOptions {
  /** Characters per delta (default 1000: one delta per block). */
  chunkChars?: number;
}

export interface ScriptedStreamFn extends StreamFn {
  /** Requests seen so far (context and options as received). */
  readonly requests: { model: Model; context: Context; options: SimpleStreamOptions | undefined }[];
  readonly pending: number;
}

export function createScriptedStreamFn(steps: ScriptedStep[], options: ScriptedStreamOptions = {}): ScriptedStreamFn {
  const queue = [...steps];
  const chunkChars = Math.max(1, options.chunkChars ?? 1000);
  const requests: ScriptedStreamFn['requests'] = [];
  const fn = ((model: Model, context: Context, streamOptions?: SimpleStreamOptions) => {
    requests.push({ model, context, options: streamOptions });
    const stream = new AssistantMessageEventStream();
    const step = queue.shift();
    queueMicrotask(() => {
      const message = step === undefined
        ? { ...emptyMessage(model), stopReason: 'error' as const, errorMessage: 'No more scripted responses queued' }
        : structuredClone(typeof step === 'function' ? step(context, streamOptions) : step);
      void replay(stream, message, chunkChars, streamOptions?.signal);
    });
    return stream;
  }) as unknown as ScriptedStreamFn;
  Object.defineProperty(fn, 'requests', { get: () => requests });
  Object.defineProperty(fn, 'pending', { get: () => queue.length });
  return fn;
}

function emptyMessage(model: Model): AssistantMessage {
  return {
    role: 'assistant', content: [], api: model.api, provider: model.provider, model: model.id,
    usage: ZERO_USAGE, stopReason: 'stop', timestamp: 0,
  };
}

async function replay(stream: AssistantMessageEventStream, message: AssistantMessage, chunkChars: number, signal?: AbortSignal) {
  const partial: AssistantMessage = { ...message, content: [], stopReason: 'pending' };
  const aborted = () => {
    const final: AssistantMessage = { ...partial, stopReason: 'aborted', errorMessage: 'Request was aborted' };
    stream.push({ type: 'error', reason: 'aborted', error: final });
  };
  if (signal?.aborted) return aborted();
  if (message.content.length === 0 && (message.stopReason === 'error' || message.stopReason === 'aborted')) {
    stream.push({ type: 'error', reason: message.stopReason, error: message });
    return;
  }
  stream.push({ type: 'start', partial: { ...partial } });
  for (let index = 0; index < message.content.length; index++) {
    if (signal?.aborted) return aborted();
    const block = message.content[index];
    const body = block.type === 'text' ? block.text : block.type === 'thinking' ? block.thinking : JSON.stringify(block.arguments);
    const kind = block.type === 'toolCall' ? 'toolcall' : block.type;
    partial.content = [...partial.content, block.type === 'toolCall'
      ? { ...block, arguments: {} }
      : block.type === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' }];
    stream.push({ type: `${kind}_start`, contentIndex: index, partial: { ...partial } } as never);
    for (let at = 0; at < Math.max(1, body.length); at += chunkChars) {
      await Promise.resolve();
      if (signal?.aborted) return aborted();
      const delta = body.slice(at, at + chunkChars);
      const live = partial.content[index] as { text?: string; thinking?: string };
      if (block.type === 'text') live.text += delta;
      if (block.type === 'thinking') live.thinking += delta;
      stream.push({ type: `${kind}_delta`, contentIndex: index, delta, partial: { ...partial } } as never);
    }
    if (block.type === 'toolCall') {
      (partial.content[index] as { arguments: unknown }).arguments = block.arguments;
      stream.push({ type: 'toolcall_end', contentIndex: index, toolCall: block, partial: { ...partial } });
    } else {
      stream.push({ type: `${kind}_end`, contentIndex: index, content: body, partial: { ...partial } } as never);
    }
  }
  if (message.stopReason === 'error' || message.stopReason === 'aborted') {
    stream.push({ type: 'error', reason: message.stopReason, error: message });
  } else {
    stream.push({ type: 'done', reason: message.stopReason as 'stop', message });
  }
}

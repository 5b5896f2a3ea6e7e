// The stream function a live run hands our loop: pi-ai's own streamSimple for the model's API, with the user's key,
// reporting each request (for the in-flight indicator) and scrubbing the key out of any error text it passes on.
// The events and the final message are pi-ai's own objects, passed through unchanged otherwise.
import type { AssistantMessage, AssistantMessageEvent, AssistantMessageEventStreamLike, Model } from '../types.ts';
import type { StreamFn } from '../../engine/index.ts';
import { hostOf } from './model.ts';
import { scrubSecret } from './secret.ts';

export interface LiveRequest {
  /** 1-based count of requests in this run. */
  index: number;
  host: string;
  model: string;
}

export interface LiveStreamHooks {
  /** The key, read at each request (it may be changed between runs, never mid-request). */
  apiKey(): string | undefined;
  /** A request was sent. */
  onRequest?(request: LiveRequest): void;
  /** That request's reply has ended (done, error or aborted). */
  onSettled?(request: LiveRequest, message: AssistantMessage): void;
}

function scrubMessage(message: AssistantMessage, key: string | undefined): AssistantMessage {
  if (message && typeof message.errorMessage === 'string') message.errorMessage = scrubSecret(message.errorMessage, key);
  return message;
}

/** Wraps pi-ai's `streamSimple` (for one API) as our loop's stream function. */
export function createLiveStreamFn(streamSimple: StreamFn, hooks: LiveStreamHooks): StreamFn {
  let count = 0;
  return (model: Model, context, options) => {
    const key = hooks.apiKey();
    const request: LiveRequest = { index: ++count, host: hostOf(model.baseUrl), model: model.id };
    hooks.onRequest?.(request);
    // The loop spreads its whole config into the options; pi-ai reads the key from there, as pi's Agent passes it.
    const source = Promise.resolve(streamSimple(model, context, { ...options, apiKey: key }));
    let settled = false;
    const settle = (message: AssistantMessage) => {
      if (!settled) { settled = true; hooks.onSettled?.(request, message); }
      return message;
    };
    const stream: AssistantMessageEventStreamLike = {
      async *[Symbol.asyncIterator]() {
        for await (const event of await source) {
          if (event.type === 'error') scrubMessage(event.error, key);
          yield event as AssistantMessageEvent;
        }
      },
      async result() {
        return settle(scrubMessage(await (await source).result(), key));
      },
    };
    return stream;
  };
}

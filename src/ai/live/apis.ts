// The provider APIs a live run can call from a browser, and pi-ai's own stream function for each, loaded only
// when that API is first used (each module brings its provider SDK: a chunk of its own, never the first load).
import type { StreamFn } from '../../engine/index.ts';

/** pi-ai 0.85.1 APIs whose stream modules run in a browser with a plain API key. */
export const LIVE_APIS = [
  'anthropic-messages',
  'openai-completions',
  'openai-responses',
  'google-generative-ai',
  'mistral-conversations',
] as const;

export type LiveApi = (typeof LIVE_APIS)[number];

export function isLiveApi(api: string): api is LiveApi {
  return (LIVE_APIS as readonly string[]).includes(api);
}

// One static import() per API, so the bundler makes one chunk per provider module.
const LOADERS: Record<LiveApi, () => Promise<{ streamSimple: unknown }>> = {
  'anthropic-messages': () => import('@earendil-works/pi-ai/api/anthropic-messages'),
  'openai-completions': () => import('@earendil-works/pi-ai/api/openai-completions'),
  'openai-responses': () => import('@earendil-works/pi-ai/api/openai-responses'),
  'google-generative-ai': () => import('@earendil-works/pi-ai/api/google-generative-ai'),
  'mistral-conversations': () => import('@earendil-works/pi-ai/api/mistral-conversations'),
};

const loaded = new Map<LiveApi, Promise<StreamFn>>();

/**
 * pi-ai's `streamSimple` for `api`, imported on first use. Rejects when the module cannot be loaded (offline after
 * a deploy); a later call tries again.
 */
export function loadLiveStream(api: LiveApi): Promise<StreamFn> {
  let stream = loaded.get(api);
  if (!stream) {
    stream = LOADERS[api]().then((module) => module.streamSimple as StreamFn);
    stream.catch(() => loaded.delete(api));
    loaded.set(api, stream);
  }
  return stream;
}

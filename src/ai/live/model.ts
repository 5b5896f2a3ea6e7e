// Resolving what the user picked (an API, a model id, maybe a base URL) into the Model pi-ai's stream takes: the
// catalog's entry when there is one, else a custom model with conservative defaults.
import type { Model } from '../types.ts';
import type { LiveApi } from './apis.ts';

export interface LiveModelChoice {
  api: LiveApi;
  /** A catalog model id, or any id the endpoint accepts. */
  model: string;
  /** Overrides the catalog's base URL (a proxy, a local server, the test stand-in). */
  baseUrl?: string;
  /** The provider id the key belongs to; default: the catalog model's, else the API's usual provider. */
  provider?: string;
}

const DEFAULT_PROVIDER: Record<LiveApi, { provider: string; baseUrl: string }> = {
  'anthropic-messages': { provider: 'anthropic', baseUrl: 'https://api.anthropic.com' },
  'openai-completions': { provider: 'openai', baseUrl: 'https://api.openai.com/v1' },
  'openai-responses': { provider: 'openai', baseUrl: 'https://api.openai.com/v1' },
  'google-generative-ai': { provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta' },
  'mistral-conversations': { provider: 'mistral', baseUrl: 'https://api.mistral.ai' },
};

/** The provider whose key a run with this choice needs. */
export function providerOf(choice: Pick<LiveModelChoice, 'api' | 'provider'>): string {
  return choice.provider ?? DEFAULT_PROVIDER[choice.api].provider;
}

/** A base URL the page may call: http(s) with a host. Returns the reason it is not, or null. */
export function checkBaseUrl(baseUrl: string): 'invalid' | 'protocol' | null {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'protocol';
  } catch {
    return 'invalid';
  }
}

/** The host a request goes to ("api.anthropic.com", "127.0.0.1:4321"), for the in-flight indicator. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * The Model for a choice. A catalog model of the same API and id is copied (with the base URL overridden when one is
 * given); otherwise a custom model: text input, no reasoning, zero cost, 128k context, 4096 output tokens.
 */
export function resolveLiveModel(choice: LiveModelChoice, catalog: readonly Model[] = []): Model {
  const known = catalog.find((m) => m.id === choice.model && m.api === choice.api);
  const baseUrl = choice.baseUrl?.trim() || undefined;
  if (known) {
    const model: Model = structuredClone(known);
    if (baseUrl) model.baseUrl = baseUrl;
    if (choice.provider) model.provider = choice.provider;
    return model;
  }
  const defaults = DEFAULT_PROVIDER[choice.api];
  return {
    id: choice.model,
    name: choice.model,
    api: choice.api,
    provider: choice.provider ?? defaults.provider,
    baseUrl: baseUrl ?? defaults.baseUrl,
    reasoning: false,
    input: ['text'],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 4096,
  };
}

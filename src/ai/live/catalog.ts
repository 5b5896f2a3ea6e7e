// The providers a live run offers, from pi-ai 0.85.1's model catalog: which can be called from a browser with an
// API key, which cannot and why. A provider's model list is imported only when it is chosen.
import type { Model } from '../types.ts';
import { isLiveApi, type LiveApi } from './apis.ts';

/** Why a provider cannot be called from this page (the UI words the code). */
export type UnavailableReason = 'aws-signing' | 'oauth-only' | 'cloud-credentials';

export interface LiveProvider {
  id: string;
  name: string;
  /** The API its models use by default (a model's own `api` wins). */
  api: LiveApi;
  baseUrl: string;
}

export interface UnavailableProvider {
  id: string;
  name: string;
  reason: UnavailableReason;
}

type CatalogModule = Record<string, Record<string, Model>>;

// One static import() per provider, so each catalog is its own chunk.
const AVAILABLE: (LiveProvider & { load: () => Promise<unknown> })[] = [
  { id: 'anthropic', name: 'Anthropic', api: 'anthropic-messages', baseUrl: 'https://api.anthropic.com', load: () => import('@earendil-works/pi-ai/providers/anthropic.models') },
  { id: 'openai', name: 'OpenAI', api: 'openai-responses', baseUrl: 'https://api.openai.com/v1', load: () => import('@earendil-works/pi-ai/providers/openai.models') },
  { id: 'google', name: 'Google Gemini API', api: 'google-generative-ai', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', load: () => import('@earendil-works/pi-ai/providers/google.models') },
  { id: 'mistral', name: 'Mistral', api: 'mistral-conversations', baseUrl: 'https://api.mistral.ai', load: () => import('@earendil-works/pi-ai/providers/mistral.models') },
  { id: 'openrouter', name: 'OpenRouter', api: 'openai-completions', baseUrl: 'https://openrouter.ai/api/v1', load: () => import('@earendil-works/pi-ai/providers/openrouter.models') },
  { id: 'groq', name: 'Groq', api: 'openai-completions', baseUrl: 'https://api.groq.com/openai/v1', load: () => import('@earendil-works/pi-ai/providers/groq.models') },
  { id: 'xai', name: 'xAI', api: 'openai-completions', baseUrl: 'https://api.x.ai/v1', load: () => import('@earendil-works/pi-ai/providers/xai.models') },
  { id: 'deepseek', name: 'DeepSeek', api: 'openai-completions', baseUrl: 'https://api.deepseek.com', load: () => import('@earendil-works/pi-ai/providers/deepseek.models') },
];

export const UNAVAILABLE_PROVIDERS: readonly UnavailableProvider[] = [
  { id: 'amazon-bedrock', name: 'Amazon Bedrock', reason: 'aws-signing' },
  { id: 'google-vertex', name: 'Google Vertex AI', reason: 'cloud-credentials' },
  { id: 'openai-codex', name: 'OpenAI Codex (ChatGPT sign-in)', reason: 'oauth-only' },
  { id: 'github-copilot', name: 'GitHub Copilot', reason: 'oauth-only' },
];

/** The providers a live run can call, in the order the picker lists them. */
export const LIVE_PROVIDERS: readonly LiveProvider[] = AVAILABLE.map(({ load: _load, ...provider }) => provider);

export function findLiveProvider(id: string): LiveProvider | undefined {
  return LIVE_PROVIDERS.find((p) => p.id === id);
}

/**
 * The provider's models from pi-ai's catalog, those of a browser-callable API only, sorted by name. Rejects when the
 * catalog chunk cannot be loaded; resolves [] for a provider not listed as available.
 */
export async function loadProviderModels(providerId: string): Promise<Model[]> {
  const entry = AVAILABLE.find((p) => p.id === providerId);
  if (!entry) return [];
  const module = (await entry.load()) as CatalogModule;
  const catalog = Object.values(module).find((value) => value && typeof value === 'object') ?? {};
  return Object.values(catalog)
    .filter((model) => isLiveApi(model.api))
    .sort((a, b) => a.name.localeCompare(b.name));
}

// Exact tool token counts on request, per API variant, for the providers that offer a count endpoint (Anthropic,
// Gemini): the tool list of the encoded body goes to ai/tokens/exact-count/index.ts with the user's key from the key
// store. Never automatic: only `count()` sends anything. A figure remembers the tool list it counted, so an edit
// marks it as for an earlier version instead of passing it off as current.
import type { ApiVariant, EncodeResult } from '../../ai/providers/index.ts';
import type { ExactCountApi, ExactCountError } from '../../ai/tokens/exact-count/index.ts';
import { toolsPointer, valueAt } from './request-paths.ts';

export type ExactCountEntry =
  | { status: 'idle' }
  | { status: 'counting' }
  | { status: 'ready'; tools: number; withTools: number; withoutTools: number; countedText: string }
  | { status: 'failed'; error: ExactCountError };

/** What the state needs from the key store (src/state/live/api-keys.svelte.ts). */
export interface KeySource {
  get(provider: string): string | undefined;
  set(provider: string, key: string, options?: { remember?: boolean }): void;
}

export interface ExactTokensOptions {
  /** Where each variant's count endpoint lives (default: the model's base URL; tests point at a local stand-in). */
  baseUrl?: (variant: ApiVariant) => string;
  fetch?: typeof fetch;
}

/** Providers with a count endpoint and the API it belongs to. */
const COUNTED: Record<string, ExactCountApi> = { anthropic: 'anthropic-messages', google: 'google-generative-ai' };

const IDLE: ExactCountEntry = { status: 'idle' };

function countedInput(result: EncodeResult | undefined): { tools: unknown[]; betas: string[]; text: string } | undefined {
  if (!result?.ok) return undefined;
  const body = result.wireBody !== undefined ? result.wireBody : result.body;
  const at = toolsPointer(body);
  const tools = at === undefined ? undefined : valueAt(body, at);
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const betas = (result.body as { betas?: unknown }).betas;
  return { tools, betas: Array.isArray(betas) ? betas.filter((b): b is string => typeof b === 'string') : [], text: JSON.stringify(tools) };
}

export class ExactTokensState {
  #entries = $state.raw<Record<string, ExactCountEntry>>({});

  constructor(
    private readonly keys: KeySource,
    private readonly options: ExactTokensOptions = {},
  ) {}

  /** Whether this variant's provider offers a count endpoint the page can call with a key. */
  supports(variant: ApiVariant): boolean {
    return COUNTED[variant.model.provider] === variant.api;
  }

  /** The key store's name for the variant's provider (`anthropic`, `google`). */
  providerOf(variant: ApiVariant): string {
    return variant.model.provider;
  }

  hasKey(variant: ApiVariant): boolean {
    return !!this.keys.get(this.providerOf(variant));
  }

  /** Keeps a key for the exact count in memory (the key store's default; never saved anywhere else). */
  setKey(variant: ApiVariant, key: string): void {
    this.keys.set(this.providerOf(variant), key);
  }

  entry(variantKey: string): ExactCountEntry {
    return this.#entries[variantKey] ?? IDLE;
  }

  /** Whether a figure shown for this variant was counted for another tool list than `result` holds now. */
  isStale(variantKey: string, result: EncodeResult | undefined): boolean {
    const entry = this.entry(variantKey);
    return entry.status === 'ready' && entry.countedText !== countedInput(result)?.text;
  }

  /** Asks the provider for the exact figure of the tool list in `result`. Resolves when it is shown. */
  async count(variant: ApiVariant, result: EncodeResult | undefined): Promise<void> {
    const api = COUNTED[variant.model.provider];
    const input = countedInput(result);
    const key = this.keys.get(this.providerOf(variant));
    if (api !== variant.api || !input || !key) return;
    this.#set(variant.key, { status: 'counting' });
    // Loaded on the first request: a count is only ever asked for, never needed for the first view.
    const { countToolTokensExactly } = await import('../../ai/tokens/exact-count/index.ts');
    const outcome = await countToolTokensExactly({
      api, modelId: variant.model.id, baseUrl: this.options.baseUrl?.(variant) ?? variant.model.baseUrl,
      tools: input.tools, betas: input.betas, key, fetch: this.options.fetch,
    });
    this.#set(variant.key, outcome.ok
      ? { status: 'ready', tools: outcome.tools, withTools: outcome.withTools, withoutTools: outcome.withoutTools, countedText: input.text }
      : { status: 'failed', error: outcome.error });
  }

  #set(key: string, entry: ExactCountEntry): void {
    this.#entries = { ...this.#entries, [key]: entry };
  }
}

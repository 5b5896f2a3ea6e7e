// Request encoders for the OpenAI Responses family as pi-ai 0.85.1 builds them: `openai-responses`,
// `azure-openai-responses` (deployment name as model, strict on by default) and `openai-codex-responses`
// (ChatGPT backend: instructions instead of a system item, `strict: null`, parallel tool calls).
import type { Context, Model } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { encodeResponsesInput, encodeResponsesTools } from './openai-responses-input.ts';
import { grammarInputProperties } from './shared/constrained-sampling.ts';
import { splitDeferredTools } from './shared/deferred-tools.ts';
import { joinUrl, mergeHeaders, redactKey } from './shared/headers.ts';
import { baseMaxTokens, effectiveReasoning, mergedSamplingParams } from './shared/request-options.ts';
import { clampCodePoints } from './shared/text.ts';

type Json = Record<string, any>;

// OpenAI rejects max_output_tokens below 16.
const MIN_OUTPUT_TOKENS = 16;
const OPENAI_CALL_ID_PROVIDERS = new Set(['openai', 'openai-codex', 'opencode']);
const AZURE_CALL_ID_PROVIDERS = new Set(['openai', 'openai-codex', 'opencode', 'azure-openai-responses']);

const compatFlag = (model: Model, key: string): unknown => (model.compat as Json | undefined)?.[key];

function deferredMode(model: Model): 'additional-tools' | 'tool-search' | undefined {
  return compatFlag(model, 'supportsAdditionalTools') ? 'additional-tools' : compatFlag(model, 'supportsToolSearch') ? 'tool-search' : undefined;
}

/** Reasoning for responses/azure: an effort when asked, else the model's "off" effort (or "none"). */
function applyReasoning(params: Json, model: Model, effort: string | undefined, skipOff: boolean): void {
  if (!model.reasoning) return;
  const map = (model.thinkingLevelMap ?? {}) as Record<string, string | null | undefined>;
  if (effort) {
    params.reasoning = { effort: map[effort] ?? effort, summary: 'auto' };
    params.include = ['reasoning.encrypted_content'];
  } else if (!skipOff && map.off !== null) {
    params.reasoning = { effort: map.off ?? 'none' };
  }
}

export function encodeOpenAIResponses(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const compat = {
    supportsLongCacheRetention: (compatFlag(model, 'supportsLongCacheRetention') as boolean | undefined) ?? true,
    supportsStrictMode: (compatFlag(model, 'supportsStrictMode') as boolean | undefined) ?? false,
    supportsOpenAIGrammarTools: (compatFlag(model, 'supportsOpenAIGrammarTools') as boolean | undefined) ?? false,
    explicitCache: (compatFlag(model, 'supportsExplicitPromptCacheMode') as boolean | undefined) ?? false,
    supportsMaxOutputTokens: (compatFlag(model, 'supportsMaxOutputTokens') as boolean | undefined) ?? true,
  };
  const grammar = grammarInputProperties(context.tools, compat.supportsOpenAIGrammarTools);
  const mode = deferredMode(model);
  const placement = splitDeferredTools(context, mode !== undefined);
  const toolOptions = { supportsStrictMode: compat.supportsStrictMode, supportsOpenAIGrammarTools: compat.supportsOpenAIGrammarTools };
  const input = encodeResponsesInput(model, context, OPENAI_CALL_ID_PROVIDERS, { grammar, deferredTools: placement.deferred, deferredToolsMode: mode, toolOptions });
  const retention = options.cacheRetention || 'short';
  const longCache = retention === 'long' && compat.supportsLongCacheRetention;
  const params: Json = {
    model: model.id,
    input,
    stream: true,
    prompt_cache_key: retention === 'none' ? undefined : clampCodePoints(options.sessionId, 64),
    prompt_cache_retention: longCache && !compat.explicitCache ? '24h' : undefined,
    prompt_cache_options: !compat.explicitCache ? undefined : retention === 'none' ? { mode: 'explicit' } : longCache ? { ttl: '30m' } : undefined,
    store: false,
  };
  const maxTokens = baseMaxTokens(model, context, options.maxTokens);
  if (maxTokens && compat.supportsMaxOutputTokens) params.max_output_tokens = Math.max(maxTokens, MIN_OUTPUT_TOKENS);
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (placement.immediate.length > 0) params.tools = encodeResponsesTools(placement.immediate, toolOptions);
  if (options.toolChoice !== undefined) params.tool_choice = options.toolChoice;
  // Copilot has no "off" effort, so nothing is sent when reasoning is not asked for.
  applyReasoning(params, model, effectiveReasoning(model, options.reasoning), model.provider === 'github-copilot');
  if (model.reasoning && model.provider === 'xai') params.include = ['reasoning.encrypted_content'];
  const sampling = mergedSamplingParams(model, options.samplingParams);
  if (sampling) Object.assign(params, sampling);

  const sessionId = retention === 'none' ? undefined : options.sessionId;
  const affinity = (compatFlag(model, 'sessionAffinityFormat') as string | undefined)
    ?? (model.provider === 'openrouter' || model.baseUrl.includes('openrouter.ai') ? 'openrouter' : 'openai');
  const session: Record<string, string> = {};
  if (sessionId) {
    if (affinity === 'openrouter') session['x-session-id'] = sessionId;
    else {
      if (affinity === 'openai') session.session_id = sessionId;
      session['x-client-request-id'] = sessionId;
    }
  }
  const headers = mergeHeaders({ Authorization: `Bearer ${redactKey(options.apiKey)}`, 'Content-Type': 'application/json' }, model.headers, session, options.headers as Record<string, string | null> | undefined);
  return { body: params, url: joinUrl(model.baseUrl, 'responses'), headers };
}

/** The Azure endpoint pi's AzureOpenAI client targets: `<resource>/openai/v1/responses?api-version=v1`. */
function azureUrl(baseUrl: string): string {
  let base = baseUrl.trim().replace(/\/+$/, '');
  try {
    const url = new URL(base);
    const path = url.pathname.replace(/\/+$/, '');
    const azureHost = /\.(openai\.azure\.com|cognitiveservices\.azure\.com|ai\.azure\.com)$/.test(url.hostname);
    if (azureHost && ['', '/', '/openai', '/openai/v1/responses'].includes(path)) {
      url.pathname = '/openai/v1';
      url.search = '';
    }
    base = url.toString().replace(/\/+$/, '');
  } catch {
    // An unparsable base URL: shown as given (pi would fail at request time).
  }
  return `${base}/responses?api-version=v1`;
}

export function encodeAzureOpenAIResponses(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const supportsGrammar = (compatFlag(model, 'supportsOpenAIGrammarTools') as boolean | undefined) ?? false;
  const grammar = grammarInputProperties(context.tools, supportsGrammar);
  const params: Json = {
    model: model.id,
    input: encodeResponsesInput(model, context, AZURE_CALL_ID_PROVIDERS, { grammar }),
    stream: true,
    prompt_cache_key: clampCodePoints(options.sessionId, 64),
    store: false,
  };
  const maxTokens = baseMaxTokens(model, context, options.maxTokens);
  if (maxTokens) params.max_output_tokens = Math.max(maxTokens, MIN_OUTPUT_TOKENS);
  if (options.temperature !== undefined) params.temperature = options.temperature;
  // Azure keeps every tool (no de-duplication) and defaults strict mode to supported.
  if (context.tools && context.tools.length > 0) {
    params.tools = encodeResponsesTools(context.tools, {
      supportsStrictMode: (compatFlag(model, 'supportsStrictMode') as boolean | undefined) ?? true,
      supportsOpenAIGrammarTools: supportsGrammar,
    });
  }
  if (options.toolChoice !== undefined) params.tool_choice = options.toolChoice;
  applyReasoning(params, model, effectiveReasoning(model, options.reasoning), false);
  const sampling = mergedSamplingParams(model, options.samplingParams);
  if (sampling) Object.assign(params, sampling);
  const headers = mergeHeaders({ 'api-key': redactKey(options.apiKey), 'Content-Type': 'application/json' }, model.headers, options.headers as Record<string, string | null> | undefined);
  return { body: params, url: azureUrl(model.baseUrl), headers };
}

function codexUrl(baseUrl: string): string {
  const raw = baseUrl && baseUrl.trim().length > 0 ? baseUrl : 'https://chatgpt.com/backend-api';
  const base = raw.replace(/\/+$/, '');
  if (base.endsWith('/codex/responses')) return base;
  return base.endsWith('/codex') ? `${base}/responses` : `${base}/codex/responses`;
}

/** The ChatGPT account id inside a Codex OAuth token (a JWT), when there is one. */
function codexAccountId(token: string | undefined): string | undefined {
  const part = (token ?? '').split('.')[1];
  // Not a JWT at all (the panel's placeholder key): answered without the cost of a thrown error.
  if (part === undefined) return undefined;
  try {
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    const id = payload?.['https://api.openai.com/auth']?.chatgpt_account_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function encodeOpenAICodexResponses(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const supportsStrictMode = (compatFlag(model, 'supportsStrictMode') as boolean | undefined) ?? true;
  const supportsGrammar = (compatFlag(model, 'supportsOpenAIGrammarTools') as boolean | undefined) ?? false;
  const grammar = grammarInputProperties(context.tools, supportsGrammar);
  const mode = deferredMode(model);
  const placement = splitDeferredTools(context, mode !== undefined);
  const toolOptions = { strict: null, supportsStrictMode, supportsOpenAIGrammarTools: supportsGrammar } as const;
  const sessionId = clampCodePoints(options.cacheRetention === 'none' ? undefined : options.sessionId, 64);
  const body: Json = {
    model: model.id,
    store: false,
    stream: true,
    instructions: context.systemPrompt || 'You are a helpful assistant.',
    input: encodeResponsesInput(model, context, OPENAI_CALL_ID_PROVIDERS, { includeSystemPrompt: false, grammar, deferredTools: placement.deferred, deferredToolsMode: mode, toolOptions }),
    text: { verbosity: 'low' },
    include: ['reasoning.encrypted_content'],
    prompt_cache_key: sessionId,
    tool_choice: options.toolChoice ?? 'auto',
    parallel_tool_calls: true,
  };
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (placement.immediate.length > 0) body.tools = encodeResponsesTools(placement.immediate, toolOptions);
  const effort = effectiveReasoning(model, options.reasoning);
  if (effort !== undefined) {
    const mapped = (model.thinkingLevelMap as Record<string, string | null | undefined> | undefined)?.[effort] ?? effort;
    if (mapped !== null) body.reasoning = { effort: mapped, summary: 'auto' };
  }
  const headers = mergeHeaders(model.headers, options.headers as Record<string, string | null> | undefined, {
    Authorization: `Bearer ${redactKey(options.apiKey)}`,
    'chatgpt-account-id': codexAccountId(options.apiKey) ?? '<from the token>',
    originator: 'pi',
    'OpenAI-Beta': 'responses=experimental',
    accept: 'text/event-stream',
    'content-type': 'application/json',
    ...(sessionId ? { 'session-id': sessionId, 'x-client-request-id': sessionId } : {}),
  });
  return { body, url: codexUrl(model.baseUrl), headers };
}

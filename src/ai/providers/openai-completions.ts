// Request encoder for `openai-completions` (OpenAI Chat Completions and the many servers that copy it),
// building the same params object pi-ai 0.85.1 passes to `onPayload`: messages, tools with `strict`,
// token ceilings, prompt caching, and the per-server reasoning switches.
import type { Context, Message, Model, Tool } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { completionsCompat, type CompletionsCompat } from './openai-completions-compat.ts';
import { applyAnthropicCacheMarkers, convertCompletionsMessages } from './openai-completions-messages.ts';
import { grammarInputProperties, planJsonSchemaTool, resolveGrammar } from './shared/constrained-sampling.ts';
import { joinUrl, mergeHeaders, redactKey } from './shared/headers.ts';
import { perTool } from './shared/per-tool.ts';
import { baseMaxTokens, effectiveReasoning, fitBudgetUnderCeiling, mergedSamplingParams, thinkingBudgetFor } from './shared/request-options.ts';
import { clampCodePoints } from './shared/text.ts';

type Json = Record<string, any>;

function hasToolHistory(messages: Message[]): boolean {
  return messages.some((m) => m.role === 'toolResult' || (m.role === 'assistant' && m.content.some((b) => b.type === 'toolCall')));
}

/** Each tool's entry, built once per tool revision and flavour (per-tool.ts): read-only, shared between bodies. */
export function encodeCompletionsTools(tools: Tool[], compat: CompletionsCompat): Json[] {
  const purpose = `completions:${compat.supportsOpenAIGrammarTools}:${compat.supportsStrictMode !== false}`;
  return tools.map((tool) => perTool(tool, purpose, () => encodeCompletionsTool(tool, compat)));
}

function encodeCompletionsTool(tool: Tool, compat: CompletionsCompat): Json {
  const grammar = resolveGrammar(tool, compat.supportsOpenAIGrammarTools);
  if (grammar) {
    return {
      type: 'custom',
      custom: {
        name: tool.name,
        description: tool.description,
        format: { type: 'grammar', grammar: { syntax: grammar.format, definition: grammar.definition } },
      },
    };
  }
  const plan = planJsonSchemaTool(tool, compat.supportsStrictMode !== false);
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: plan.parameters,
      // Servers without strict mode reject the unknown key, so it is left out entirely there.
      ...(compat.supportsStrictMode !== false && { strict: plan.strict ?? false }),
    },
  };
}

/** Resolves a chat-template kwarg: literals pass, `{$var}` references read the thinking state. */
function templateValue(model: Model, effort: string | undefined, value: unknown, budget: number | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const ref = value as { $var?: string; omitWhenOff?: boolean };
  if (!effort && ref.omitWhenOff) return undefined;
  if (ref.$var === 'thinking.enabled') return !!effort;
  if (ref.$var === 'thinking.budget') return budget;
  const mapped = effort ? model.thinkingLevelMap?.[effort as keyof typeof model.thinkingLevelMap] : model.thinkingLevelMap?.off;
  return mapped === undefined ? effort : typeof mapped === 'string' ? mapped : undefined;
}

function templateValues(model: Model, effort: string | undefined, values: Record<string, unknown>, budget: number | undefined): Json | undefined {
  const out: Json = {};
  for (const [key, value] of Object.entries(values)) {
    const resolved = templateValue(model, effort, value, budget);
    if (resolved !== undefined) out[key] = resolved;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Each server family spells "think, this hard" differently; pi's branches, in pi's order. */
function applyReasoning(params: Json, model: Model, compat: CompletionsCompat, effort: string | undefined, budget: number | undefined): void {
  const map = (model.thinkingLevelMap ?? {}) as Record<string, string | null | undefined>;
  const mappedOr = (level: string) => map[level] ?? level;
  const format = compat.thinkingFormat;
  if (format === 'zai' && model.reasoning) {
    params.thinking = effort ? { type: 'enabled', clear_thinking: false } : { type: 'disabled' };
    if (effort && compat.supportsReasoningEffort) {
      const value = map[effort] === undefined ? effort : map[effort];
      if (typeof value === 'string') params.reasoning_effort = value;
    }
  } else if (format === 'qwen' && model.reasoning) {
    params.enable_thinking = !!effort;
    if (effort && compat.supportsReasoningEffort && typeof mappedOr(effort) === 'string') params.reasoning_effort = mappedOr(effort);
  } else if (format === 'qwen-chat-template' && model.reasoning) {
    params.chat_template_kwargs = { enable_thinking: !!effort, preserve_thinking: true };
  } else if (format === 'chat-template' && model.reasoning) {
    const kwargs = templateValues(model, effort, compat.chatTemplateKwargs, budget);
    if (kwargs) params.chat_template_kwargs = kwargs;
  } else if (format === 'baseten' && model.reasoning) {
    const args = templateValues(model, effort, compat.chatTemplateArgs, budget);
    if (args) params.chat_template_args = args;
    if (compat.supportsReasoningEffort) {
      const mapped = effort ? map[effort] : map.off;
      const value = mapped === undefined ? effort : mapped;
      if (typeof value === 'string') params.reasoning_effort = value;
    }
  } else if (format === 'deepseek' && model.reasoning) {
    if (effort) params.thinking = { type: 'enabled' };
    else if (map.off !== null) params.thinking = { type: 'disabled' };
    if (effort && compat.supportsReasoningEffort) params.reasoning_effort = mappedOr(effort);
  } else if (format === 'openrouter' && model.reasoning) {
    if (effort) params.reasoning = { effort: mappedOr(effort) };
    else if (map.off !== null) params.reasoning = { effort: map.off ?? 'none' };
  } else if (format === 'ant-ling' && model.reasoning && effort) {
    if (typeof map[effort] === 'string') params.reasoning = { effort: map[effort] };
  } else if (format === 'together' && model.reasoning) {
    params.reasoning = { enabled: !!effort };
    if (effort && compat.supportsReasoningEffort) params.reasoning_effort = mappedOr(effort);
  } else if (format === 'string-thinking' && model.reasoning) {
    if (effort) params.thinking = mappedOr(effort);
    else if (map.off !== null) params.thinking = map.off ?? 'none';
  } else if (effort && model.reasoning && compat.supportsReasoningEffort) {
    params.reasoning_effort = mappedOr(effort);
  } else if (!effort && model.reasoning && compat.supportsReasoningEffort && typeof map.off === 'string') {
    params.reasoning_effort = map.off;
  }
}

export function encodeOpenAICompletions(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const compat = completionsCompat(model);
  const grammar = grammarInputProperties(context.tools, compat.supportsOpenAIGrammarTools);
  const cacheRetention = options.cacheRetention || 'short';
  const maxTokens = baseMaxTokens(model, context, options.maxTokens);
  const effort = effectiveReasoning(model, options.reasoning);
  const convertTools = (tools: Tool[]) => encodeCompletionsTools(tools, compat);
  const messages = convertCompletionsMessages(model, context, compat, grammar, convertTools);
  const cacheControl = compat.cacheControlFormat === 'anthropic' && cacheRetention !== 'none'
    ? { type: 'ephemeral' as const, ...(cacheRetention === 'long' && compat.supportsLongCacheRetention ? { ttl: '1h' } : {}) }
    : undefined;
  const promptCache = (model.baseUrl.includes('api.openai.com') && cacheRetention !== 'none') || (cacheRetention === 'long' && compat.supportsLongCacheRetention);
  const params: Json = {
    model: model.id,
    messages,
    stream: true,
    prompt_cache_key: promptCache ? clampCodePoints(options.sessionId, 64) : undefined,
    prompt_cache_retention: cacheRetention === 'long' && compat.supportsLongCacheRetention ? '24h' : undefined,
  };
  if (compat.supportsUsageInStreaming !== false) params.stream_options = { include_usage: true };
  if (compat.supportsStore) params.store = false;
  if (maxTokens) params[compat.maxTokensField === 'max_tokens' ? 'max_tokens' : 'max_completion_tokens'] = maxTokens;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  // Kimi loads tools announced by a tool result later, in the transcript, instead of up front.
  const deferred = new Set<string>();
  if (compat.deferredToolsMode === 'kimi') {
    for (const m of context.messages) if (m.role === 'toolResult') for (const n of m.addedToolNames ?? []) deferred.add(n);
  }
  const active = context.tools?.filter((t) => !deferred.has(t.name));
  if (active && active.length > 0) {
    params.tools = convertTools(active);
    if (compat.zaiToolStream) params.tool_stream = true;
  } else if (hasToolHistory(context.messages)) {
    // Anthropic behind LiteLLM-style proxies insists on `tools` once the history has tool traffic.
    params.tools = [];
  }
  if (cacheControl) applyAnthropicCacheMarkers(messages, params.tools, cacheControl);
  if (options.toolChoice) params.tool_choice = options.toolChoice;
  if (compat.vllmPriority !== undefined) params.priority = compat.vllmPriority;
  const budgetField = compat.thinkingTokenBudgetField || (compat.supportsThinkingTokenBudget ? 'thinking_token_budget' : undefined);
  let budget: number | undefined;
  if (effort && model.reasoning) {
    const ceiling = params.max_tokens ?? params.max_completion_tokens ?? model.maxTokens;
    const fitted = fitBudgetUnderCeiling(thinkingBudgetFor(effort, options.thinkingBudgets), ceiling);
    budget = fitted > 0 ? fitted : undefined;
  }
  applyReasoning(params, model, compat, effort, budget);
  if (budgetField && budget !== undefined) params[budgetField] = budget;
  const routing = model.compat?.openRouterRouting;
  if (routing) params.provider = routing;
  const gateway = model.compat?.vercelGatewayRouting as { only?: unknown; order?: unknown } | undefined;
  if (gateway && (gateway.only || gateway.order)) {
    params.providerOptions = { gateway: { ...(gateway.only ? { only: gateway.only } : {}), ...(gateway.order ? { order: gateway.order } : {}) } };
  }
  // Last, so custom keys override the named fields.
  const sampling = mergedSamplingParams(model, options.samplingParams);
  if (sampling) Object.assign(params, sampling);
  return { body: params, url: joinUrl(model.baseUrl, 'chat/completions'), headers: completionsHeaders(model, context, options, compat, cacheRetention) };
}

function completionsHeaders(model: Model, context: Context, options: EncodeOptions, compat: CompletionsCompat, cacheRetention: string): Record<string, string> {
  const extra: Record<string, string> = {};
  if (model.provider === 'github-copilot') {
    const last = context.messages[context.messages.length - 1];
    extra['X-Initiator'] = last && last.role !== 'user' ? 'agent' : 'user';
    extra['Openai-Intent'] = 'conversation-edits';
    const hasImages = context.messages.some((m) => (m.role === 'user' || m.role === 'toolResult') && Array.isArray(m.content) && m.content.some((c) => c.type === 'image'));
    if (hasImages) extra['Copilot-Vision-Request'] = 'true';
  }
  const sessionId = cacheRetention === 'none' ? undefined : options.sessionId;
  if (sessionId && compat.sendSessionAffinityHeaders) {
    if (compat.sessionAffinityFormat === 'openrouter') extra['x-session-id'] = sessionId;
    else {
      if (compat.sessionAffinityFormat === 'openai') extra.session_id = sessionId;
      extra['x-client-request-id'] = sessionId;
      extra['x-session-affinity'] = sessionId;
    }
  }
  return mergeHeaders(
    { Authorization: `Bearer ${redactKey(options.apiKey)}`, 'Content-Type': 'application/json' },
    model.headers, extra, options.headers as Record<string, string | null> | undefined,
  );
}

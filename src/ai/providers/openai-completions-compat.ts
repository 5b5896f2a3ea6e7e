// Which dialect of OpenAI Chat Completions a model speaks, detected from its provider id and base URL and
// then overridden by `model.compat`, as pi-ai 0.85.1 does. Every difference in the request body between
// OpenAI, OpenRouter, Moonshot, DeepSeek, z.ai, ... comes from one of these switches.
import type { Model } from '../types.ts';

export type ThinkingFormat =
  | 'openai' | 'openrouter' | 'deepseek' | 'zai' | 'qwen' | 'qwen-chat-template' | 'chat-template' | 'baseten'
  | 'ant-ling' | 'together' | 'string-thinking';

/** A chat-template value: a literal, or a reference resolved from the thinking level. */
export type TemplateValue = unknown;

export interface CompletionsCompat {
  supportsStore: boolean;
  supportsDeveloperRole: boolean;
  supportsReasoningEffort: boolean;
  supportsUsageInStreaming: boolean;
  supportsFinishReason: boolean;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  requiresToolResultName: boolean;
  requiresAssistantAfterToolResult: boolean;
  requiresThinkingAsText: boolean;
  requiresReasoningContentOnAssistantMessages: boolean;
  thinkingFormat: ThinkingFormat;
  openRouterRouting: Record<string, unknown>;
  vercelGatewayRouting: { only?: unknown; order?: unknown };
  chatTemplateKwargs: Record<string, TemplateValue>;
  chatTemplateArgs: Record<string, TemplateValue>;
  zaiToolStream: boolean;
  supportsThinkingTokenBudget: boolean;
  thinkingTokenBudgetField: string | undefined;
  supportsStrictMode: boolean;
  supportsOpenAIGrammarTools: boolean;
  cacheControlFormat: 'anthropic' | undefined;
  sendSessionAffinityHeaders: boolean;
  deferredToolsMode: 'kimi' | undefined;
  sessionAffinityFormat: 'openai' | 'openrouter' | string;
  supportsLongCacheRetention: boolean;
  vllmPriority?: unknown;
}

function detectCompat(model: Model): CompletionsCompat {
  const { provider, baseUrl } = model;
  const isZai = provider === 'zai' || provider === 'zai-coding-cn' || baseUrl.includes('api.z.ai') || baseUrl.includes('open.bigmodel.cn');
  const isTogether = provider === 'together' || baseUrl.includes('api.together.ai') || baseUrl.includes('api.together.xyz');
  const isMoonshot = provider === 'moonshotai' || provider === 'moonshotai-cn' || baseUrl.includes('api.moonshot.');
  const isOpenRouter = provider === 'openrouter' || baseUrl.includes('openrouter.ai');
  const isWorkersAI = provider === 'cloudflare-workers-ai' || baseUrl.includes('api.cloudflare.com');
  const isAiGateway = provider === 'cloudflare-ai-gateway' || baseUrl.includes('gateway.ai.cloudflare.com');
  const isNvidia = provider === 'nvidia' || baseUrl.includes('integrate.api.nvidia.com');
  const isAntLing = provider === 'ant-ling' || baseUrl.includes('api.ant-ling.com');
  const isDeepSeek = provider === 'deepseek' || baseUrl.toLowerCase().includes('deepseek.com');
  const isGrok = provider === 'xai' || baseUrl.includes('api.x.ai');
  // "Non-standard" servers reject `store` and the developer role.
  const isNonStandard = isNvidia || provider === 'cerebras' || baseUrl.includes('cerebras.ai') || isGrok || isTogether
    || baseUrl.includes('chutes.ai') || isDeepSeek || isZai || isMoonshot || provider === 'opencode'
    || baseUrl.includes('opencode.ai') || isWorkersAI || isAiGateway || isAntLing;
  const useMaxTokens = baseUrl.includes('chutes.ai') || isDeepSeek || isMoonshot || isAiGateway || isTogether || isNvidia || isAntLing || isZai;
  const openRouterDeveloperRole = isOpenRouter && (model.id.startsWith('anthropic/') || model.id.startsWith('openai/'));
  const thinkingFormat: ThinkingFormat = isDeepSeek ? 'deepseek' : isZai ? 'zai' : isTogether ? 'together'
    : isAntLing ? 'ant-ling' : isOpenRouter ? 'openrouter' : 'openai';
  return {
    supportsStore: !isNonStandard,
    supportsDeveloperRole: openRouterDeveloperRole || (!isNonStandard && !isOpenRouter),
    supportsReasoningEffort: !isGrok && !isZai && !isMoonshot && !isTogether && !isAiGateway && !isNvidia && !isAntLing,
    supportsUsageInStreaming: true,
    supportsFinishReason: true,
    maxTokensField: useMaxTokens ? 'max_tokens' : 'max_completion_tokens',
    requiresToolResultName: false,
    requiresAssistantAfterToolResult: false,
    requiresThinkingAsText: false,
    requiresReasoningContentOnAssistantMessages: isDeepSeek,
    thinkingFormat,
    openRouterRouting: {},
    vercelGatewayRouting: {},
    chatTemplateKwargs: {},
    chatTemplateArgs: {},
    zaiToolStream: false,
    supportsThinkingTokenBudget: false,
    thinkingTokenBudgetField: undefined,
    supportsStrictMode: !isMoonshot && !isTogether && !isAiGateway && !isNvidia,
    supportsOpenAIGrammarTools: false,
    // Anthropic models behind OpenRouter take Anthropic-style cache_control markers.
    cacheControlFormat: provider === 'openrouter' && model.id.startsWith('anthropic/') ? 'anthropic' : undefined,
    sendSessionAffinityHeaders: false,
    deferredToolsMode: undefined,
    sessionAffinityFormat: isOpenRouter ? 'openrouter' : 'openai',
    supportsLongCacheRetention: !(isTogether || isWorkersAI || isAiGateway || isNvidia || isAntLing),
  };
}

/** Detected settings with every explicit `model.compat` entry taking precedence. */
export function completionsCompat(model: Model): CompletionsCompat {
  const detected = detectCompat(model);
  const explicit = model.compat as Partial<CompletionsCompat> | undefined;
  if (!explicit) return detected;
  const merged = { ...detected } as Record<string, unknown>;
  for (const key of Object.keys(detected) as (keyof CompletionsCompat)[]) {
    if (explicit[key] !== undefined && explicit[key] !== null) merged[key] = explicit[key];
  }
  // pi never falls back to the detected routing for OpenRouter, and takes vLLM priority only from compat.
  merged.openRouterRouting = explicit.openRouterRouting ?? {};
  merged.vllmPriority = explicit.vllmPriority;
  return merged as unknown as CompletionsCompat;
}

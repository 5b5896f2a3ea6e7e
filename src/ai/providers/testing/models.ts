// Test-only model definitions (from pi's 0.85.1 catalog, or hand-made where a branch needs one) that reach
// the encoder branches the default variants do not: adaptive and managed-effort Claude, Gemini 3 and Gemma
// thinking levels, DeepSeek/z.ai/OpenRouter reasoning switches, Kimi deferred tools, Copilot, Nova, ...
import type { Model } from '../../types.ts';

const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const m = (fields: Partial<Model> & Pick<Model, 'id' | 'api' | 'provider' | 'baseUrl'>): Model => ({
  name: fields.id, reasoning: true, input: ['text', 'image'], cost: zero, contextWindow: 200000, maxTokens: 32000, ...fields,
});

export const EXTRA_MODELS: Model[] = [
  m({ id: 'claude-fable-5', api: 'anthropic-messages', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', contextWindow: 1000000, maxTokens: 128000, thinkingLevelMap: { off: null, xhigh: 'xhigh', max: 'max' }, compat: { forceAdaptiveThinking: true, supportsStrictTools: true, allowedFallbackModels: [{ provider: 'anthropic', model: 'claude-opus-4-8', cost: zero }] } }),
  m({ id: 'claude-opus-5', api: 'anthropic-messages', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', contextWindow: 1000000, maxTokens: 128000, thinkingLevelMap: { off: null, xhigh: 'xhigh', max: 'max' }, compat: { supportsMidConvoEffort: true, forceAdaptiveThinking: true, supportsTemperature: false, supportsStrictTools: true } }),
  m({ id: 'claude-haiku-4-5', api: 'anthropic-messages', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', maxTokens: 64000 }),
  m({ id: 'kimi-for-coding', api: 'anthropic-messages', provider: 'kimi-coding', baseUrl: 'https://api.kimi.com/coding', contextWindow: 262144, compat: { allowEmptySignature: true, forceAdaptiveThinking: true } }),
  m({ id: 'deepseek-v4-flash', api: 'openai-completions', provider: 'deepseek', baseUrl: 'https://api.deepseek.com', input: ['text'], contextWindow: 1000000, maxTokens: 384000, compat: { supportsStore: false, supportsDeveloperRole: false, maxTokensField: 'max_tokens', requiresReasoningContentOnAssistantMessages: true, thinkingFormat: 'deepseek' }, thinkingLevelMap: { minimal: null, low: 'low', medium: null, high: 'high', max: 'max' } }),
  m({ id: 'glm-4.7', api: 'openai-completions', provider: 'zai', baseUrl: 'https://api.z.ai/api/coding/paas/v4', input: ['text'], contextWindow: 204800, maxTokens: 131072, compat: { supportsStore: false, supportsDeveloperRole: false, supportsReasoningEffort: false, maxTokensField: 'max_tokens', thinkingFormat: 'zai', zaiToolStream: true } }),
  m({ id: 'openai/gpt-5.1', api: 'openai-completions', provider: 'openrouter', baseUrl: 'https://openrouter.ai/api/v1', contextWindow: 400000, maxTokens: 128000, thinkingLevelMap: { off: 'none', minimal: null, low: 'low', medium: 'medium', high: 'high', xhigh: null, max: null }, compat: { thinkingFormat: 'openrouter', openRouterRouting: { order: ['openai'] } } }),
  m({ id: 'openai/gpt-oss-120b', api: 'openai-completions', provider: 'groq', baseUrl: 'https://api.groq.com/openai/v1', input: ['text'], contextWindow: 131072, maxTokens: 65536, thinkingLevelMap: { off: null, minimal: null, low: 'low', medium: 'medium', high: 'high', xhigh: null, max: null } }),
  m({ id: 'gemini-3.5-flash', api: 'openai-completions', provider: 'github-copilot', baseUrl: 'https://api.individual.githubcopilot.com', maxTokens: 64000, headers: { 'Editor-Version': 'vscode/1.107.0' }, compat: { supportsStore: false, supportsDeveloperRole: false, supportsReasoningEffort: false } }),
  m({ id: 'kimi-k2-thinking', api: 'openai-completions', provider: 'kimi-local', baseUrl: 'http://localhost:9000/v1', compat: { deferredToolsMode: 'kimi', requiresToolResultName: true, requiresAssistantAfterToolResult: true, requiresThinkingAsText: true, thinkingFormat: 'qwen', supportsThinkingTokenBudget: true } }),
  m({ id: 'qwen3-local', api: 'openai-completions', provider: 'vllm', baseUrl: 'http://localhost:8000/v1', compat: { thinkingFormat: 'chat-template', chatTemplateKwargs: { enable_thinking: { $var: 'thinking.enabled' }, budget: { $var: 'thinking.budget', omitWhenOff: true }, effort: { $var: 'thinking.effort' } }, vllmPriority: 5, supportsOpenAIGrammarTools: true } }),
  m({ id: 'gpt-5.1', api: 'openai-responses', provider: 'openai', baseUrl: 'https://api.openai.com/v1', contextWindow: 400000, maxTokens: 128000, thinkingLevelMap: { off: 'none', minimal: null }, compat: { supportsAdditionalTools: true, supportsStrictMode: true, supportsExplicitPromptCacheMode: true } }),
  m({ id: 'grok-4.5', api: 'openai-responses', provider: 'xai', baseUrl: 'https://api.x.ai/v1', compat: { supportsMaxOutputTokens: false } }),
  m({ id: 'gpt-5.1-codex', api: 'openai-codex-responses', provider: 'openai-codex', baseUrl: 'https://chatgpt.com/backend-api/codex', compat: { supportsAdditionalTools: true, supportsStrictMode: false } }),
  m({ id: 'gemini-3-flash-preview', api: 'google-generative-ai', provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', contextWindow: 1048576, maxTokens: 65536, thinkingLevelMap: { off: null } }),
  m({ id: 'gemini-3.1-pro-preview', api: 'google-generative-ai', provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', contextWindow: 1048576, maxTokens: 65536, thinkingLevelMap: { off: null, minimal: null, low: 'LOW', medium: null, high: 'HIGH' } }),
  m({ id: 'gemma-4-31b-it', api: 'google-generative-ai', provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', contextWindow: 262144, maxTokens: 32768, thinkingLevelMap: { off: null, minimal: 'MINIMAL', low: null, medium: null, high: 'HIGH' } }),
  m({ id: 'gemini-2.5-flash-lite', api: 'google-generative-ai', provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', maxTokens: 65536 }),
  m({ id: 'gemini-3.1-pro-preview', api: 'google-vertex', provider: 'google-vertex', baseUrl: 'https://{location}-aiplatform.googleapis.com', contextWindow: 1048576, maxTokens: 65536, thinkingLevelMap: { off: null, minimal: null, low: 'LOW', medium: null, high: 'HIGH' } }),
  m({ id: 'magistral-medium-latest', api: 'mistral-conversations', provider: 'mistral', baseUrl: 'https://api.mistral.ai', input: ['text'], contextWindow: 128000, maxTokens: 16384 }),
  m({ id: 'mistral-small-latest', api: 'mistral-conversations', provider: 'mistral', baseUrl: 'https://api.mistral.ai', contextWindow: 256000, maxTokens: 256000 }),
  m({ id: 'anthropic.claude-opus-4-6-v1', api: 'bedrock-converse-stream', provider: 'amazon-bedrock', baseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com', contextWindow: 1000000, maxTokens: 128000, compat: { supportsStrictMode: true }, thinkingLevelMap: { max: 'max' } }),
  m({ id: 'amazon.nova-2-lite-v1:0', api: 'bedrock-converse-stream', provider: 'amazon-bedrock', baseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com', contextWindow: 128000, maxTokens: 4096 }),
];

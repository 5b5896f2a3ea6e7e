// The chat APIs pi-ai 0.85.1 speaks, each with a label and a representative model (taken from pi's model
// catalog where it has one), plus the variants worth teaching because the same tools look different on
// the wire: strict compat, a server without strict mode, OpenRouter cache markers, Anthropic OAuth, ...
import type { KnownApi, Model } from '../types.ts';
import type { EncodeOptions } from './types.ts';

export interface ApiVariant {
  /** Unique key: the api id for the default, `<api>--<variant>` otherwise. */
  key: string;
  api: KnownApi;
  label: string;
  /** One sentence on what this variant shows. */
  note: string;
  model: Model;
  /** Options this variant needs (e.g. an OAuth-shaped key); merged under the caller's options. */
  options?: EncodeOptions;
}

const cost = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({ input, output, cacheRead, cacheWrite });

function model(fields: Omit<Model, 'name' | 'input' | 'cost'> & Partial<Pick<Model, 'name' | 'input' | 'cost'>>): Model {
  return { name: fields.id, input: ['text', 'image'], cost: cost(0, 0), ...fields };
}

/** An OAuth-shaped placeholder: anthropic switches to Claude Code identity when the key contains `sk-ant-oat`. */
export const ANTHROPIC_OAUTH_EXAMPLE_KEY = 'sk-ant-oat01-playground-example-not-a-real-token';

export const API_VARIANTS: readonly ApiVariant[] = [
  {
    key: 'openai-completions', api: 'openai-completions', label: 'OpenAI Chat Completions',
    note: 'tools as {type:"function", function:{…, strict:false}}; results as role "tool" messages.',
    model: model({ id: 'gpt-4.1', name: 'GPT-4.1', api: 'openai-completions', provider: 'openai', baseUrl: 'https://api.openai.com/v1', reasoning: false, cost: cost(2, 8, 0.5), contextWindow: 1047576, maxTokens: 32768 }),
  },
  {
    key: 'openai-completions--strict-compat', api: 'openai-completions', label: 'Chat Completions, strict mode enabled by compat',
    note: 'Together is detected as non-strict; compat.supportsStrictMode:true turns `strict` back on.',
    model: model({ id: 'moonshotai/Kimi-K2-Instruct-0905', api: 'openai-completions', provider: 'together', baseUrl: 'https://api.together.xyz/v1', reasoning: false, input: ['text'], contextWindow: 262144, maxTokens: 32768, compat: { supportsStrictMode: true } }),
  },
  {
    key: 'openai-completions--moonshot-nostrict', api: 'openai-completions', label: 'Chat Completions on Moonshot (no strict)',
    note: 'No `strict` key at all, max_tokens instead of max_completion_tokens; "require" strict sampling fails.',
    model: model({ id: 'kimi-k2-0905-preview', name: 'Kimi K2 0905', api: 'openai-completions', provider: 'moonshotai', baseUrl: 'https://api.moonshot.ai/v1', reasoning: false, input: ['text'], cost: cost(0.6, 2.5, 0.15), contextWindow: 262144, maxTokens: 262144, compat: { supportsStore: false, supportsDeveloperRole: false, supportsReasoningEffort: false, maxTokensField: 'max_tokens', supportsStrictMode: false, thinkingFormat: 'deepseek' } }),
  },
  {
    key: 'openai-completions--openrouter-anthropic', api: 'openai-completions', label: 'Chat Completions on OpenRouter (Claude)',
    note: 'Claude behind OpenRouter takes Anthropic cache_control markers: system prompt, last tool, last message.',
    model: model({ id: 'anthropic/claude-sonnet-4.5', api: 'openai-completions', provider: 'openrouter', baseUrl: 'https://openrouter.ai/api/v1', reasoning: true, cost: cost(3, 15, 0.3, 3.75), contextWindow: 1000000, maxTokens: 64000 }),
  },
  {
    key: 'openai-responses', api: 'openai-responses', label: 'OpenAI Responses',
    note: 'Flat tools with no `strict` key unless compat enables it; ids travel as "call_id|item_id".',
    model: model({ id: 'gpt-5.1', name: 'GPT-5.1', api: 'openai-responses', provider: 'openai', baseUrl: 'https://api.openai.com/v1', reasoning: true, cost: cost(1.25, 10, 0.125), contextWindow: 400000, maxTokens: 128000, thinkingLevelMap: { off: 'none', minimal: null, low: 'low', medium: 'medium', high: 'high', xhigh: null, max: null } }),
  },
  {
    key: 'openai-responses--strict-compat', api: 'openai-responses', label: 'OpenAI Responses with strict tools (pi catalog)',
    note: 'The catalog entry enables strict mode and grammar tools: tools get strict:false, strict tools strict:true.',
    model: model({ id: 'gpt-5.1', name: 'GPT-5.1', api: 'openai-responses', provider: 'openai', baseUrl: 'https://api.openai.com/v1', reasoning: true, cost: cost(1.25, 10, 0.125), contextWindow: 400000, maxTokens: 128000, thinkingLevelMap: { off: 'none', minimal: null, low: 'low', medium: 'medium', high: 'high', xhigh: null, max: null }, compat: { supportsStrictMode: true, supportsOpenAIGrammarTools: true } }),
  },
  {
    key: 'azure-openai-responses', api: 'azure-openai-responses', label: 'Azure OpenAI Responses',
    note: 'Responses items; strict mode on by default; the deployment name is sent as the model.',
    model: model({ id: 'gpt-5.1', name: 'GPT-5.1', api: 'azure-openai-responses', provider: 'azure-openai-responses', baseUrl: 'https://my-resource.openai.azure.com/openai/v1', reasoning: true, cost: cost(1.25, 10, 0.125), contextWindow: 400000, maxTokens: 128000, thinkingLevelMap: { off: null }, compat: { supportsOpenAIGrammarTools: true } }),
  },
  {
    key: 'openai-codex-responses', api: 'openai-codex-responses', label: 'OpenAI Codex (ChatGPT backend)',
    note: 'System prompt as `instructions`, strict:null on every tool, parallel_tool_calls:true.',
    model: model({ id: 'gpt-5.4', name: 'GPT-5.4', api: 'openai-codex-responses', provider: 'openai-codex', baseUrl: 'https://chatgpt.com/backend-api', reasoning: true, cost: cost(2.5, 15, 0.25), contextWindow: 272000, maxTokens: 128000, thinkingLevelMap: { xhigh: 'xhigh', minimal: 'low' }, compat: { supportsOpenAIGrammarTools: true, supportsToolSearch: true } }),
  },
  {
    key: 'anthropic-messages', api: 'anthropic-messages', label: 'Anthropic Messages',
    note: 'input_schema rebuilt from properties/required only; cache_control on the last tool.',
    model: model({ id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5 (latest)', api: 'anthropic-messages', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', reasoning: true, cost: cost(3, 15, 0.3, 3.75), contextWindow: 1000000, maxTokens: 64000, compat: { supportsStrictTools: true } }),
  },
  {
    key: 'anthropic-messages--oauth', api: 'anthropic-messages', label: 'Anthropic Messages with an OAuth token',
    note: 'Claude Code identity: tool names mapped to Claude Code casing (read → Read), extra system block and betas.',
    model: model({ id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5 (latest)', api: 'anthropic-messages', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', reasoning: true, cost: cost(3, 15, 0.3, 3.75), contextWindow: 1000000, maxTokens: 64000, compat: { supportsStrictTools: true } }),
    options: { apiKey: ANTHROPIC_OAUTH_EXAMPLE_KEY },
  },
  {
    key: 'anthropic-messages--no-eager-streaming', api: 'anthropic-messages', label: 'Anthropic-compatible server without eager tool streaming',
    note: 'No eager_input_streaming and (cache off) no cache_control; the fine-grained tool streaming beta instead.',
    model: model({ id: 'claude-sonnet-4-5', api: 'anthropic-messages', provider: 'anthropic-proxy', baseUrl: 'https://anthropic-proxy.example.com', reasoning: true, contextWindow: 200000, maxTokens: 64000, compat: { supportsEagerToolInputStreaming: false } }),
    options: { cacheRetention: 'none' },
  },
  {
    key: 'google-generative-ai', api: 'google-generative-ai', label: 'Google Gemini API',
    note: 'One functionDeclarations entry with parametersJsonSchema; results as functionResponse parts.',
    model: model({ id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', api: 'google-generative-ai', provider: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', reasoning: true, cost: cost(0.3, 2.5, 0.03), contextWindow: 1048576, maxTokens: 65536 }),
  },
  {
    key: 'google-vertex', api: 'google-vertex', label: 'Google Vertex AI',
    note: 'The Gemini encoding on Vertex (project and location from the credentials).',
    model: model({ id: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro', api: 'google-vertex', provider: 'google-vertex', baseUrl: 'https://{location}-aiplatform.googleapis.com', reasoning: true, cost: cost(1.25, 10, 0.125), contextWindow: 1048576, maxTokens: 65536 }),
  },
  {
    key: 'mistral-conversations', api: 'mistral-conversations', label: 'Mistral',
    note: '9-character call ids, [tool error] prefixes, strict tools supported.',
    model: model({ id: 'mistral-large-latest', name: 'Mistral Large (latest)', api: 'mistral-conversations', provider: 'mistral', baseUrl: 'https://api.mistral.ai', reasoning: false, cost: cost(0.5, 1.5, 0.05), contextWindow: 262144, maxTokens: 262144 }),
  },
  {
    key: 'bedrock-converse-stream', api: 'bedrock-converse-stream', label: 'Amazon Bedrock Converse',
    note: 'toolSpec with inputSchema.json; results grouped with status success/error; cache points for Claude.',
    model: model({ id: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', name: 'Claude Sonnet 4.5 (Global)', api: 'bedrock-converse-stream', provider: 'amazon-bedrock', baseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com', reasoning: true, cost: cost(3, 15, 0.3, 3.75), contextWindow: 200000, maxTokens: 64000, compat: { supportsStrictMode: true } }),
  },
  {
    key: 'pi-messages', api: 'pi-messages', label: 'pi messages (pi\'s own protocol)',
    note: 'The pi context as-is: tools with every JSON field, results with details and usage.',
    model: model({ id: 'claude-sonnet-4-5', api: 'pi-messages', provider: 'pi-gateway', baseUrl: 'https://gateway.example.com/v1', reasoning: true, contextWindow: 200000, maxTokens: 64000 }),
  },
];

export interface KnownApiInfo {
  label: string;
  /** The representative model (the default variant's). */
  model: Model;
  variants: readonly ApiVariant[];
}

/** Every chat API pi-ai 0.85.1 has, keyed by api id. */
export const KNOWN_APIS: Readonly<Record<KnownApi, KnownApiInfo>> = Object.fromEntries(
  API_VARIANTS.filter((v) => v.key === v.api).map((v) => [v.api, { label: v.label, model: v.model, variants: API_VARIANTS.filter((x) => x.api === v.api) }]),
) as unknown as Record<KnownApi, KnownApiInfo>;

export function isKnownApi(api: string): api is KnownApi {
  return Object.prototype.hasOwnProperty.call(KNOWN_APIS, api);
}

// Request encoder for `anthropic-messages` as pi-ai 0.85.1 builds it: system blocks with cache markers,
// tools with eager input streaming and a rebuilt schema root, thinking budgets or adaptive effort, beta
// features, and the Claude Code identity pi adds when the key is an OAuth token (`sk-ant-oat…`).
import type { Context, Model, ThinkingLevel } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { encodeAnthropicMessages, encodeAnthropicTools, normalizeAnthropicId, toClaudeCodeName, type CacheControl } from './anthropic-messages-convert.ts';
import { splitDeferredTools } from './shared/deferred-tools.ts';
import { joinUrl, mergeHeaders, redactKey } from './shared/headers.ts';
import { prepareMessages } from './shared/messages.ts';
import { baseMaxTokens, clampMaxTokensToContext, maxTokensWithThinking } from './shared/request-options.ts';
import { stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;

const CLAUDE_CODE_IDENTITY = "You are Claude Code, Anthropic's official CLI for Claude.";
const CLAUDE_CODE_VERSION = '2.1.251';
const FINE_GRAINED_TOOL_STREAMING = 'fine-grained-tool-streaming-2025-05-14';
const INTERLEAVED_THINKING = 'interleaved-thinking-2025-05-14';
const SERVER_SIDE_FALLBACK = 'server-side-fallback-2026-07-01';
const MID_CONVERSATION_OUTPUT_CONFIG = 'mid-conversation-output-config-2026-07-01';
const THINKING_BINDING_CONTROLS = 'thinking-binding-controls-2026-08-01';

export const isOAuthKey = (apiKey: string | undefined) => !!apiKey && apiKey.includes('sk-ant-oat');

function anthropicCompat(model: Model) {
  const c = (model.compat ?? {}) as Json;
  return {
    eagerStreaming: c.supportsEagerToolInputStreaming ?? true,
    longCache: c.supportsLongCacheRetention ?? true,
    sessionAffinity: c.sendSessionAffinityHeaders ?? false,
    cacheOnTools: c.supportsCacheControlOnTools ?? true,
    temperature: c.supportsTemperature ?? true,
    allowEmptySignature: c.allowEmptySignature ?? false,
    strictTools: c.supportsStrictTools ?? false,
    toolReferences: c.supportsToolReferences ?? defaultToolReferences(model),
    managedEffort: c.supportsMidConvoEffort === true,
    adaptive: c.forceAdaptiveThinking === true,
    fallbacks: (c.allowedFallbackModels ?? []) as { model: string }[],
  };
}

/** Tool search exists on first-party Claude Opus/Sonnet from 4.5 on (Haiku rejects tool references). */
function defaultToolReferences(model: Model): boolean {
  if (model.provider !== 'anthropic' || model.id.includes('haiku')) return false;
  const version = model.id.match(/^claude-(?:opus|sonnet|fable)-(\d+)(?:-(\d+))?(?:-|$)/);
  if (!version) return false;
  const major = Number(version[1]);
  // A long second number is a date stamp (claude-opus-4-20250514), not a minor version.
  const minor = version[2] && version[2].length < 8 ? Number(version[2]) : 0;
  return major > 4 || (major === 4 && minor >= 5);
}

/** What streamSimple decides about thinking before the request is built. */
interface ThinkingPlan {
  enabled: boolean;
  effort?: string;
  budgetTokens?: number;
  maxTokens: number;
}

function effortFor(model: Model, level: ThinkingLevel): string {
  const mapped = (model.thinkingLevelMap as Record<string, unknown> | undefined)?.[level];
  if (typeof mapped === 'string') return mapped;
  return level === 'minimal' || level === 'low' ? 'low' : level === 'medium' ? 'medium' : 'high';
}

function planThinking(model: Model, context: Context, options: EncodeOptions, adaptive: boolean): ThinkingPlan {
  const base = baseMaxTokens(model, context, options.maxTokens);
  if (!options.reasoning) return { enabled: false, maxTokens: base };
  if (adaptive) return { enabled: true, effort: effortFor(model, options.reasoning), maxTokens: base };
  const adjusted = maxTokensWithThinking(base, model.maxTokens, options.reasoning, options.thinkingBudgets);
  const maxTokens = clampMaxTokensToContext(model, context, adjusted.maxTokens);
  return { enabled: true, maxTokens, budgetTokens: Math.min(adjusted.thinkingBudget, Math.max(0, maxTokens - 1024)) };
}

function betaFeatures(model: Model, context: Context, oauth: boolean, thinking: ThinkingPlan, compat: ReturnType<typeof anthropicCompat>, options: EncodeOptions): string[] {
  // An explicit anthropic-beta header replaces pi's list (null: send none).
  let configured: string | null | undefined;
  for (const headers of [model.headers, options.headers as Record<string, string | null> | undefined]) {
    for (const [name, value] of Object.entries(headers ?? {})) if (name.toLowerCase() === 'anthropic-beta') configured = value;
  }
  if (configured === null) return [];
  if (configured !== undefined) return [...new Set(configured.split(',').map((f) => f.trim()).filter((f) => f.length > 0))];
  const features: string[] = [];
  if (oauth) features.push('claude-code-20250219', 'oauth-2025-04-20');
  if (context.tools?.length && !compat.eagerStreaming) features.push(FINE_GRAINED_TOOL_STREAMING);
  if (model.reasoning && thinking.enabled && !compat.adaptive) features.push(INTERLEAVED_THINKING);
  if (compat.fallbacks.length > 0) features.push(SERVER_SIDE_FALLBACK);
  if (compat.managedEffort) features.push(MID_CONVERSATION_OUTPUT_CONFIG, THINKING_BINDING_CONTROLS);
  return [...new Set(features)];
}

export function encodeAnthropicMessagesRequest(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const compat = anthropicCompat(model);
  const oauth = model.provider !== 'github-copilot' && isOAuthKey(options.apiKey);
  const thinking = planThinking(model, context, options, compat.adaptive);
  const retention = options.cacheRetention || 'short';
  const cacheControl: CacheControl | undefined = retention === 'none' ? undefined
    : { type: 'ephemeral', ...(retention === 'long' && compat.longCache ? { ttl: '1h' } : {}) };
  const history = prepareMessages(context.messages, model, normalizeAnthropicId);
  const normalizeToolName = oauth ? toClaudeCodeName : (name: string) => name;
  const placement = splitDeferredTools({ ...context, messages: history }, compat.toolReferences, normalizeToolName);
  let immediate = placement.immediate;
  let deferred = [...placement.deferred.values()];
  // With nothing left to send up front, the deferred tools are sent up front after all.
  if (immediate.length === 0 && deferred.length > 0) {
    immediate = deferred;
    deferred = [];
  }
  const converted = encodeAnthropicMessages(history, {
    oauth, cacheControl, allowEmptySignature: compat.allowEmptySignature,
    deferredToolNames: new Set(deferred.map((t) => normalizeToolName(t.name))), normalizeToolName,
    managedProvider: compat.managedEffort ? model.provider : undefined,
  });
  const betas = betaFeatures(model, context, oauth, thinking, compat, options);
  const params: Json = {
    model: model.id,
    messages: compat.managedEffort ? withEffortMessages(converted.messages, converted.levels, thinking.effort ?? 'high') : converted.messages,
    max_tokens: thinking.maxTokens ?? model.maxTokens,
    stream: true,
    ...(betas.length > 0 ? { betas } : {}),
  };
  const cache = cacheControl ? { cache_control: cacheControl } : {};
  if (oauth) {
    params.system = [{ type: 'text', text: CLAUDE_CODE_IDENTITY, ...cache }];
    if (context.systemPrompt) params.system.push({ type: 'text', text: stripLoneSurrogates(context.systemPrompt), ...cache });
  } else if (context.systemPrompt) {
    params.system = [{ type: 'text', text: stripLoneSurrogates(context.systemPrompt), ...cache }];
  }
  // Temperature cannot be combined with extended thinking.
  if (options.temperature !== undefined && !thinking.enabled && !compat.managedEffort && compat.temperature) params.temperature = options.temperature;
  if (immediate.length > 0 || deferred.length > 0) {
    const toolOptions = { oauth, eagerStreaming: compat.eagerStreaming, supportsStrict: compat.strictTools };
    params.tools = [
      ...encodeAnthropicTools(immediate, { ...toolOptions, cacheControl: compat.cacheOnTools ? cacheControl : undefined }),
      ...encodeAnthropicTools(deferred, { ...toolOptions, deferLoading: true }),
    ];
  }
  if (compat.managedEffort) {
    params.thinking = { type: 'adaptive', display: 'summarized', block_binding: { prefix_mismatch_behavior: 'drop_block' } };
    params.output_config = { effort: 'high' };
  } else if (model.reasoning) {
    if (thinking.enabled && compat.adaptive) {
      params.thinking = { type: 'adaptive', display: 'summarized' };
      if (thinking.effort) params.output_config = { effort: thinking.effort };
    } else if (thinking.enabled) {
      params.thinking = { type: 'enabled', budget_tokens: thinking.budgetTokens || 1024, display: 'summarized' };
    } else if ((model.thinkingLevelMap as Json | undefined)?.off !== null) {
      params.thinking = { type: 'disabled' };
    }
  }
  const userId = (options.metadata as Json | undefined)?.user_id;
  if (typeof userId === 'string') params.metadata = { user_id: userId };
  if (options.toolChoice) params.tool_choice = { type: options.toolChoice };
  if (compat.fallbacks.length > 0) params.fallbacks = compat.fallbacks.map((f) => ({ model: f.model }));
  // The SDK moves `betas` into the anthropic-beta header; the rest of the object is posted as-is.
  const { betas: _betas, ...wireBody } = params;
  return {
    body: params,
    ...(betas.length > 0 ? { wireBody } : {}),
    url: joinUrl(model.baseUrl, 'v1/messages?beta=true'),
    headers: anthropicHeaders(model, context, options, oauth, betas, retention, compat.sessionAffinity),
  };
}

/** Managed-effort models take a system marker with the effort before each replayed turn and at the end. */
function withEffortMessages(messages: Json[], levels: Map<number, string>, active: string): Json[] {
  const out: Json[] = [];
  messages.forEach((message, index) => {
    const level = levels.get(index);
    if (level !== undefined) out.push({ role: 'system', content: [], output_config: { effort: level } });
    out.push(message);
  });
  out.push({ role: 'system', content: [], output_config: { effort: active } });
  return out;
}

function anthropicHeaders(model: Model, context: Context, options: EncodeOptions, oauth: boolean, betas: string[], retention: string, affinity: boolean): Record<string, string> {
  const auth: Record<string, string> = model.provider === 'github-copilot' || oauth
    ? { Authorization: `Bearer ${redactKey(options.apiKey)}` }
    : { 'x-api-key': redactKey(options.apiKey) };
  const identity: Record<string, string> = oauth ? { 'user-agent': `claude-cli/${CLAUDE_CODE_VERSION}`, 'x-app': 'cli' } : {};
  const sessionId = retention === 'none' ? undefined : options.sessionId;
  const session: Record<string, string> = !oauth && model.provider !== 'github-copilot' && sessionId && affinity ? { 'x-session-affinity': sessionId } : {};
  let copilot: Record<string, string> = {};
  if (model.provider === 'github-copilot') {
    const last = context.messages[context.messages.length - 1];
    copilot = { 'X-Initiator': last && last.role !== 'user' ? 'agent' : 'user', 'Openai-Intent': 'conversation-edits' };
  }
  return mergeHeaders(
    { accept: 'application/json', 'anthropic-dangerous-direct-browser-access': 'true', ...identity },
    session, model.headers, copilot, options.headers as Record<string, string | null> | undefined,
    { ...auth, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...(betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : {}) },
  );
}

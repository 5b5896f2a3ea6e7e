// Request encoder for `bedrock-converse-stream` (Amazon Bedrock Converse) as pi-ai 0.85.1 builds the
// ConverseStream command input: tool specs under toolConfig, results grouped into one user turn with a
// success/error status, cache points for Claude models, and Claude thinking in additionalModelRequestFields;
// plus the JSON the AWS SDK serialises from it (bedrock-wire.ts).
import type { Context, ImageContent, Model, TextContent, ThinkingLevel, Tool } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { bedrockWireBody, encodeLabel } from './bedrock-wire.ts';
import { EncodeError } from './encode-error.ts';
import { planJsonSchemaTool } from './shared/constrained-sampling.ts';
import { perTool } from './shared/per-tool.ts';
import { mergeHeaders, redactKey } from './shared/headers.ts';
import { prepareMessages } from './shared/messages.ts';
import { baseMaxTokens, budgetLevel, clampMaxTokensToContext, maxTokensWithThinking } from './shared/request-options.ts';
import { stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;

const EMPTY_TEXT = '<empty>';
const IMAGE_FORMATS: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

function nameCandidates(model: Model): string[] {
  return [model.id, model.name].filter(Boolean).flatMap((v) => [v.toLowerCase(), v.toLowerCase().replace(/[\s_.:]+/g, '-')]);
}

export function isBedrockClaude(model: Model): boolean {
  const id = model.id.toLowerCase();
  const name = model.name?.toLowerCase() ?? '';
  return id.includes('anthropic.claude') || id.includes('anthropic/claude') || name.includes('anthropic.claude') || name.includes('anthropic/claude') || name.includes('claude');
}

const adaptiveThinking = (model: Model) => nameCandidates(model).some((s) => ['opus-4-6', 'opus-4-7', 'opus-4-8', 'opus-5', 'sonnet-4-6', 'sonnet-5', 'fable-5'].some((k) => s.includes(k)));
const nativeXhigh = (model: Model) => nameCandidates(model).some((s) => ['opus-4-7', 'opus-4-8', 'opus-5', 'sonnet-5', 'fable-5'].some((k) => s.includes(k)));

/** Claude 3.5 Haiku, 3.7 Sonnet, 4.x and 5 take explicit cache points (Nova caches on its own). */
function promptCaching(model: Model): boolean {
  const c = nameCandidates(model);
  if (!c.some((s) => s.includes('claude'))) return false;
  return c.some((s) => s.includes('fable-5') || s.includes('opus-5') || s.includes('sonnet-5') || s.includes('-4-') || s.includes('claude-3-7-sonnet') || s.includes('claude-3-5-haiku'));
}

/** Image bytes as the SDK takes them (a Uint8Array); pi fails the request on other image types. */
function imageBlock(image: ImageContent): Json {
  const format = IMAGE_FORMATS[image.mimeType];
  if (!format) throw new EncodeError(`Unknown image type: ${image.mimeType}`);
  const binary = atob(image.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { source: { bytes }, format };
}

function textBlock(text: string): Json | undefined {
  const clean = stripLoneSurrogates(text);
  return clean.trim().length === 0 ? undefined : { text: clean };
}

/** Bedrock documents reject empty keys anywhere in a tool call's input. */
function withoutEmptyKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k.length > 0).map(([k, v]) => [k, withoutEmptyKeys(v)]));
  }
  return value;
}

function resultContent(content: (TextContent | ImageContent)[]): Json[] {
  const out: Json[] = [];
  for (const c of content) {
    if (c.type === 'image') out.push({ image: imageBlock(c) });
    else {
      const block = textBlock(c.text);
      if (block) out.push(block);
    }
  }
  return out.length > 0 ? out : [{ text: EMPTY_TEXT }];
}

function decodeBase64(text: string | undefined): Uint8Array | undefined {
  if (!text) return undefined;
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function encodeMessages(model: Model, context: Context, cachePoint: Json | undefined): Json[] {
  const out: Json[] = [];
  const history = prepareMessages(context.messages, model, (id) => {
    const clean = id.replace(/[^a-zA-Z0-9_-]/g, '_');
    return clean.length > 64 ? clean.slice(0, 64) : clean;
  });
  const signatures = isBedrockClaude(model);
  for (let i = 0; i < history.length; i++) {
    const m = history[i];
    if (m.role === 'user') {
      const content: Json[] = [];
      if (typeof m.content === 'string') content.push(textBlock(m.content) ?? { text: EMPTY_TEXT });
      else {
        for (const c of m.content) {
          if (c.type === 'text') {
            const block = textBlock(c.text);
            if (block) content.push(block);
          } else if (c.type === 'image') content.push({ image: imageBlock(c) });
        }
        if (content.length === 0) content.push({ text: EMPTY_TEXT });
      }
      out.push({ role: 'user', content });
    } else if (m.role === 'assistant') {
      if (m.content.length === 0) continue;
      const blocks: Json[] = [];
      for (const c of m.content) {
        if (c.type === 'text') {
          const block = textBlock(c.text);
          if (block) blocks.push(block);
        } else if (c.type === 'toolCall') {
          blocks.push({ toolUse: { toolUseId: c.id, name: c.name, input: withoutEmptyKeys(c.arguments) } });
        } else if (c.type === 'thinking') {
          if (c.redacted) {
            const bytes = decodeBase64(c.thinkingSignature);
            if (bytes?.length) blocks.push({ reasoningContent: { redactedContent: bytes } });
            continue;
          }
          const thinking = stripLoneSurrogates(c.thinking);
          if (thinking.trim().length === 0) continue;
          // Only Claude takes a signature; an unsigned Claude block is replayed as plain text.
          if (!signatures) blocks.push({ reasoningContent: { reasoningText: { text: thinking } } });
          else if (!c.thinkingSignature || c.thinkingSignature.trim().length === 0) blocks.push({ text: thinking });
          else blocks.push({ reasoningContent: { reasoningText: { text: thinking, signature: c.thinkingSignature } } });
        }
      }
      if (blocks.length > 0) out.push({ role: 'assistant', content: blocks });
    } else if (m.role === 'toolResult') {
      const results: Json[] = [];
      let j = i;
      for (; j < history.length && history[j].role === 'toolResult'; j++) {
        const r = history[j] as Extract<typeof m, { role: 'toolResult' }>;
        results.push({ toolResult: { toolUseId: r.toolCallId, content: resultContent(r.content), status: r.isError ? 'error' : 'success' } });
      }
      i = j - 1;
      out.push({ role: 'user', content: results });
    }
  }
  const last = out[out.length - 1];
  if (cachePoint && last?.role === 'user' && last.content) last.content.push({ cachePoint: { ...cachePoint } });
  return out;
}

function encodeToolConfig(tools: Tool[] | undefined, toolChoice: string | undefined, supportsStrict: boolean): Json | undefined {
  // "none" is expressed by not offering tools at all.
  if (!tools?.length || toolChoice === 'none') return undefined;
  // Each entry is built once per tool revision (per-tool.ts): read-only, shared between bodies.
  const specs = tools.map((tool) => perTool(tool, supportsStrict ? 'bedrock:strict' : 'bedrock', () => {
    const plan = planJsonSchemaTool(tool, supportsStrict);
    return { toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: plan.parameters }, ...(plan.strict === true ? { strict: true } : {}) } };
  }));
  return { tools: specs, toolChoice: toolChoice === 'auto' ? { auto: {} } : toolChoice === 'any' ? { any: {} } : undefined };
}

function effortFor(model: Model, level: ThinkingLevel): string {
  if (level === 'xhigh' && nativeXhigh(model)) return 'xhigh';
  const mapped = (model.thinkingLevelMap as Json | undefined)?.[level];
  if (typeof mapped === 'string') return mapped;
  return level === 'minimal' || level === 'low' ? 'low' : level === 'medium' ? 'medium' : 'high';
}

function thinkingFields(model: Model, reasoning: ThinkingLevel | undefined, budgets: Json | undefined): Json | undefined {
  if (!reasoning || !model.reasoning || !isBedrockClaude(model)) return undefined;
  // GovCloud's Converse schema does not know `display` yet.
  const govCloud = model.id.toLowerCase().startsWith('us-gov.') || model.id.toLowerCase().startsWith('arn:aws-us-gov:');
  const display = govCloud ? {} : { display: 'summarized' };
  if (adaptiveThinking(model)) return { thinking: { type: 'adaptive', ...display }, output_config: { effort: effortFor(model, reasoning) } };
  const defaults: Record<string, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16384, xhigh: 16384, max: 16384 };
  const budget = budgets?.[budgetLevel(reasoning)] ?? defaults[reasoning];
  return { thinking: { type: 'enabled', budget_tokens: budget, ...display }, anthropic_beta: ['interleaved-thinking-2025-05-14'] };
}

export function encodeBedrockConverseStream(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const retention = options.cacheRetention || 'short';
  const cachePoint = retention !== 'none' && promptCaching(model) ? { type: 'default', ...(retention === 'long' ? { ttl: '1h' } : {}) } : undefined;
  let maxTokens: number | undefined = baseMaxTokens(model, context, options.maxTokens);
  let budgets = options.thinkingBudgets as Json | undefined;
  // Budget-based Claude thinking shares the output ceiling, as on the Anthropic API.
  if (options.reasoning && isBedrockClaude(model) && !adaptiveThinking(model)) {
    const adjusted = maxTokensWithThinking(maxTokens, model.maxTokens, options.reasoning, options.thinkingBudgets);
    maxTokens = clampMaxTokensToContext(model, context, adjusted.maxTokens);
    budgets = { ...(options.thinkingBudgets || {}), [budgetLevel(options.reasoning)]: Math.min(adjusted.thinkingBudget, Math.max(0, maxTokens - 1024)) };
  }
  const systemPrompt = context.systemPrompt ? [{ text: stripLoneSurrogates(context.systemPrompt) }, ...(cachePoint ? [{ cachePoint }] : [])] : undefined;
  const body: Json = {
    modelId: model.id,
    messages: encodeMessages(model, context, cachePoint),
    system: systemPrompt,
    inferenceConfig: { ...(maxTokens !== undefined && { maxTokens }), ...(options.temperature !== undefined && { temperature: options.temperature }) },
    toolConfig: encodeToolConfig(context.tools, options.toolChoice, ((model.compat as Json | undefined)?.supportsStrictMode as boolean | undefined) ?? false),
    additionalModelRequestFields: thinkingFields(model, options.reasoning, budgets),
  };
  const region = model.id.match(/^arn:aws(?:-[a-z0-9-]+)?:bedrock:([a-z0-9-]+):/)?.[1]
    ?? model.baseUrl.match(/bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com/)?.[1] ?? 'us-east-1';
  const base = model.baseUrl ? model.baseUrl.replace(/\/+$/, '') : `https://bedrock-runtime.${region}.amazonaws.com`;
  const auth = options.apiKey ? { authorization: `Bearer ${redactKey(options.apiKey)}` } : { authorization: 'AWS4-HMAC-SHA256 Credential=<from the AWS credential chain>' };
  return {
    body,
    wireBody: bedrockWireBody(body),
    url: `${base}/model/${encodeLabel(model.id)}/converse-stream`,
    headers: mergeHeaders({ 'content-type': 'application/json', ...auth }, options.headers as Record<string, string | null> | undefined),
  };
}

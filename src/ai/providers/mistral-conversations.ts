// Request encoder for `mistral-conversations` (Mistral's native chat endpoint) as pi-ai 0.85.1 builds the
// payload for `onPayload`, in the SDK's camelCase (toolCalls, toolCallId, imageUrl, maxTokens); the wire
// form renames those keys to snake_case, which `mistralWireBody` shows.
import type { Context, Message, Model, Tool } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { planJsonSchemaTool } from './shared/constrained-sampling.ts';
import { perTool } from './shared/per-tool.ts';
import { mergeHeaders, redactKey } from './shared/headers.ts';
import { prepareMessages, USER_IMAGE_PLACEHOLDER } from './shared/messages.ts';
import { baseMaxTokens, effectiveReasoning } from './shared/request-options.ts';
import { shortHash, stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;

const ID_LENGTH = 9;

/** Mistral wants 9 alphanumeric chars; other ids are hashed, with a counter on collision. */
export function mistralCallId(id: string, attempt: number): string {
  const alnum = id.replace(/[^a-zA-Z0-9]/g, '');
  if (attempt === 0 && alnum.length === ID_LENGTH) return alnum;
  const seed = attempt === 0 ? alnum || id : `${alnum || id}:${attempt}`;
  return shortHash(seed).replace(/[^a-zA-Z0-9]/g, '').slice(0, ID_LENGTH);
}

function idNormalizer(): (id: string) => string {
  const byId = new Map<string, string>();
  const owner = new Map<string, string>();
  return (id) => {
    const known = byId.get(id);
    if (known) return known;
    for (let attempt = 0; ; attempt++) {
      const candidate = mistralCallId(id, attempt);
      const taken = owner.get(candidate);
      if (!taken || taken === id) {
        byId.set(id, candidate);
        owner.set(candidate, id);
        return candidate;
      }
    }
  };
}

function resultText(text: string, hasImages: boolean, imagesSupported: boolean, isError: boolean): string {
  const prefix = isError ? '[tool error] ' : '';
  const trimmed = text.trim();
  if (trimmed.length > 0) return `${prefix}${trimmed}${hasImages && !imagesSupported ? '\n[tool image omitted: model does not support images]' : ''}`;
  if (hasImages) return `${prefix}${imagesSupported ? '(see attached image)' : USER_IMAGE_PLACEHOLDER}`;
  return `${prefix}(no tool output)`;
}

function encodeMessages(history: Message[], imagesSupported: boolean): Json[] {
  const out: Json[] = [];
  for (const msg of history) {
    if (msg.role === 'user') {
      if (typeof msg.content === 'string') {
        out.push({ role: 'user', content: stripLoneSurrogates(msg.content) });
        continue;
      }
      const content = msg.content
        .filter((item) => item.type === 'text' || imagesSupported)
        .map((item) => (item.type === 'text' ? { type: 'text', text: stripLoneSurrogates(item.text) } : { type: 'image_url', imageUrl: `data:${item.mimeType};base64,${item.data}` }));
      if (content.length > 0) out.push({ role: 'user', content });
      else if (msg.content.some((item) => item.type === 'image') && !imagesSupported) out.push({ role: 'user', content: USER_IMAGE_PLACEHOLDER });
    } else if (msg.role === 'assistant') {
      const parts: Json[] = [];
      const calls: Json[] = [];
      for (const block of msg.content) {
        if (block.type === 'text') {
          if (block.text.trim().length > 0) parts.push({ type: 'text', text: stripLoneSurrogates(block.text) });
        } else if (block.type === 'thinking') {
          if (block.thinking.trim().length > 0) parts.push({ type: 'thinking', thinking: [{ type: 'text', text: stripLoneSurrogates(block.thinking) }] });
        } else {
          // Every call carries index 0, as pi sends it.
          calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.arguments || {}) }, index: 0 });
        }
      }
      const message: Json = { role: 'assistant', prefix: false };
      if (parts.length > 0) message.content = parts;
      if (calls.length > 0) message.toolCalls = calls;
      if (parts.length > 0 || calls.length > 0) out.push(message);
    } else {
      const text = msg.content.filter((p) => p.type === 'text').map((p) => stripLoneSurrogates((p as { text: string }).text)).join('\n');
      const hasImages = msg.content.some((p) => p.type === 'image');
      const content: Json[] = [{ type: 'text', text: resultText(text, hasImages, imagesSupported, msg.isError) }];
      if (imagesSupported) {
        for (const part of msg.content) if (part.type === 'image') content.push({ type: 'image_url', imageUrl: `data:${part.mimeType};base64,${part.data}` });
      }
      out.push({ role: 'tool', toolCallId: msg.toolCallId, name: msg.toolName, content });
    }
  }
  return out;
}

/** Recursively copies enumerable string keys only, as pi does for Mistral (TypeBox symbols removed). */
function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [key, entry] of Object.entries(value)) out[key] = plainCopy(entry);
    return out;
  }
  return value;
}

/** Each tool's entry (with its schema copy) is built once per tool revision (per-tool.ts): read-only, shared. */
export function encodeMistralTools(tools: Tool[]): Json[] {
  return tools.map((tool) => perTool(tool, encodeMistralTools, () => {
    const plan = planJsonSchemaTool(tool, true);
    return { type: 'function', function: { name: tool.name, description: tool.description, parameters: plainCopy(plan.parameters), strict: plan.strict ?? false } };
  }));
}

const EFFORT_MODELS = new Set(['mistral-small-2603', 'mistral-small-latest', 'mistral-medium-3.5']);

export function encodeMistralConversations(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const history = prepareMessages(context.messages, model, idNormalizer());
  const payload: Json = { model: model.id, stream: true, messages: encodeMessages(history, model.input.includes('image')) };
  if (context.tools?.length) payload.tools = encodeMistralTools(context.tools);
  if (options.temperature !== undefined) payload.temperature = options.temperature;
  payload.maxTokens = baseMaxTokens(model, context, options.maxTokens);
  if (options.toolChoice) payload.toolChoice = options.toolChoice;
  const reasoning = effectiveReasoning(model, options.reasoning);
  const thinking = model.reasoning && reasoning !== undefined;
  // Some models take a reasoning effort, the others switch to a "reasoning" prompt mode.
  if (thinking && !EFFORT_MODELS.has(model.id)) payload.promptMode = 'reasoning';
  if (thinking && EFFORT_MODELS.has(model.id)) payload.reasoningEffort = (model.thinkingLevelMap as Json | undefined)?.[reasoning!] ?? 'high';
  const caching = options.cacheRetention !== 'none' && !!options.sessionId;
  if (caching) payload.promptCacheKey = options.sessionId;
  if (context.systemPrompt) payload.messages.unshift({ role: 'system', content: stripLoneSurrogates(context.systemPrompt) });
  const base = new URL(model.baseUrl);
  base.pathname = `${base.pathname.replace(/\/+$/u, '')}/`;
  const explicitAffinity = [model.headers, options.headers as Json | undefined].some((h) => !!h && Object.keys(h).some((n) => n.toLowerCase() === 'x-affinity'));
  const headers = mergeHeaders(
    { accept: 'text/event-stream', authorization: `Bearer ${redactKey(options.apiKey)}`, 'content-type': 'application/json' },
    model.headers, options.headers as Record<string, string | null> | undefined,
    caching && !explicitAffinity ? { 'x-affinity': options.sessionId as string } : undefined,
  );
  return { body: payload, wireBody: mistralWireBody(payload), url: new URL('v1/chat/completions', base).toString(), headers };
}

const RENAMES: [string, string][] = [
  ['topP', 'top_p'], ['maxTokens', 'max_tokens'], ['randomSeed', 'random_seed'], ['responseFormat', 'response_format'],
  ['toolChoice', 'tool_choice'], ['presencePenalty', 'presence_penalty'], ['frequencyPenalty', 'frequency_penalty'],
  ['parallelToolCalls', 'parallel_tool_calls'], ['reasoningEffort', 'reasoning_effort'], ['promptMode', 'prompt_mode'],
  ['promptCacheKey', 'prompt_cache_key'], ['safePrompt', 'safe_prompt'],
];

function renameKey(record: Json, from: string, to: string): void {
  if (!(from in record)) return;
  record[to] = record[from];
  delete record[from];
}

/** The JSON pi actually POSTs for a Mistral payload: snake_case keys, as its wire conversion renames them. */
export function mistralWireBody(payload: Json): Json {
  const wire: Json = { ...payload };
  for (const [from, to] of RENAMES) renameKey(wire, from, to);
  wire.messages = (payload.messages as Json[]).map((message) => {
    const m: Json = { ...message };
    renameKey(m, 'toolCalls', 'tool_calls');
    renameKey(m, 'toolCallId', 'tool_call_id');
    if (Array.isArray(message.content)) {
      m.content = message.content.map((chunk: Json) => {
        const c: Json = { ...chunk };
        renameKey(c, 'imageUrl', 'image_url');
        return c;
      });
    }
    return m;
  });
  return wire;
}

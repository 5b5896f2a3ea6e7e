// pi's messages in Chat Completions form (pi-ai 0.85.1): system/developer prompt, user content parts,
// assistant text as one string with `tool_calls`, one `tool` message per result (images follow in an extra
// user message), plus the Anthropic-style cache markers OpenRouter's Claude models take.
import type { AssistantMessage, Context, Model, ThinkingContent, Tool, ToolCall } from '../types.ts';
import { grammarInput } from './shared/constrained-sampling.ts';
import { prepareMessages } from './shared/messages.ts';
import { shortHash, stripLoneSurrogates } from './shared/text.ts';
import type { CompletionsCompat } from './openai-completions-compat.ts';

type Json = Record<string, any>;

const REASONING_FIELDS = ['reasoning', 'reasoning_content', 'reasoning_text'];
const IMAGES_FROM_RESULT = 'Attached image(s) from tool result:';
const BRIDGE_TEXT = 'I have processed the tool results.';

/** Ids from the Responses API look like `call|item`: keep both halves, sanitised, within OpenAI's 40 chars. */
function normalizeCallId(id: string, model: Model): string {
  if (id.includes('|')) {
    const at = id.indexOf('|');
    const callId = id.slice(0, at).replace(/[^a-zA-Z0-9_-]/g, '_');
    const itemId = id.slice(at + 1).replace(/[^a-zA-Z0-9_-]/g, '_');
    const combined = itemId.length > 0 ? `${callId}_${itemId}` : callId;
    if (combined.length <= 40) return combined;
    const hash = shortHash(id).slice(0, 8);
    return `${callId.slice(0, Math.max(1, 40 - hash.length - 1))}_${hash}`;
  }
  if (model.provider === 'openai') return id.length > 40 ? id.slice(0, 40) : id;
  return id;
}

function isReasoningDetail(detail: unknown): boolean {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return false;
  const d = detail as Json;
  const commonOk = (d.id === undefined || d.id === null || typeof d.id === 'string')
    && (d.format === undefined || typeof d.format === 'string') && (d.index === undefined || typeof d.index === 'number');
  if (!commonOk) return false;
  if (d.type === 'reasoning.summary') return typeof d.summary === 'string';
  if (d.type === 'reasoning.encrypted') return typeof d.data === 'string';
  if (d.type === 'reasoning.text') return typeof d.text === 'string' && (d.signature === undefined || d.signature === null || typeof d.signature === 'string');
  return false;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** OpenRouter's reasoning_details travel in a thinking block's signature (or, legacy, a tool call's). */
function replayedReasoningDetails(thinking: ThinkingContent[], calls: ToolCall[]): unknown[] | undefined {
  for (const block of thinking) {
    const parsed = parseJson(block.thinkingSignature);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isReasoningDetail)) return parsed;
  }
  const legacy = calls.map((c) => parseJson(c.thoughtSignature) as Json | undefined).filter(
    (d): d is Json => isReasoningDetail(d) && d!.type === 'reasoning.encrypted' && typeof d!.id === 'string' && d!.id.length > 0 && d!.data.length > 0,
  );
  return legacy.length > 0 ? legacy : undefined;
}

function convertAssistant(msg: AssistantMessage, model: Model, compat: CompletionsCompat, grammar: Map<string, string>): Json | undefined {
  const out: Json = { role: 'assistant', content: compat.requiresAssistantAfterToolResult ? '' : null };
  const textParts = msg.content
    .filter((b) => b.type === 'text' && b.text.trim().length > 0)
    .map((b) => ({ type: 'text', text: stripLoneSurrogates((b as { text: string }).text) }));
  const text = textParts.map((p) => p.text).join('');
  const thinking = msg.content.filter((b): b is ThinkingContent => b.type === 'thinking');
  const calls = msg.content.filter((b): b is ToolCall => b.type === 'toolCall');
  const details = replayedReasoningDetails(thinking, calls);
  const nonEmptyThinking = thinking.filter((b) => b.thinking.trim().length > 0);
  if (nonEmptyThinking.length > 0 && compat.requiresThinkingAsText) {
    const thinkingText = nonEmptyThinking.map((b) => stripLoneSurrogates(b.thinking)).join('\n\n');
    out.content = [{ type: 'text', text: thinkingText }, ...textParts];
  } else {
    // Plain string content: some servers mirror an array of parts back literally.
    if (text.length > 0) out.content = text;
    if (nonEmptyThinking.length > 0 && !details) {
      let field = nonEmptyThinking[0].thinkingSignature;
      if (model.provider === 'opencode-go' && field === 'reasoning') field = 'reasoning_content';
      if (field && REASONING_FIELDS.includes(field)) out[field] = nonEmptyThinking.map((b) => b.thinking).join('\n');
    }
  }
  if (calls.length > 0) {
    out.tool_calls = calls.map((call) => {
      const property = grammar.get(call.name);
      if (property !== undefined) {
        return { id: call.id, type: 'custom', custom: { name: call.name, input: stripLoneSurrogates(grammarInput(call.name, call.arguments, property)) } };
      }
      return { id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } };
    });
  }
  if (details) out.reasoning_details = details;
  if (compat.requiresReasoningContentOnAssistantMessages && model.reasoning && out.reasoning_content === undefined) out.reasoning_content = '';
  // Servers reject assistant messages with neither content nor tool calls (e.g. an empty aborted turn).
  const hasContent = out.content !== null && out.content !== undefined && out.content.length > 0;
  return hasContent || out.tool_calls ? out : undefined;
}

/** The `messages` array; `convertTools` encodes Kimi's mid-conversation tool declarations. */
export function convertCompletionsMessages(
  model: Model,
  context: Context,
  compat: CompletionsCompat,
  grammar: Map<string, string>,
  convertTools: (tools: Tool[]) => Json[],
): Json[] {
  const params: Json[] = [];
  const history = prepareMessages(context.messages, model, (id) => normalizeCallId(id, model));
  if (context.systemPrompt) {
    const role = model.reasoning && compat.supportsDeveloperRole ? 'developer' : 'system';
    params.push({ role, content: stripLoneSurrogates(context.systemPrompt) });
  }
  let lastRole: string | null = null;
  for (let i = 0; i < history.length; i++) {
    const msg = history[i];
    if (compat.requiresAssistantAfterToolResult && lastRole === 'toolResult' && msg.role === 'user') {
      params.push({ role: 'assistant', content: BRIDGE_TEXT });
    }
    if (msg.role === 'user') {
      if (typeof msg.content === 'string') {
        params.push({ role: 'user', content: stripLoneSurrogates(msg.content) });
      } else {
        const content = msg.content.map((item) => (item.type === 'text'
          ? { type: 'text', text: stripLoneSurrogates(item.text) }
          : { type: 'image_url', image_url: { url: `data:${item.mimeType};base64,${item.data}` } }));
        if (content.length > 0) params.push({ role: 'user', content });
      }
    } else if (msg.role === 'assistant') {
      const converted = convertAssistant(msg, model, compat, grammar);
      if (converted) params.push(converted);
    } else if (msg.role === 'toolResult') {
      // A run of results becomes consecutive tool messages; their images are gathered into one user message.
      const images: Json[] = [];
      const loaded = new Set<string>();
      let j = i;
      for (; j < history.length && history[j].role === 'toolResult'; j++) {
        const result = history[j] as Extract<typeof msg, { role: 'toolResult' }>;
        const text = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
        const hasImages = result.content.some((c) => c.type === 'image');
        const toolMessage: Json = {
          role: 'tool',
          content: stripLoneSurrogates(text.length > 0 ? text : hasImages ? '(see attached image)' : '(no tool output)'),
          tool_call_id: result.toolCallId,
        };
        if (compat.requiresToolResultName && result.toolName) toolMessage.name = result.toolName;
        params.push(toolMessage);
        if (compat.deferredToolsMode === 'kimi') for (const name of result.addedToolNames ?? []) loaded.add(name);
        if (hasImages && model.input.includes('image')) {
          for (const block of result.content) {
            if (block.type === 'image') images.push({ type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } });
          }
        }
      }
      i = j - 1;
      if (images.length > 0) {
        if (compat.requiresAssistantAfterToolResult) params.push({ role: 'assistant', content: BRIDGE_TEXT });
        params.push({ role: 'user', content: [{ type: 'text', text: IMAGES_FROM_RESULT }, ...images] });
        lastRole = 'user';
      } else {
        lastRole = 'toolResult';
      }
      if (loaded.size > 0) {
        const byName = new Map((context.tools ?? []).map((t) => [t.name, t]));
        const tools = [...loaded].map((n) => byName.get(n)).filter((t): t is Tool => t !== undefined);
        // Kimi takes a system message that carries tools and no content.
        if (tools.length > 0) params.push({ role: 'system', tools: convertTools(tools) });
      }
      continue;
    }
    lastRole = msg.role;
  }
  return params;
}

type CacheControl = { type: 'ephemeral'; ttl?: string };

function markLastText(message: Json, cacheControl: CacheControl): boolean {
  const content = message.content;
  if (typeof content === 'string') {
    if (content.length === 0) return false;
    message.content = [{ type: 'text', text: content, cache_control: cacheControl }];
    return true;
  }
  if (!Array.isArray(content)) return false;
  for (let i = content.length - 1; i >= 0; i--) {
    if (content[i]?.type === 'text') {
      content[i].cache_control = cacheControl;
      return true;
    }
  }
  return false;
}

/** Anthropic-style prompt caching through an OpenAI-compatible proxy: system prompt, last tool, last turn. */
export function applyAnthropicCacheMarkers(messages: Json[], tools: Json[] | undefined, cacheControl: CacheControl): void {
  const system = messages.find((m) => m.role === 'system' || m.role === 'developer');
  if (system) markLastText(system, cacheControl);
  // Tool entries are shared between bodies (per-tool.ts): the last one is replaced by a marked copy.
  if (tools && tools.length > 0) tools[tools.length - 1] = { ...tools[tools.length - 1], cache_control: cacheControl };
  for (let i = messages.length - 1; i >= 0; i--) {
    const role = messages[i].role;
    if ((role === 'user' || role === 'assistant' || role === 'tool') && markLastText(messages[i], cacheControl)) return;
  }
}

// pi's messages and tools in Anthropic Messages form (pi-ai 0.85.1): consecutive tool results grouped in
// one user turn, thinking replayed with its signature, the tool schema root rebuilt from `properties` and
// `required` only, and Claude Code tool names when the key is an OAuth token.
import type { ImageContent, Message, TextContent, Tool, ToolResultMessage } from '../types.ts';
import { planJsonSchemaTool } from './shared/constrained-sampling.ts';
import { perTool } from './shared/per-tool.ts';
import { stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;
export type CacheControl = { type: 'ephemeral'; ttl?: string };

/** Claude Code's canonical tool names; OAuth requests must use them (matched case-insensitively). */
export const CLAUDE_CODE_TOOLS = [
  'Read', 'Write', 'Edit', 'Bash', 'Grep', 'Glob', 'AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'KillShell',
  'NotebookEdit', 'Skill', 'Task', 'TaskOutput', 'TodoWrite', 'WebFetch', 'WebSearch',
];
const CLAUDE_CODE_BY_LOWER = new Map(CLAUDE_CODE_TOOLS.map((name) => [name.toLowerCase(), name]));

export const toClaudeCodeName = (name: string) => CLAUDE_CODE_BY_LOWER.get(name.toLowerCase()) ?? name;

/** A reply's Claude Code name mapped back to the caller's own tool name (`Read` → `read`). */
export function fromClaudeCodeName(name: string, tools: Tool[] | undefined): string {
  const lower = name.toLowerCase();
  return tools?.find((tool) => tool.name.toLowerCase() === lower)?.name ?? name;
}

/** Anthropic's id pattern is ^[a-zA-Z0-9_-]+$, at most 64 chars. */
export const normalizeAnthropicId = (id: string) => id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);

function imageBlock(image: ImageContent): Json {
  return { type: 'image', source: { type: 'base64', media_type: image.mimeType, data: image.data } };
}

/** Text-only content collapses to one string; with images it stays blocks (and gets a text if it has none). */
function resultContent(content: (TextContent | ImageContent)[]): string | Json[] {
  if (!content.some((c) => c.type === 'image')) return stripLoneSurrogates(content.map((c) => (c as TextContent).text).join('\n'));
  const blocks = content.map((c) => (c.type === 'text' ? { type: 'text', text: stripLoneSurrogates(c.text) } : imageBlock(c)));
  if (!blocks.some((b) => b.type === 'text')) blocks.unshift({ type: 'text', text: '(see attached image)' });
  return blocks;
}

export interface AnthropicToolOptions {
  oauth: boolean;
  eagerStreaming: boolean;
  supportsStrict: boolean;
  cacheControl?: CacheControl;
  deferLoading?: boolean;
}

/**
 * Each tool's entry is built once per tool revision and flavour (per-tool.ts) and shared between bodies, so it is
 * read-only; the last one gets its cache marker on a copy.
 */
export function encodeAnthropicTools(tools: Tool[], options: AnthropicToolOptions): Json[] {
  const purpose = `anthropic:${options.oauth}:${options.eagerStreaming}:${options.supportsStrict}:${options.deferLoading ?? false}`;
  return tools.map((tool, index) => {
    const entry = perTool(tool, purpose, () => encodeAnthropicTool(tool, options));
    return options.cacheControl && index === tools.length - 1 ? { ...entry, cache_control: options.cacheControl } : entry;
  });
}

function encodeAnthropicTool(tool: Tool, options: AnthropicToolOptions): Json {
  const plan = planJsonSchemaTool(tool, options.supportsStrict);
  const schema = plan.parameters as Json;
  // Only properties and required survive: every other root keyword is dropped by pi.
  const rebuilt = { type: 'object', properties: schema.properties ?? {}, required: schema.required ?? [] };
  return {
    name: options.oauth ? toClaudeCodeName(tool.name) : tool.name,
    description: tool.description,
    ...(options.eagerStreaming ? { eager_input_streaming: true } : {}),
    ...(plan.strict === true ? { strict: true } : {}),
    input_schema: plan.strict === true ? { ...schema, ...rebuilt } : rebuilt,
    ...(options.deferLoading ? { defer_loading: true } : {}),
  };
}

export interface AnthropicMessageOptions {
  oauth: boolean;
  cacheControl?: CacheControl;
  allowEmptySignature: boolean;
  deferredToolNames: Set<string>;
  normalizeToolName: (name: string) => string;
  /** Provider whose replies carry a per-turn thinking level (managed-effort models only). */
  managedProvider?: string;
}

function assistantBlocks(msg: Extract<Message, { role: 'assistant' }>, options: AnthropicMessageOptions): Json[] {
  const blocks: Json[] = [];
  for (const block of msg.content) {
    if (block.type === 'text') {
      if (block.text.trim().length > 0) blocks.push({ type: 'text', text: stripLoneSurrogates(block.text) });
    } else if (block.type === 'thinking') {
      if (block.redacted) {
        blocks.push({ type: 'redacted_thinking', data: block.thinkingSignature });
        continue;
      }
      const signed = !!block.thinkingSignature && block.thinkingSignature.trim().length > 0;
      if (block.thinking.trim().length === 0 && !signed) continue;
      const text = stripLoneSurrogates(block.thinking);
      // Unsigned thinking (an aborted stream) cannot be replayed as thinking: it goes back as text.
      if (signed) blocks.push({ type: 'thinking', thinking: text, signature: block.thinkingSignature });
      else blocks.push(options.allowEmptySignature ? { type: 'thinking', thinking: text, signature: '' } : { type: 'text', text });
    } else if (block.type === 'toolCall') {
      blocks.push({ type: 'tool_use', id: block.id, name: options.oauth ? toClaudeCodeName(block.name) : block.name, input: block.arguments ?? {} });
    }
  }
  return blocks;
}

function toolResultBlock(msg: ToolResultMessage, options: AnthropicMessageOptions, loaded: Set<string>): { result: Json; siblings: Json[] } {
  const references: Json[] = [];
  for (const name of msg.addedToolNames ?? []) {
    const normalized = options.normalizeToolName(name);
    if (!options.deferredToolNames.has(normalized) || loaded.has(normalized)) continue;
    loaded.add(normalized);
    references.push({ type: 'tool_reference', tool_name: options.oauth ? toClaudeCodeName(name) : name });
  }
  const content = resultContent(msg.content);
  // Tool references may not be mixed with ordinary result content: the content moves beside the results.
  return {
    result: { type: 'tool_result', tool_use_id: msg.toolCallId, content: references.length > 0 ? references : content, is_error: msg.isError },
    siblings: references.length === 0 ? [] : typeof content === 'string' ? [{ type: 'text', text: content }] : content,
  };
}

const EFFORTS = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

export function encodeAnthropicMessages(history: Message[], options: AnthropicMessageOptions): { messages: Json[]; levels: Map<number, string> } {
  const out: Json[] = [];
  const levels = new Map<number, string>();
  const loaded = new Set<string>();
  for (let i = 0; i < history.length; i++) {
    const msg = history[i];
    if (msg.role === 'user') {
      if (typeof msg.content === 'string') {
        if (msg.content.trim().length > 0) out.push({ role: 'user', content: stripLoneSurrogates(msg.content) });
      } else {
        const blocks = msg.content
          .map((item) => (item.type === 'text' ? { type: 'text', text: stripLoneSurrogates(item.text) } : imageBlock(item)))
          .filter((b) => b.type !== 'text' || (b as Json).text.trim().length > 0);
        if (blocks.length > 0) out.push({ role: 'user', content: blocks });
      }
    } else if (msg.role === 'assistant') {
      const blocks = assistantBlocks(msg, options);
      if (blocks.length === 0) continue;
      const level = (msg as unknown as { providerThinkingLevel?: string }).providerThinkingLevel;
      if (options.managedProvider !== undefined && msg.api === 'anthropic-messages' && msg.provider === options.managedProvider && level && EFFORTS.has(level)) {
        levels.set(out.length, level);
      }
      out.push({ role: 'assistant', content: blocks });
    } else if (msg.role === 'toolResult') {
      const results: Json[] = [];
      const siblings: Json[] = [];
      let j = i;
      for (; j < history.length && history[j].role === 'toolResult'; j++) {
        const converted = toolResultBlock(history[j] as ToolResultMessage, options, loaded);
        results.push(converted.result);
        siblings.push(...converted.siblings);
      }
      i = j - 1;
      out.push({ role: 'user', content: [...results, ...siblings] });
    }
  }
  // Cache the conversation so far at its last user block.
  const last = out[out.length - 1];
  if (options.cacheControl && last?.role === 'user') {
    if (Array.isArray(last.content)) {
      const block = last.content[last.content.length - 1];
      if (block && ['text', 'image', 'tool_result'].includes(block.type)) block.cache_control = options.cacheControl;
    } else if (typeof last.content === 'string') {
      last.content = [{ type: 'text', text: last.content, cache_control: options.cacheControl }];
    }
  }
  return { messages: out, levels };
}

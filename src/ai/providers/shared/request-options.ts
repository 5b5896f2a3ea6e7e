// The option arithmetic pi-ai 0.85.1's streamSimple does before any provider code runs: the output-token
// ceiling clamped to what is left of the context window (a rough 4-chars-a-token estimate), thinking
// levels clamped to what the model supports, and thinking budgets fitted under the ceiling.
import type { Context, Message, Model, ModelThinkingLevel, ThinkingLevel, Usage } from '../../types.ts';
import type { ThinkingBudgets } from '../types.ts';
import { perTool } from './per-tool.ts';

const CHARS_PER_TOKEN = 4;
const IMAGE_CHARS = 4800;
const CONTEXT_SAFETY_TOKENS = 4096;
/** Tokens always left for the answer when a thinking budget shares the response ceiling. */
export const MIN_ANSWER_TOKENS = 1024;
export const DEFAULT_THINKING_BUDGETS: Required<ThinkingBudgets> = { minimal: 1024, low: 2048, medium: 8192, high: 16384 };

function jsonLength(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? 'undefined').length;
  } catch {
    return '[unserializable]'.length;
  }
}

const UNSERIALIZABLE = '[unserializable]'.length;

/** JSON.stringify's length of one list entry ("null" for what JSON leaves out), or undefined when it throws. */
function entryJsonLength(value: unknown): number | undefined {
  try {
    return (JSON.stringify(value) ?? 'null').length;
  } catch {
    return undefined;
  }
}

/**
 * `jsonLength(tools)`, from each tool's own length, which is worked out once per tool revision (per-tool.ts):
 * every request of every API estimates its context size from it. A tool with its own toJSON (which may look at its
 * position) sends the list through JSON.stringify whole.
 */
function toolsJsonLength(tools: readonly unknown[]): number {
  let length = tools.length === 0 ? 2 : tools.length + 1;
  for (const tool of tools) {
    const cacheable = typeof tool === 'object' && tool !== null && typeof (tool as { toJSON?: unknown }).toJSON !== 'function';
    if (!cacheable) return jsonLength(tools);
    const one = perTool(tool, entryJsonLength, () => entryJsonLength(tool));
    if (one === undefined) return UNSERIALIZABLE;
    length += one;
  }
  return length;
}

function contentChars(content: Message['content']): number {
  if (typeof content === 'string') return content.length;
  let chars = 0;
  for (const block of content) chars += block.type === 'text' ? block.text.length : IMAGE_CHARS;
  return chars;
}

function messageTokens(message: Message): number {
  if (message.role !== 'assistant') return Math.ceil(contentChars(message.content) / CHARS_PER_TOKEN);
  let chars = 0;
  for (const block of message.content) {
    if (block.type === 'text') chars += block.text.length;
    else if (block.type === 'thinking') chars += block.thinking.length;
    else chars += block.name.length + jsonLength(block.arguments);
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

const usageTotal = (u: Usage) => u.totalTokens || u.input + u.output + u.cacheRead + u.cacheWrite;

/** Index of the last assistant reply whose reported usage still describes the prefix before it. */
function lastUsageIndex(messages: Message[]): number | undefined {
  let newestPrefix = Number.NEGATIVE_INFINITY;
  let found: number | undefined;
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && m.timestamp >= newestPrefix && m.stopReason !== 'aborted' && m.stopReason !== 'error' && usageTotal(m.usage) > 0) {
      found = i;
    }
    newestPrefix = Math.max(newestPrefix, m.timestamp);
  });
  return found;
}

/** pi's context-size estimate: the last reported usage plus what came after, else a character count. */
export function estimateContextTokens(context: Context): number {
  const messages = context.messages;
  const usageAt = lastUsageIndex(messages);
  const toolTokens = (tools: unknown[] | undefined) => (tools && tools.length > 0 ? Math.ceil(toolsJsonLength(tools) / CHARS_PER_TOKEN) : 0);
  if (usageAt !== undefined) {
    let tokens = usageTotal((messages[usageAt] as { usage: Usage }).usage);
    const added = new Set<string>();
    for (let i = usageAt + 1; i < messages.length; i++) {
      const m = messages[i];
      tokens += messageTokens(m);
      if (m.role === 'toolResult') for (const name of m.addedToolNames ?? []) added.add(name);
    }
    return tokens + toolTokens(context.tools?.filter((t) => added.has(t.name)));
  }
  let tokens = 0;
  for (const m of messages) tokens += messageTokens(m);
  const prompt = context.systemPrompt ? Math.ceil(context.systemPrompt.length / CHARS_PER_TOKEN) : 0;
  return tokens + prompt + toolTokens(context.tools);
}

export function clampMaxTokensToContext(model: Model, context: Context, maxTokens: number): number {
  if (model.contextWindow <= 0) return Math.max(1, maxTokens);
  const available = model.contextWindow - estimateContextTokens(context) - CONTEXT_SAFETY_TOKENS;
  return Math.min(maxTokens, Math.max(1, available));
}

/** The `maxTokens` every provider receives from streamSimple (before any thinking adjustment). */
export function baseMaxTokens(model: Model, context: Context, requested: number | undefined): number {
  return clampMaxTokensToContext(model, context, requested ?? model.maxTokens);
}

/** Model sampling params overlaid with the caller's, or undefined when neither has any. */
export function mergedSamplingParams(model: Model, requested: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return model.samplingParams || requested ? { ...model.samplingParams, ...requested } : undefined;
}

const LEVELS: ModelThinkingLevel[] = ['off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

function supportedLevels(model: Model): ModelThinkingLevel[] {
  if (!model.reasoning) return ['off'];
  return LEVELS.filter((level) => {
    const mapped = model.thinkingLevelMap?.[level];
    if (mapped === null) return false;
    // The extended levels exist only where the model maps them explicitly.
    return level === 'xhigh' || level === 'max' ? mapped !== undefined : true;
  });
}

/** The requested level, or the nearest supported one above it, else below it. */
export function clampThinkingLevel(model: Model, level: ModelThinkingLevel): ModelThinkingLevel {
  const available = supportedLevels(model);
  if (available.includes(level)) return level;
  const at = LEVELS.indexOf(level);
  if (at === -1) return available[0] ?? 'off';
  for (let i = at; i < LEVELS.length; i++) if (available.includes(LEVELS[i])) return LEVELS[i];
  for (let i = at - 1; i >= 0; i--) if (available.includes(LEVELS[i])) return LEVELS[i];
  return available[0] ?? 'off';
}

/** `reasoning` as most providers use it: clamped, and undefined for "off". */
export function effectiveReasoning(model: Model, requested: ThinkingLevel | undefined): ThinkingLevel | undefined {
  if (!requested) return undefined;
  const level = clampThinkingLevel(model, requested);
  return level === 'off' ? undefined : level;
}

/** xhigh and max have no budget of their own: they spend the high budget. */
export function budgetLevel(level: ThinkingLevel): keyof ThinkingBudgets {
  return level === 'xhigh' || level === 'max' ? 'high' : level;
}

export function thinkingBudgetFor(level: ThinkingLevel, custom?: ThinkingBudgets): number {
  return { ...DEFAULT_THINKING_BUDGETS, ...custom }[budgetLevel(level)];
}

export function fitBudgetUnderCeiling(budget: number, ceiling: number): number {
  return Math.min(budget, Math.max(0, ceiling - MIN_ANSWER_TOKENS));
}

/** Output ceiling and thinking budget when thinking shares max_tokens (anthropic, bedrock-claude). */
export function maxTokensWithThinking(
  requested: number | undefined,
  modelMax: number,
  level: ThinkingLevel,
  custom?: ThinkingBudgets,
): { maxTokens: number; thinkingBudget: number } {
  let thinkingBudget = thinkingBudgetFor(level, custom);
  const maxTokens = requested === undefined ? modelMax : Math.min(requested + thinkingBudget, modelMax);
  if (maxTokens <= thinkingBudget) thinkingBudget = fitBudgetUnderCeiling(thinkingBudget, maxTokens);
  return { maxTokens, thinkingBudget };
}

// The three moments of a conversation the providers panel shows, built from the workspace's own tools: the
// first request (system prompt, a user prompt, the tools), the request after a parallel batch of calls in which
// one failed, and the request after a turn with thinking, an image in and an image out. Later turns are
// written "by" the model of each API variant, with the call ids and signatures that provider really produces.
import type { ApiVariant, EncodeOptions } from '../../ai/providers/index.ts';
import type { AssistantMessage, Context, Message, Tool, ToolCall, ToolResultMessage, Usage } from '../../ai/index.ts';
import { exampleArguments } from '../run/example-arguments.ts';

export type ConversationId = 'first-turn' | 'after-batch' | 'thinking-image';
export const CONVERSATION_IDS: readonly ConversationId[] = ['first-turn', 'after-batch', 'thinking-image'];

/**
 * The words of the sample conversation: what the user types (the prompt is editable) and what the model and the
 * tools say. The panel passes them in the reader's language; `{n}` and `{tool}` are filled in.
 */
export interface ConversationTexts {
  userPrompt: string;
  pictureAttached: string;
  batchIntro: string;
  toolDone: string;
  toolFailed: string;
  noTools: string;
  followUp: string;
  thinking: string;
  pictureReply: string;
  pictureAndTool: string;
  toolPicture: string;
}

export const ENGLISH_TEXTS: ConversationTexts = {
  userPrompt: 'Please help me with this, using your tools where they help.',
  pictureAttached: '(A picture is attached.)',
  batchIntro: 'I will make three calls at once.',
  toolDone: 'Result {n} of {tool}: done.',
  toolFailed: 'Service unavailable (503). Try again later.',
  noTools: 'I have no tools for this, so here is my answer in words.',
  followUp: 'Thanks. One more question, please.',
  thinking: 'The user sent a picture. I should look at it, then use a tool.',
  pictureReply: 'It is a small blue square.',
  pictureAndTool: 'A small blue square. Let me check with a tool.',
  toolPicture: 'Here is the image the tool produced.',
};

export const DEFAULT_USER_PROMPT = ENGLISH_TEXTS.userPrompt;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A 4×4 PNG (a small blue square), small enough to read in the payload. */
export const SAMPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR42mPwjb4GRwzEcQBkghfhhPcwuQAAAABJRU5ErkJggg==';

export interface ConversationInput {
  systemPrompt: string;
  userPrompt: string;
  tools: Tool[];
  /** Default: English. */
  texts?: ConversationTexts;
}

const ZERO_USAGE: Usage = {
  input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** Options the loop would pass for this moment: a conversation with thinking runs with reasoning on. */
export function conversationOptions(id: ConversationId): EncodeOptions {
  return id === 'thinking-image' ? { reasoning: 'medium' } : {};
}

/** A call id shaped the way this variant's provider writes them (pi keeps them as they came). */
export function callIdFor(variant: ApiVariant, toolName: string, n: number): string {
  const tag = `${n + 1}`.padStart(2, '0');
  switch (variant.api) {
    case 'openai-responses':
    case 'azure-openai-responses':
    case 'openai-codex-responses': return `call_pg${tag}Xk2mQ7|fc_68a1c0de${tag}b7f4e9`;
    case 'anthropic-messages':
    case 'pi-messages': return `toolu_01Pg${tag}aZq8wLmN3vT`;
    case 'google-generative-ai':
    case 'google-vertex': return `${toolName}_1767225600000_${n}`;
    case 'mistral-conversations': return `pgC${tag}x7Qk`.slice(0, 9);
    case 'bedrock-converse-stream': return `tooluse_Pg${tag}kQ7mX2rT`;
    default: return `call_pg${tag}Xk2mQ7wLn`;
  }
}

/** The signature a provider attaches to a thinking block, in the form pi stores it for that API. */
function thinkingSignature(variant: ApiVariant): string | undefined {
  switch (variant.api) {
    case 'openai-completions': return 'reasoning_content';
    case 'openai-responses':
    case 'azure-openai-responses':
    case 'openai-codex-responses':
      return JSON.stringify({ type: 'reasoning', id: 'rs_68a1c0de01', summary: [{ type: 'summary_text', text: 'Plan the calls.' }], encrypted_content: 'gAAAAABo_example' });
    case 'anthropic-messages':
    case 'bedrock-converse-stream':
    case 'google-generative-ai':
    case 'google-vertex': return 'RXhhbXBsZVNpZ25hdHVyZQ==';
    default: return undefined;
  }
}

function assistant(variant: ApiVariant, content: AssistantMessage['content'], timestamp: number): AssistantMessage {
  return {
    role: 'assistant', content, api: variant.api, provider: variant.model.provider, model: variant.model.id,
    usage: ZERO_USAGE, stopReason: content.some((b) => b.type === 'toolCall') ? 'toolUse' : 'stop', timestamp,
  };
}

/** Try-it's first guess at arguments, with a word in place of empty strings so the call reads naturally. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (value === '') return 'example';
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  const args = fill(exampleArguments(tool.parameters));
  return args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

function call(variant: ApiVariant, tool: Tool, n: number): ToolCall {
  return { type: 'toolCall', id: callIdFor(variant, tool.name, n), name: tool.name, arguments: sampleArguments(tool) };
}

function result(toolCall: ToolCall, content: ToolResultMessage['content'], isError: boolean, timestamp: number): ToolResultMessage {
  return { role: 'toolResult', toolCallId: toolCall.id, toolName: toolCall.name, content, details: {}, isError, timestamp };
}

function afterBatch(variant: ApiVariant, input: ConversationInput): Message[] {
  const texts = input.texts ?? ENGLISH_TEXTS;
  const messages: Message[] = [{ role: 'user', content: input.userPrompt, timestamp: 1 }];
  if (input.tools.length === 0) {
    messages.push(assistant(variant, [{ type: 'text', text: texts.noTools }], 2));
    messages.push({ role: 'user', content: texts.followUp, timestamp: 3 });
    return messages;
  }
  // Three calls in one turn (the same tool again when there are fewer); the second one fails.
  const calls = [0, 1, 2].map((n) => call(variant, input.tools[n % input.tools.length], n));
  messages.push(assistant(variant, [{ type: 'text', text: texts.batchIntro }, ...calls], 2));
  calls.forEach((c, n) => {
    const failed = n === 1;
    const text = failed ? texts.toolFailed : fill(texts.toolDone, { n: n + 1, tool: c.name });
    messages.push(result(c, [{ type: 'text', text }], failed, 3 + n));
  });
  return messages;
}

function thinkingImage(variant: ApiVariant, input: ConversationInput): Message[] {
  const texts = input.texts ?? ENGLISH_TEXTS;
  const messages: Message[] = [{
    role: 'user', timestamp: 1,
    content: [{ type: 'text', text: `${input.userPrompt} ${texts.pictureAttached}` }, { type: 'image', data: SAMPLE_PNG, mimeType: 'image/png' }],
  }];
  const signature = thinkingSignature(variant);
  const thinking = { type: 'thinking' as const, thinking: texts.thinking, ...(signature ? { thinkingSignature: signature } : {}) };
  if (input.tools.length === 0) {
    messages.push(assistant(variant, [thinking, { type: 'text', text: texts.pictureReply }], 2));
    messages.push({ role: 'user', content: texts.followUp, timestamp: 3 });
    return messages;
  }
  const toolCall = call(variant, input.tools[0], 0);
  if (variant.api === 'google-generative-ai' || variant.api === 'google-vertex') toolCall.thoughtSignature = 'RXhhbXBsZVNpZ25hdHVyZQ==';
  messages.push(assistant(variant, [thinking, { type: 'text', text: texts.pictureAndTool }, toolCall], 2));
  messages.push(result(toolCall, [{ type: 'text', text: texts.toolPicture }, { type: 'image', data: SAMPLE_PNG, mimeType: 'image/png' }], false, 3));
  return messages;
}

/** The pi Context of one moment for one variant. Pure; the tools list is shared, never copied. */
export function buildConversation(id: ConversationId, variant: ApiVariant, input: ConversationInput): Context {
  const messages = id === 'after-batch' ? afterBatch(variant, input)
    : id === 'thinking-image' ? thinkingImage(variant, input)
      : [{ role: 'user' as const, content: input.userPrompt, timestamp: 1 }];
  return { systemPrompt: input.systemPrompt, messages, tools: input.tools };
}

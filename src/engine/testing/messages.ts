// Plain-data builders for messages, blocks and models in pi's shapes (the same shapes pi's faux helpers build),
// and the convertToLlm most tests use. No pi import: usable from any test.
import type { AssistantMessage, Message, Model, StopReason, TextContent, ThinkingContent, ToolCall, Usage, UserMessage } from '../../ai/index.ts';
import type { AgentMessage } from '../types.ts';

export const ZERO_USAGE: Usage = Object.freeze({
  input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
  cost: Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }),
}) as Usage;

/** Fixed timestamp so test messages are byte-stable. */
export const TEST_TIMESTAMP = 1_700_000_000_000;

export function user(content: UserMessage['content'], timestamp = TEST_TIMESTAMP): UserMessage {
  return { role: 'user', content, timestamp };
}

export function text(value: string): TextContent {
  return { type: 'text', text: value };
}

export function thinking(value: string): ThinkingContent {
  return { type: 'thinking', thinking: value };
}

export function toolCall(name: string, args: Record<string, any>, id: string): ToolCall {
  return { type: 'toolCall', id, name, arguments: args };
}

export interface AssistantOptions {
  stopReason?: StopReason;
  errorMessage?: string;
  timestamp?: number;
}

/** An assistant message as a scripted response; a string becomes one text block. */
export function assistant(content: string | AssistantMessage['content'], options: AssistantOptions = {}): AssistantMessage {
  return {
    role: 'assistant',
    content: typeof content === 'string' ? [text(content)] : content,
    api: 'faux',
    provider: 'faux',
    model: 'faux-1',
    usage: ZERO_USAGE,
    stopReason: options.stopReason ?? 'stop',
    ...(options.errorMessage === undefined ? {} : { errorMessage: options.errorMessage }),
    timestamp: options.timestamp ?? TEST_TIMESTAMP,
  };
}

/** A minimal model definition for streams that ignore the model. */
export function testModel(overrides: Partial<Model> = {}): Model {
  return {
    id: 'test-model', name: 'Test Model', api: 'test-api', provider: 'test', baseUrl: 'http://localhost:0',
    reasoning: false, input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128000, maxTokens: 16384, ...overrides,
  };
}

/** The usual convertToLlm: keeps user, assistant and toolResult messages (pi's Agent default). */
export function keepLlmMessages(messages: AgentMessage[]): Message[] {
  return messages.filter((m): m is Message => {
    const role = (m as { role?: unknown }).role;
    return role === 'user' || role === 'assistant' || role === 'toolResult';
  });
}

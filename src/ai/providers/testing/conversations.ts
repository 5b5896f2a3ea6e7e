// Conversations the differential tests encode for every API: a first turn; the turn after a parallel batch
// with one failed result (from another model); a same-model history with thinking, signatures and images;
// and a messy one with an orphan result, an unanswered call and a failed turn.
import type { AssistantMessage, Context, Message, Model, Tool, ToolResultMessage, Usage } from '../../types.ts';
import { TOOLS } from './tools.ts';

/** A 1×1 PNG. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const usage = (input = 0, output = 0): Usage => ({
  input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});

const FOREIGN = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' } as const;

function assistant(content: AssistantMessage['content'], from: { api: string; provider: string; model: string }, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return { role: 'assistant', content, api: from.api, provider: from.provider, model: from.model, usage: usage(), stopReason: 'toolUse', timestamp: 2, ...extra };
}

function result(toolCallId: string, toolName: string, content: ToolResultMessage['content'], isError = false): ToolResultMessage {
  return { role: 'toolResult', toolCallId, toolName, content, details: { note: 'not for the model' }, isError, timestamp: 3 };
}

export const SYSTEM_PROMPT = 'You are a careful assistant. Use tools when they help.';

export function firstTurn(tools: Tool[] = TOOLS): Context {
  return { systemPrompt: SYSTEM_PROMPT, messages: [{ role: 'user', content: 'What is the weather in Paris and Tokyo?', timestamp: 1 }], tools };
}

/** Three parallel calls from another model (Responses-style `call|item` ids); the second one failed. */
export function afterParallelBatch(tools: Tool[] = TOOLS): Context {
  const messages: Message[] = [
    { role: 'user', content: 'Weather in Paris and Tokyo, then search my notes.', timestamp: 1 },
    assistant([
      { type: 'text', text: 'Checking three things at once.' },
      { type: 'toolCall', id: 'call_A1|fc_0123456789abcdef', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
      { type: 'toolCall', id: 'call_B2|fc_fedcba9876543210', name: 'get_weather', arguments: { city: 'Tokyo' } },
      { type: 'toolCall', id: 'call_C3|fc_aaaabbbbccccdddd', name: 'search_records', arguments: { query: 'notes', filters: { tags: ['x'], owner: { id: 'u1' } } } },
    ], FOREIGN, { usage: usage(120, 40) }),
    result('call_A1|fc_0123456789abcdef', 'get_weather', [{ type: 'text', text: '18°C, cloudy' }]),
    result('call_B2|fc_fedcba9876543210', 'get_weather', [{ type: 'text', text: 'Service unavailable' }], true),
    result('call_C3|fc_aaaabbbbccccdddd', 'search_records', [{ type: 'text', text: '3 notes found' }, { type: 'text', text: 'first: groceries' }]),
  ];
  return { systemPrompt: SYSTEM_PROMPT, messages, tools };
}

/** Same-model history with signed thinking, a redacted block, text signatures and images both ways. */
export function withThinkingAndImages(model: Model, tools: Tool[] = TOOLS): Context {
  const self = { api: model.api, provider: model.provider, model: model.id };
  const reasoningItem = JSON.stringify({ type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'plan' }], encrypted_content: 'ZW5j' });
  const messages: Message[] = [
    { role: 'user', content: [{ type: 'text', text: 'What is in this picture? Then read notes.txt.' }, { type: 'image', data: PNG, mimeType: 'image/png' }], timestamp: 1 },
    assistant([
      { type: 'thinking', thinking: 'The user wants a description, then a file.', thinkingSignature: reasoningItem },
      { type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: reasoningItem, redacted: true },
      { type: 'text', text: 'A single pixel. Reading the file now.', textSignature: 'c2lnbmF0dXJlMTIz' },
      { type: 'toolCall', id: 'toolu_01', name: 'read', arguments: { path: 'notes.txt' }, thoughtSignature: 'dGhvdWdodA==' },
      { type: 'toolCall', id: 'toolu_02', name: 'apply_patch', arguments: { patch: '*** Begin Patch' } },
    ], self, { usage: usage(300, 80) }),
    result('toolu_01', 'read', [{ type: 'text', text: 'line one' }, { type: 'image', data: PNG, mimeType: 'image/png' }]),
    result('toolu_02', 'apply_patch', [{ type: 'image', data: PNG, mimeType: 'image/png' }], true),
    assistant([{ type: 'thinking', thinking: '   ' }, { type: 'text', text: 'Done.' }], self, { stopReason: 'stop', usage: usage(400, 10) }),
    { role: 'user', content: [{ type: 'text', text: '' }, { type: 'text', text: 'Thanks! 🙏 one more: \uD800 stray' }], timestamp: 5 },
  ];
  return { systemPrompt: SYSTEM_PROMPT, messages, tools };
}

/** An unanswered call interrupted by the user, a failed turn, an orphan result and a call left open at the end. */
export function orphansAndGaps(tools: Tool[] = TOOLS): Context {
  const other = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  const messages: Message[] = [
    { role: 'user', content: 'Start.', timestamp: 1 },
    assistant([{ type: 'toolCall', id: 'toolu_unanswered', name: 'ping', arguments: {} }], other),
    { role: 'user', content: 'Never mind that; ping again.', timestamp: 3 },
    assistant([{ type: 'text', text: 'partial' }, { type: 'toolCall', id: 'toolu_half', name: 'ping', arguments: {} }], other, { stopReason: 'error', errorMessage: 'boom' }),
    result('toolu_orphan', 'ping', [{ type: 'text', text: 'a result nobody asked for' }]),
    assistant([{ type: 'toolCall', id: 'toolu_last', name: 'bash', arguments: { command: 'ls -la', '': 'empty key' } }], other),
  ];
  return { systemPrompt: '', messages, tools };
}

/** Tool results that announce tools (`addedToolNames`): APIs with deferred loading declare them late. */
export function announcedTools(tools: Tool[] = TOOLS): Context {
  const self = { api: 'openai-responses', provider: 'openai', model: 'gpt-5.1' };
  const messages: Message[] = [
    { role: 'user', content: 'Look around, then run something.', timestamp: 1 },
    assistant([{ type: 'toolCall', id: 'call_r|fc_r1', name: 'read', arguments: { path: 'README.md' }, namespace: 'fs' }], self),
    { ...result('call_r|fc_r1', 'read', [{ type: 'text', text: 'You can now use bash and ping.' }]), addedToolNames: ['bash', 'ping', 'read'] },
    assistant([{ type: 'toolCall', id: 'call_b|fc_b1', name: 'bash', arguments: { command: 'ls' } }], self),
    { ...result('call_b|fc_b1', 'bash', [{ type: 'text', text: 'a.txt' }]), addedToolNames: ['summarise'] },
    { role: 'user', content: 'Summarise a.txt.', timestamp: 6 },
  ];
  return { systemPrompt: SYSTEM_PROMPT, messages, tools };
}

export const CONVERSATIONS: { name: string; build: (model: Model, tools?: Tool[]) => Context }[] = [
  { name: 'first turn', build: (_m, t) => firstTurn(t) },
  { name: 'after a parallel batch with an error', build: (_m, t) => afterParallelBatch(t) },
  { name: 'thinking, signatures and images', build: (m, t) => withThinkingAndImages(m, t) },
  { name: 'orphan result and unanswered calls', build: (_m, t) => orphansAndGaps(t) },
  { name: 'tools announced by a tool result', build: (_m, t) => announcedTools(t) },
];

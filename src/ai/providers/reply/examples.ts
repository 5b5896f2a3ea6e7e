// Canned replies, one set per API, showing how each provider's stream carries a tool call: parallel
// calls, arguments split across chunks, a reply cut off mid-arguments, malformed arguments, OAuth names.
// They are replayed through pi-ai's own stream functions in the tests, so what they decode to is pi's.
import type { KnownApi, Tool } from '../../types.ts';
import { ANTHROPIC_OAUTH_EXAMPLE_KEY } from '../known-apis.ts';
import type { CannedReply, DecodeOptions } from './types.ts';

export interface ReplyExample {
  key: string;
  label: string;
  /** What to look at in the decoded result. */
  note: string;
  reply: CannedReply;
  options?: DecodeOptions;
}

/** `data: <json>` frames, as OpenAI-style and Gemini streams send them. */
const data = (...events: unknown[]) => `${events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('')}`;
/** `event: <type>` + `data: <json>` frames, as Anthropic sends them. */
const typed = (...events: { type: string }[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

const chunk = (delta: unknown, finish: string | null = null) => ({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'gpt-4.1', choices: [{ index: 0, delta, finish_reason: finish }] });
const READ: Tool = { name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as never };

const completionsParallel = data(
  chunk({ role: 'assistant', content: 'Checking both cities.' }),
  chunk({ tool_calls: [{ index: 0, id: 'call_paris', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chunk({ tool_calls: [{ index: 1, id: 'call_tokyo', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo","unit":"celsius"}' } }] }),
  chunk({}, 'tool_calls'),
  { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 } },
  '[DONE]',
);

const responsesEvents = (terminal: 'response.completed' | 'response.done') => data(
  { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } },
  { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_1', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'Looking it up.' },
  { type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Looking it up.' }] } },
  { type: 'response.output_item.added', output_index: 1, item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '' } },
  { type: 'response.function_call_arguments.delta', output_index: 1, delta: '{"ci' },
  { type: 'response.function_call_arguments.delta', output_index: 1, delta: 'ty":"Par' },
  { type: 'response.function_call_arguments.delta', output_index: 1, delta: 'is"}' },
  { type: 'response.function_call_arguments.done', output_index: 1, arguments: '{"city":"Paris"}' },
  { type: 'response.output_item.done', output_index: 1, item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' } },
  { type: terminal, response: { id: 'resp_1', status: 'completed', usage: { input_tokens: 50, output_tokens: 20, total_tokens: 70 } } },
);

const responsesIncomplete = data(
  { type: 'response.created', response: { id: 'resp_2', status: 'in_progress' } },
  { type: 'response.output_item.added', output_index: 0, item: { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'get_weather', arguments: '' } },
  { type: 'response.function_call_arguments.delta', output_index: 0, delta: '{"city":"Pa' },
  { type: 'response.incomplete', response: { id: 'resp_2', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } } },
);

const anthropicStart = { type: 'message_start', message: { id: 'msg_01', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], usage: { input_tokens: 40, output_tokens: 1 } } };
const anthropicToolUse = (name: string, stop: boolean) => [
  { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01', name, input: {} } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"path": "no' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'tes.txt"}' } },
  ...(stop ? [{ type: 'content_block_stop', index: 1 }] : []),
];
const anthropicText = [
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Reading the notes.' } },
  { type: 'content_block_stop', index: 0 },
];
const anthropicEnd = (reason: string) => [
  { type: 'message_delta', delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 30 } },
  { type: 'message_stop' },
];

const gemini = (parts: unknown[], finishReason?: string) => ({ candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 }], responseId: 'resp-g1', modelVersion: 'gemini-2.5-flash' });
const geminiCall = data(
  gemini([{ text: 'Checking the weather.' }]),
  gemini([{ functionCall: { id: 'fc-paris', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2lnbmF0dXJl' }]),
  gemini([{ functionCall: { id: 'fc-tokyo', name: 'get_weather', args: { city: 'Tokyo', unit: 'celsius' } } }], 'STOP'),
);

const mistral = (delta: unknown, finish: string | null = null) => ({ id: 'cmpl-m1', object: 'chat.completion.chunk', model: 'mistral-large-latest', choices: [{ index: 0, delta, finish_reason: finish }] });

const pi = (...events: unknown[]) => data(...events);

export const REPLY_EXAMPLES: Readonly<Record<KnownApi, readonly ReplyExample[]>> = {
  'openai-completions': [
    { key: 'parallel-calls', label: 'Two parallel tool calls', note: 'Calls keyed by index; every chunk emits a toolcall_delta; all blocks close after the stream ends.', reply: completionsParallel },
    { key: 'length', label: 'Cut off mid-arguments', note: 'finish_reason "length": the call still closes, with salvaged arguments {city:"Pa"}; the loop will not run it.', reply: data(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Pa' } }] }), chunk({}, 'length'), '[DONE]') },
    { key: 'thinking', label: 'Reasoning text, then a call', note: 'reasoning_content deltas become a thinking block whose signature names the field.', reply: data(chunk({ reasoning_content: 'The user wants weather; ' }), chunk({ reasoning_content: 'call the tool.' }), chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] }), chunk({}, 'tool_calls'), '[DONE]') },
    { key: 'malformed', label: 'Malformed arguments', note: 'The salvaging parser keeps what it can: {"city":"Par → {city:"Par"}.', reply: data(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Par' } }] }), chunk({}, 'tool_calls'), '[DONE]') },
  ],
  'openai-responses': [
    { key: 'function-call', label: 'Text then a function call', note: 'The id becomes "call_1|fc_1"; status "completed" with a call present means toolUse.', reply: responsesEvents('response.completed') },
    {
      key: 'reasoning', label: 'A reasoning item, then a call', note: 'Summary deltas stream as thinking; the whole reasoning item becomes the signature replayed next turn.',
      reply: data(
        { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [] } },
        { type: 'response.reasoning_summary_text.delta', output_index: 0, delta: 'Need the weather.' },
        { type: 'response.reasoning_summary_part.done', output_index: 0 },
        { type: 'response.output_item.done', output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Need the weather.' }], encrypted_content: 'ZW5j' } },
        { type: 'response.output_item.added', output_index: 1, item: { type: 'function_call', id: 'fc_9', call_id: 'call_9', name: 'get_weather', arguments: '' } },
        { type: 'response.function_call_arguments.done', output_index: 1, arguments: '{"city":"Quito"}' },
        { type: 'response.output_item.done', output_index: 1, item: { type: 'function_call', id: 'fc_9', call_id: 'call_9', name: 'get_weather', arguments: '{"city":"Quito"}' } },
        { type: 'response.completed', response: { id: 'resp_9', status: 'completed' } },
      ),
    },
    { key: 'incomplete', label: 'Incomplete: max_output_tokens mid-arguments', note: 'No toolcall_end; the call keeps salvaged arguments plus its partialJson scratch field; stop reason length.', reply: responsesIncomplete },
  ],
  'azure-openai-responses': [
    { key: 'function-call', label: 'Text then a function call', note: 'Same events as OpenAI Responses.', reply: responsesEvents('response.completed') },
  ],
  'openai-codex-responses': [
    { key: 'function-call', label: 'Text then a function call (response.done)', note: 'Codex ends with response.done, read as response.completed.', reply: responsesEvents('response.done') },
    { key: 'error', label: 'Usage limit error mid-stream', note: 'An error event ends the reply with "Codex error: …".', reply: data({ type: 'response.created', response: { id: 'resp_3' } }, { type: 'error', code: 'usage_limit_reached', message: 'You have hit your usage limit' }) },
  ],
  'anthropic-messages': [
    { key: 'tool-use', label: 'Text then a tool_use block', note: 'input_json_delta pieces accumulate; content_block_stop closes the call.', reply: typed(anthropicStart, ...anthropicText, ...anthropicToolUse('read', true), ...anthropicEnd('tool_use')) },
    { key: 'oauth-names', label: 'OAuth reply naming a Claude Code tool', note: 'The reply says "Read"; pi maps it back to the request\'s own tool "read".', reply: typed(anthropicStart, ...anthropicToolUse('Read', true), ...anthropicEnd('tool_use')), options: { apiKey: ANTHROPIC_OAUTH_EXAMPLE_KEY, tools: [READ] } },
    {
      key: 'thinking', label: 'Signed thinking, then a call', note: 'signature_delta completes the thinking block\'s signature; no event is emitted for it.',
      reply: typed(anthropicStart,
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } } as { type: string },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Read the notes first.' } } as { type: string },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCkYIBxgCKkA=' } } as { type: string },
        { type: 'content_block_stop', index: 0 } as { type: string },
        ...anthropicToolUse('read', true), ...anthropicEnd('tool_use')),
    },
    { key: 'refusal', label: 'A refusal', note: 'stop_reason "refusal" ends the reply as an error with the provider\'s explanation.', reply: typed(anthropicStart, ...anthropicText, { type: 'message_delta', delta: { stop_reason: 'refusal', stop_details: { explanation: 'I cannot help with that.' } } } as { type: string }, { type: 'message_stop' }) },
    { key: 'max-tokens', label: 'max_tokens before content_block_stop', note: 'No toolcall_end: the call keeps partialJson and index scratch fields; stop reason length.', reply: typed(anthropicStart, ...anthropicToolUse('read', false), ...anthropicEnd('max_tokens')) },
  ],
  'google-generative-ai': [
    { key: 'function-calls', label: 'Text then two functionCall parts', note: 'Each call arrives whole: start, one delta (its JSON), end; the thought signature is kept; STOP → toolUse.', reply: geminiCall },
    { key: 'max-tokens', label: 'MAX_TOKENS after a call', note: 'MAX_TOKENS stays length even with a call present, so the loop refuses to run it.', reply: data(gemini([{ functionCall: { id: 'fc-1', name: 'get_weather', args: { city: 'Nairobi' } } }], 'MAX_TOKENS')) },
    { key: 'no-ids', label: 'Calls without ids', note: 'pi invents ids: <name>_<Date.now()>_<counter>.', reply: data(gemini([{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }], 'STOP')) },
  ],
  'google-vertex': [
    { key: 'function-calls', label: 'Text then two functionCall parts', note: 'Same as the Gemini API.', reply: geminiCall },
  ],
  'mistral-conversations': [
    { key: 'tool-call', label: 'A tool call in pieces', note: 'Keyed by index; closed when the stream ends.', reply: data(mistral({ role: 'assistant', content: '' }), mistral({ tool_calls: [{ id: 'abcDEF123', index: 0, function: { name: 'get_weather', arguments: '{"city": ' } }] }), mistral({ tool_calls: [{ index: 0, function: { name: 'get_weather', arguments: '"Rome"}' } }] }), mistral({ content: '' }, 'tool_calls'), '[DONE]') },
    { key: 'no-finish', label: 'A stream without a finish reason', note: 'The call is closed, then the reply fails: "Mistral stream ended without a finish reason".', reply: data(mistral({ tool_calls: [{ id: 'abcDEF123', index: 0, function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] }), '[DONE]') },
    { key: 'non-object', label: 'Arguments that are not an object', note: 'A complete non-object text stays as it is: [1,2] → arguments [1,2] (validation will refuse it).', reply: data(mistral({ tool_calls: [{ id: 'xyzXYZ789', index: 0, function: { name: 'get_weather', arguments: '[1,2]' } }] }, 'tool_calls'), '[DONE]') },
  ],
  'bedrock-converse-stream': [
    {
      key: 'tool-use', label: 'Text then a toolUse block', note: 'Bedrock sends binary event-stream frames; these are the SDK\'s decoded events.',
      reply: [
        { messageStart: { role: 'assistant' } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Let me check.' } } },
        { contentBlockStop: { contentBlockIndex: 0 } },
        { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"city":' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '"Lima"}' } } } },
        { contentBlockStop: { contentBlockIndex: 1 } },
        { messageStop: { stopReason: 'tool_use' } },
        { metadata: { usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42 } } },
      ],
    },
    {
      key: 'reasoning-max-tokens', label: 'Signed reasoning, then a call cut off by max_tokens', note: 'Reasoning opens a thinking block implicitly; the cut-off call keeps salvaged arguments.',
      reply: [
        { messageStart: { role: 'assistant' } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { text: 'Check the weather.' } } } },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { signature: 'c2ln' } } } },
        { contentBlockStop: { contentBlockIndex: 0 } },
        { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_2', name: 'get_weather' } } } },
        { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"city":"Li' } } } },
        { messageStop: { stopReason: 'max_tokens' } },
      ],
    },
  ],
  'pi-messages': [
    {
      key: 'tool-call', label: 'pi\'s own events', note: 'The backend streams pi events; toolcall_end carries the final call.',
      reply: pi(
        { type: 'start' },
        { type: 'toolcall_start', contentIndex: 0, id: 'call_1', toolName: 'get_weather' },
        { type: 'toolcall_delta', contentIndex: 0, delta: '{"city":"Ber' },
        { type: 'toolcall_delta', contentIndex: 0, delta: 'lin"}' },
        { type: 'toolcall_end', contentIndex: 0, toolCall: { type: 'toolCall', id: 'call_1', name: 'get_weather', arguments: { city: 'Berlin' } } },
        { type: 'done', reason: 'toolUse', usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, responseId: 'r1' },
      ),
    },
    {
      key: 'error', label: 'A backend error after some text', note: 'The terminal error event keeps the text so far and carries the backend\'s message.',
      reply: pi(
        { type: 'start' },
        { type: 'text_start', contentIndex: 0 },
        { type: 'text_delta', contentIndex: 0, delta: 'Working' },
        { type: 'error', reason: 'error', errorMessage: 'upstream overloaded', usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } } },
      ),
    },
  ],
};

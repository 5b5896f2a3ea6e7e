// OpenAI-style wire formats from canned replies: Chat Completions chunks (openai-completions, and
// mistral-conversations' near-identical chunks with thinking as content parts) and the Responses API's events.
import { pieces, type CannedReply, type StandInRequest } from './replies.ts';

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const named = (data: { type: string }) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

export function chatFrames(reply: CannedReply, request: StandInRequest, n: number): string[] {
  const mistral = request.api === 'mistral-conversations';
  const id = `chatcmpl-standin-${n}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
    sse({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  const frames = [chunk({ role: 'assistant', content: '' })];
  for (const piece of reply.thinking ? pieces(reply.thinking) : []) {
    frames.push(mistral
      ? chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: piece }] }] })
      : chunk({ reasoning_content: piece }));
  }
  for (const piece of reply.text ? pieces(reply.text) : []) frames.push(chunk({ content: piece }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    frames.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of pieces(JSON.stringify(call.arguments))) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  const usage = { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 };
  frames.push(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop', mistral ? { usage } : {}));
  if (!mistral) frames.push(sse({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model: request.model, choices: [], usage }));
  frames.push('data: [DONE]\n\n');
  return frames;
}

export function responsesFrames(reply: CannedReply, request: StandInRequest, n: number): string[] {
  const responseId = `resp_standin_${n}`;
  const frames = [named({ type: 'response.created', response: { id: responseId, object: 'response', status: 'in_progress', model: request.model, output: [] } } as any)];
  const output: unknown[] = [];
  let index = 0;
  if (reply.thinking) {
    const item = { type: 'reasoning', id: `rs_standin_${n}`, summary: [] as unknown[] };
    frames.push(named({ type: 'response.output_item.added', output_index: index, item } as any));
    for (const delta of pieces(reply.thinking)) {
      frames.push(named({ type: 'response.reasoning_summary_text.delta', output_index: index, item_id: item.id, summary_index: 0, delta } as any));
    }
    const done = { ...item, summary: [{ type: 'summary_text', text: reply.thinking }] };
    frames.push(named({ type: 'response.output_item.done', output_index: index, item: done } as any));
    output.push(done);
    index++;
  }
  if (reply.text) {
    const item = { type: 'message', id: `msg_standin_${n}`, role: 'assistant', status: 'in_progress', content: [] as unknown[] };
    frames.push(named({ type: 'response.output_item.added', output_index: index, item } as any));
    for (const delta of pieces(reply.text)) {
      frames.push(named({ type: 'response.output_text.delta', output_index: index, item_id: item.id, content_index: 0, delta } as any));
    }
    const done = { ...item, status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
    frames.push(named({ type: 'response.output_item.done', output_index: index, item: done } as any));
    output.push(done);
    index++;
  }
  for (const call of reply.toolCalls ?? []) {
    const args = JSON.stringify(call.arguments);
    const item = { type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: '', status: 'in_progress' };
    frames.push(named({ type: 'response.output_item.added', output_index: index, item } as any));
    for (const delta of pieces(args)) frames.push(named({ type: 'response.function_call_arguments.delta', output_index: index, item_id: item.id, delta } as any));
    frames.push(named({ type: 'response.function_call_arguments.done', output_index: index, item_id: item.id, arguments: args } as any));
    const done = { ...item, arguments: args, status: 'completed' };
    frames.push(named({ type: 'response.output_item.done', output_index: index, item: done } as any));
    output.push(done);
    index++;
  }
  frames.push(named({
    type: 'response.completed',
    response: { id: responseId, object: 'response', status: 'completed', model: request.model, output, usage: { input_tokens: 42, output_tokens: 17, total_tokens: 59 } },
  } as any));
  return frames;
}

/** OpenAI's and Mistral's error body. */
export function openAiErrorBody(status: number, message: string): unknown {
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_exceeded' : 'server_error';
  return { error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : null } };
}

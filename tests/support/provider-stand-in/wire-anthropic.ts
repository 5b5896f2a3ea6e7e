// Anthropic Messages streaming events from a canned reply: message_start, one content block per thinking, text and
// tool_use (input as partial JSON), message_delta with the stop reason, message_stop.
import { pieces, type CannedReply, type StandInRequest } from './replies.ts';

const event = (data: { type: string }) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

export function anthropicFrames(reply: CannedReply, request: StandInRequest, n: number): string[] {
  const frames = [event({
    type: 'message_start',
    message: {
      id: `msg_standin_${n}`, type: 'message', role: 'assistant', model: request.model, content: [],
      stop_reason: null, stop_sequence: null, usage: { input_tokens: 42, output_tokens: 1 },
    },
  } as any)];
  let index = 0;
  const block = (start: unknown, deltas: unknown[]) => {
    frames.push(event({ type: 'content_block_start', index, content_block: start } as any));
    for (const delta of deltas) frames.push(event({ type: 'content_block_delta', index, delta } as any));
    frames.push(event({ type: 'content_block_stop', index } as any));
    index++;
  };
  if (reply.thinking) {
    block({ type: 'thinking', thinking: '', signature: '' }, [
      ...pieces(reply.thinking).map((thinking) => ({ type: 'thinking_delta', thinking })),
      { type: 'signature_delta', signature: `sig_standin_${n}` },
    ]);
  }
  if (reply.text) block({ type: 'text', text: '' }, pieces(reply.text).map((text) => ({ type: 'text_delta', text })));
  for (const call of reply.toolCalls ?? []) {
    block({ type: 'tool_use', id: call.id, name: call.name, input: {} },
      pieces(JSON.stringify(call.arguments)).map((partial_json) => ({ type: 'input_json_delta', partial_json })));
  }
  frames.push(event({
    type: 'message_delta',
    delta: { stop_reason: reply.toolCalls?.length ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: 17 },
  } as any));
  frames.push(event({ type: 'message_stop' }));
  return frames;
}

export function anthropicErrorBody(status: number, message: string): unknown {
  const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : 'api_error';
  return { type: 'error', error: { type, message } };
}

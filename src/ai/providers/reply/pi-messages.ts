// How a pi-messages stream becomes pi content (pi-ai 0.85.1): the backend sends pi's own events as SSE
// data (`toolcall_start` with id and toolName, deltas, `toolcall_end` with the final call) and a terminal
// `done`/`error` carrying the stop reason; nothing after the terminal event is read.
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { readSse } from './sse.ts';
import { parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply } from './types.ts';

/** The first `data:` line of each frame, as pi reads them ([DONE] and empty frames skipped). */
function* piEvents(sse: string): Generator<any> {
  for (const frame of readSse(sse.replace(/\r\n/g, '\n'))) {
    const data = frame.data.split('\n')[0]?.trim();
    if (data && data !== '[DONE]') yield JSON.parse(data);
  }
}

export function decodePiMessagesReply(sse: string, provider = 'pi-messages'): DecodedReply {
  const out = new ReplyBuilder('pi-messages');
  const json = new Map<number, string>();
  const at = (index: number): Block => out.content[index];
  try {
    for (const event of piEvents(sse)) {
      switch (event.type) {
        case 'done':
          out.stopReason = event.reason;
          out.responseId = event.responseId;
          return out.done();
        case 'error':
          out.responseId = event.responseId;
          out.stopReason = event.reason;
          out.errorMessage = event.errorMessage;
          out.events.push({ type: 'error', reason: event.reason });
          return out.result();
        case 'text_start': out.content[event.contentIndex] = { type: 'text', text: '' }; break;
        case 'text_delta': at(event.contentIndex).text += event.delta; break;
        case 'text_end': Object.assign(at(event.contentIndex), { text: event.content, textSignature: event.contentSignature }); break;
        case 'thinking_start': out.content[event.contentIndex] = { type: 'thinking', thinking: '' }; break;
        case 'thinking_delta': at(event.contentIndex).thinking += event.delta; break;
        case 'thinking_end': Object.assign(at(event.contentIndex), { thinking: event.content, thinkingSignature: event.contentSignature, redacted: event.redacted }); break;
        case 'toolcall_start':
          out.content[event.contentIndex] = { type: 'toolCall', id: event.id, name: event.toolName, arguments: {} };
          json.set(event.contentIndex, '');
          break;
        case 'toolcall_delta': {
          const text = `${json.get(event.contentIndex) ?? ''}${event.delta}`;
          json.set(event.contentIndex, text);
          at(event.contentIndex).arguments = parseStreamingJson(text);
          break;
        }
        case 'toolcall_end':
          Object.assign(at(event.contentIndex), event.toolCall);
          json.delete(event.contentIndex);
          break;
      }
      // Every other event is forwarded as it came (start included).
      out.emit(event.type, event.contentIndex, event.delta);
    }
    throw new ReplyFailure(`${provider} stream ended without a terminal event`);
  } catch (error) {
    // pi replaces the whole message: its error event carries an empty assistant message.
    const failed = new ReplyBuilder('pi-messages');
    failed.events.push(...out.events);
    return failed.fail(errorText(error));
  }
}

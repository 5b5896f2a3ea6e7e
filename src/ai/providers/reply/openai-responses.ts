// How an OpenAI Responses stream becomes pi content (pi-ai 0.85.1, shared by openai-responses, azure and
// codex): output items open blocks, a function call's id is "<call_id>|<item id>", arguments arrive as
// deltas, and the terminal response's status decides the stop reason (toolUse when a call is present).
import type { KnownApi, StopReason } from '../../types.ts';
import { grammarDelta, newGrammarBuffer } from './grammar-input.ts';
import { type Block, errorText, ReplyBuilder, ReplyFailure } from './reply-builder.ts';
import { sseJson } from './sse.ts';
import { parseStreamingJson } from '../../streaming-json.ts';
import type { DecodedReply, DecodeOptions } from './types.ts';

type ResponsesApi = Extract<KnownApi, 'openai-responses' | 'azure-openai-responses' | 'openai-codex-responses'>;
interface Slot { kind: 'thinking' | 'text' | 'toolCall'; block: Block; index: number }

const CODEX_STATUSES = new Set(['completed', 'incomplete', 'failed', 'cancelled', 'queued', 'in_progress']);

function mapStatus(status: string | undefined, incomplete: string | undefined): { stopReason: StopReason; errorMessage?: string } {
  if (!status) return { stopReason: 'stop' };
  switch (status) {
    case 'completed': case 'in_progress': case 'queued': return { stopReason: 'stop' };
    case 'incomplete':
      if (incomplete === 'max_output_tokens') return { stopReason: 'length' };
      return { stopReason: 'error', errorMessage: incomplete ? `Response incomplete: ${incomplete}` : 'Response incomplete without a provider reason' };
    case 'failed': case 'cancelled': return { stopReason: 'error' };
    default: throw new ReplyFailure(`Unhandled stop reason: ${status}`);
  }
}

/** Codex speaks the same events, but errors and `response.done` are mapped first (pi's mapCodexEvents). */
function* codexEvents(events: Iterable<any>): Generator<any> {
  for (const event of events) {
    const type = typeof event.type === 'string' ? event.type : undefined;
    if (!type) continue;
    if (type === 'error') {
      const nested = event.error && typeof event.error === 'object' ? event.error : undefined;
      const code = typeof event.code === 'string' ? event.code : typeof nested?.code === 'string' ? nested.code : undefined;
      const message = typeof event.message === 'string' ? event.message : typeof nested?.message === 'string' ? nested.message : undefined;
      throw new ReplyFailure(`Codex error: ${message || code || JSON.stringify(event)}`);
    }
    if (type === 'response.failed') throw new ReplyFailure(event.response?.error?.message || 'Codex response failed');
    if (type === 'response.done' || type === 'response.completed' || type === 'response.incomplete') {
      const response = event.response;
      const status = typeof response?.status === 'string' && CODEX_STATUSES.has(response.status) ? response.status : undefined;
      // Nothing after the terminal event is read.
      yield { ...event, type: 'response.completed', response: response ? { ...response, status } : response };
      return;
    }
    yield event;
  }
}

function* values(sse: string): Generator<any> {
  for (const frame of sseJson(sse)) yield frame.value;
}

export function decodeResponsesReply(api: ResponsesApi, sse: string, options: DecodeOptions = {}): DecodedReply {
  const out = new ReplyBuilder(api);
  out.emit('start');
  const grammar = options.grammarInputProperties ?? new Map<string, string>();
  const slots = new Map<number, Slot>();
  let terminal = false;
  const slotOf = (at: number, kind: Slot['kind']) => (slots.get(at)?.kind === kind ? slots.get(at) : undefined);
  const growCustom = (block: Block, next: string, close: boolean) => {
    const delta = grammarDelta(block.customInput.buffer, block.customInput.property, next, close);
    block.arguments = { [block.customInput.property]: next };
    return delta;
  };
  const customText = (block: Block) => (typeof block.arguments[block.customInput?.property] === 'string' ? block.arguments[block.customInput.property] : '');
  const openSlot = (at: number, item: any): Slot | undefined => {
    let slot: Slot | undefined;
    if (item.type === 'reasoning') slot = { kind: 'thinking', block: { type: 'thinking', thinking: '' }, index: 0 };
    else if (item.type === 'message') {
      if (item.phase === 'final_answer') out.stopReason = 'stop';
      slot = { kind: 'text', block: { type: 'text', text: '' }, index: 0 };
    } else if (item.type === 'function_call') {
      slot = { kind: 'toolCall', index: 0, block: { type: 'toolCall', id: `${item.call_id}|${item.id}`, name: item.name, arguments: {}, ...(item.namespace !== undefined ? { namespace: item.namespace } : {}), partialJson: item.arguments || '' } };
    } else if (item.type === 'custom_tool_call') {
      const property = grammar.get(item.name) ?? 'input';
      slot = { kind: 'toolCall', index: 0, block: { type: 'toolCall', id: `${item.call_id}|${item.id}`, name: item.name, arguments: { [property]: item.input || '' }, ...(item.namespace !== undefined ? { namespace: item.namespace } : {}), customInput: { property, buffer: newGrammarBuffer() } } };
    }
    if (!slot) return undefined;
    slot.index = out.open(slot.block, slot.kind === 'toolCall' ? 'toolcall' : slot.kind);
    slots.set(at, slot);
    return slot;
  };
  const finalize = (response: any) => {
    terminal = true;
    if (response?.id) out.responseId = response.id;
    const reason = typeof response?.incomplete_details?.reason === 'string' ? response.incomplete_details.reason : undefined;
    const mapped = mapStatus(response?.status, reason);
    out.stopReason = mapped.stopReason;
    out.errorMessage = mapped.errorMessage;
    if (out.content.some((b) => b.type === 'toolCall') && out.stopReason === 'stop') out.stopReason = 'toolUse';
  };
  try {
    // Lazily, as pi reads the stream: events before a failure are still applied.
    for (const event of api === 'openai-codex-responses' ? codexEvents(values(sse)) : values(sse)) {
      const type = event.type;
      if (type === 'response.created') out.responseId = event.response.id;
      else if (type === 'response.output_item.added') openSlot(event.output_index, event.item);
      else if (type === 'response.reasoning_summary_text.delta' || type === 'response.reasoning_text.delta' || type === 'response.reasoning_summary_part.done') {
        const slot = slotOf(event.output_index, 'thinking');
        if (!slot) continue;
        const delta = type === 'response.reasoning_summary_part.done' ? '\n\n' : event.delta;
        slot.block.thinking += delta;
        out.emit('thinking_delta', slot.index, delta);
      } else if (type === 'response.output_text.delta' || type === 'response.refusal.delta') {
        const slot = slotOf(event.output_index, 'text');
        if (!slot) continue;
        slot.block.text += event.delta;
        out.emit('text_delta', slot.index, event.delta);
      } else if (type === 'response.function_call_arguments.delta') {
        const slot = slotOf(event.output_index, 'toolCall');
        if (!slot || slot.block.partialJson === undefined) continue;
        slot.block.partialJson += event.delta;
        slot.block.arguments = parseStreamingJson(slot.block.partialJson);
        if (event.delta !== undefined) out.emit('toolcall_delta', slot.index, event.delta);
      } else if (type === 'response.function_call_arguments.done') {
        const slot = slotOf(event.output_index, 'toolCall');
        if (!slot || slot.block.partialJson === undefined) continue;
        const before: string = slot.block.partialJson;
        slot.block.partialJson = event.arguments;
        slot.block.arguments = parseStreamingJson(slot.block.partialJson);
        if (event.arguments.startsWith(before) && event.arguments.length > before.length) out.emit('toolcall_delta', slot.index, event.arguments.slice(before.length));
      } else if (type === 'response.custom_tool_call_input.delta' || type === 'response.custom_tool_call_input.done') {
        const slot = slotOf(event.output_index, 'toolCall');
        if (!slot || !slot.block.customInput) continue;
        const done = type.endsWith('.done');
        const delta = growCustom(slot.block, done ? event.input : customText(slot.block) + event.delta, done);
        if (delta !== undefined) out.emit('toolcall_delta', slot.index, delta);
      } else if (type === 'response.output_item.done') {
        const item = event.item;
        if (item.type === 'message' && item.phase === 'final_answer') out.stopReason = 'stop';
        const slot = slots.get(event.output_index) ?? openSlot(event.output_index, item);
        if (item.type === 'reasoning' && slot?.kind === 'thinking') {
          const summary = item.summary?.map((s: any) => s.text).join('\n\n') || '';
          const text = item.content?.map((c: any) => c.text).join('\n\n') || '';
          slot.block.thinking = summary || text || slot.block.thinking;
          slot.block.thinkingSignature = JSON.stringify(item);
          out.emit('thinking_end', slot.index);
        } else if (item.type === 'message' && slot?.kind === 'text') {
          slot.block.text = item.content?.map((c: any) => (c.type === 'output_text' ? c.text : c.refusal)).join('') || '';
          slot.block.textSignature = JSON.stringify({ v: 1, id: item.id, ...(item.phase ? { phase: item.phase } : {}) });
          out.emit('text_end', slot.index);
        } else if (item.type === 'function_call' && slot?.kind === 'toolCall' && slot.block.partialJson !== undefined) {
          slot.block.arguments = parseStreamingJson(item.arguments || slot.block.partialJson || '{}');
          if (item.namespace !== undefined) slot.block.namespace = item.namespace;
          delete slot.block.partialJson;
          out.emit('toolcall_end', slot.index);
        } else if (item.type === 'custom_tool_call' && slot?.kind === 'toolCall' && slot.block.customInput) {
          const delta = growCustom(slot.block, item.input ?? customText(slot.block), true);
          if (delta !== undefined) out.emit('toolcall_delta', slot.index, delta);
          if (item.namespace !== undefined) slot.block.namespace = item.namespace;
          delete slot.block.customInput;
          out.emit('toolcall_end', slot.index);
        } else continue;
        slots.delete(event.output_index);
      } else if (type === 'response.completed' || type === 'response.incomplete') finalize(event.response);
      else if (type === 'error') throw new ReplyFailure(`Error Code ${event.code}: ${event.message}`);
      else if (type === 'response.failed') {
        terminal = true;
        const error = event.response?.error;
        const reason = event.response?.incomplete_details?.reason;
        throw new ReplyFailure(error ? `${error.code || 'unknown'}: ${error.message || 'no message'}` : reason ? `incomplete: ${reason}` : 'Unknown error (no error details in response)');
      }
    }
    if (!terminal) throw new ReplyFailure('OpenAI Responses stream ended before a terminal response event');
    if (out.stopReason === 'pending') throw new ReplyFailure(api === 'azure-openai-responses' ? 'Azure OpenAI Responses stream ended without a stop reason' : api === 'openai-codex-responses' ? 'Codex stream ended without a stop reason' : 'OpenAI Responses stream ended without a stop reason');
    if (out.stopReason === 'error' || out.stopReason === 'aborted') throw new ReplyFailure(out.errorMessage || 'An unknown error occurred');
    return out.done();
  } catch (error) {
    for (const block of out.content) {
      delete block.index;
      delete block.partialJson;
      delete block.customInput;
    }
    return out.fail(errorText(error));
  }
}

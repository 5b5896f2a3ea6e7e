// History clean-up every chat encoder runs first, as pi-ai 0.85.1's transformMessages does: images
// downgraded for text-only models, cross-model blocks rewritten, tool-call ids normalised per provider,
// failed turns dropped and calls without a result answered with a synthetic error result.
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolCall, ToolResultMessage } from '../../types.ts';

export const USER_IMAGE_PLACEHOLDER = '(image omitted: model does not support images)';
export const TOOL_IMAGE_PLACEHOLDER = '(tool image omitted: model does not support images)';
export const NO_RESULT_TEXT = 'No result provided';

/** Maps a tool-call id coming from another model to one the target provider accepts. */
export type IdNormalizer = (id: string, model: Model, source: AssistantMessage) => string;

type Block = AssistantMessage['content'][number];

/** Consecutive images collapse into one placeholder line (so three images do not say it three times). */
function withImagePlaceholders(content: (TextContent | ImageContent)[], placeholder: string): (TextContent | ImageContent)[] {
  const out: (TextContent | ImageContent)[] = [];
  let lastWasPlaceholder = false;
  for (const block of content) {
    if (block.type === 'image') {
      if (!lastWasPlaceholder) out.push({ type: 'text', text: placeholder });
      lastWasPlaceholder = true;
      continue;
    }
    out.push(block);
    lastWasPlaceholder = (block as TextContent).text === placeholder;
  }
  return out;
}

function downgradeImages(messages: Message[], model: Model): Message[] {
  if (model.input.includes('image')) return messages;
  return messages.map((msg) => {
    if (msg.role === 'user' && Array.isArray(msg.content)) {
      return { ...msg, content: withImagePlaceholders(msg.content, USER_IMAGE_PLACEHOLDER) };
    }
    if (msg.role === 'toolResult') {
      return { ...msg, content: withImagePlaceholders(msg.content, TOOL_IMAGE_PLACEHOLDER) };
    }
    return msg;
  });
}

function rewriteAssistant(
  msg: AssistantMessage,
  model: Model,
  normalizeId: IdNormalizer | undefined,
  idMap: Map<string, string>,
): AssistantMessage {
  const sameModel = msg.provider === model.provider && msg.api === model.api && msg.model === model.id;
  const content = msg.content.flatMap((block): Block[] => {
    if (block.type === 'thinking') {
      // Redacted thinking is opaque ciphertext, meaningless to any other model.
      if (block.redacted) return sameModel ? [block] : [];
      // Same model keeps signed blocks even when empty: encrypted reasoning is replayed by signature.
      if (sameModel && block.thinkingSignature) return [block];
      if (!block.thinking || block.thinking.trim() === '') return [];
      return sameModel ? [block] : [{ type: 'text', text: block.thinking }];
    }
    if (block.type === 'text') return sameModel ? [block] : [{ type: 'text', text: block.text }];
    if (block.type === 'toolCall') {
      let call: ToolCall = block;
      if (!sameModel && call.thoughtSignature) {
        call = { ...call };
        delete call.thoughtSignature;
      }
      if (!sameModel && normalizeId) {
        const id = normalizeId(block.id, model, msg);
        if (id !== block.id) {
          idMap.set(block.id, id);
          call = { ...call, id };
        }
      }
      return [call];
    }
    return [block];
  });
  return { ...msg, content };
}

/** The history as the provider should see it; input messages are never mutated. */
export function prepareMessages(messages: Message[], model: Model, normalizeId?: IdNormalizer): Message[] {
  const idMap = new Map<string, string>();
  // Untyped callers may leave content null; pi treats that as an empty list.
  const nonNull = messages.map((m) => (m.content == null ? ({ ...m, content: [] } as Message) : m));
  const rewritten = downgradeImages(nonNull, model).map((msg): Message => {
    if (msg.role === 'toolResult') {
      const id = idMap.get(msg.toolCallId);
      return id && id !== msg.toolCallId ? { ...msg, toolCallId: id } : msg;
    }
    if (msg.role === 'assistant') return rewriteAssistant(msg, model, normalizeId, idMap);
    return msg;
  });

  const out: Message[] = [];
  let pending: ToolCall[] = [];
  let answered = new Set<string>();
  const answerPending = () => {
    for (const call of pending) {
      if (answered.has(call.id)) continue;
      const synthetic: ToolResultMessage = {
        role: 'toolResult',
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: 'text', text: NO_RESULT_TEXT }],
        isError: true,
        timestamp: Date.now(),
      };
      out.push(synthetic);
    }
    pending = [];
    answered = new Set();
  };
  for (const msg of rewritten) {
    if (msg.role === 'assistant') {
      answerPending();
      // Failed or aborted turns are not replayed: they may hold half a tool call.
      if (msg.stopReason === 'error' || msg.stopReason === 'aborted') continue;
      const calls = msg.content.filter((b): b is ToolCall => b.type === 'toolCall');
      if (calls.length > 0) {
        pending = calls;
        answered = new Set();
      }
      out.push(msg);
    } else if (msg.role === 'toolResult') {
      answered.add(msg.toolCallId);
      out.push(msg);
    } else if (msg.role === 'user') {
      answerPending();
      out.push(msg);
    } else {
      out.push(msg);
    }
  }
  answerPending();
  return out;
}

// pi-ai 0.85.1's faux helpers as a code turn imports them (`@earendil-works/pi-ai/compat`): the same shapes, the
// same defaults, except that fauxToolCall leaves out an id it is not given (pi draws a random `tool:<time>:<random>`)
// so the playground can give the call call_<turn>_<block>, as it does for a block turn, and replays repeat.

type Block = { type: 'text'; text: string } | { type: 'thinking'; thinking: string } | { type: 'toolCall'; id?: string; name: string; arguments: unknown };

const ZERO_USAGE = {
  input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

export function fauxText(text: string): Block {
  return { type: 'text', text };
}

export function fauxThinking(thinking: string): Block {
  return { type: 'thinking', thinking };
}

export function fauxToolCall(name: string, args: unknown, options: { id?: string } = {}): Block {
  return { type: 'toolCall', ...(options.id === undefined ? {} : { id: options.id }), name, arguments: args };
}

export function fauxAssistantMessage(
  content: string | Block | Block[],
  options: { stopReason?: string; errorMessage?: string; responseId?: string; timestamp?: number } = {},
): Record<string, unknown> {
  return {
    role: 'assistant',
    content: typeof content === 'string' ? [fauxText(content)] : Array.isArray(content) ? content : [content],
    api: 'faux',
    provider: 'faux',
    model: 'faux-1',
    usage: ZERO_USAGE,
    stopReason: options.stopReason ?? 'stop',
    ...(options.errorMessage === undefined ? {} : { errorMessage: options.errorMessage }),
    ...(options.responseId === undefined ? {} : { responseId: options.responseId }),
    timestamp: options.timestamp ?? Date.now(),
  };
}

export const FAUX_HELPERS = { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall };

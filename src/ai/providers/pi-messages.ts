// Request encoder for `pi-messages`: pi's own protocol, which POSTs the whole pi context unconverted
// (tool objects with every JSON field, tool results with details and usage) to `<baseUrl>/messages`,
// as pi-ai 0.85.1 does. The body holds the caller's context object itself, not a copy.
import type { Context, Model } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import { mergeHeaders, redactKey } from './shared/headers.ts';

export function encodePiMessages(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  // No clamping and no defaults: the backend applies its own (cache retention only from the caller).
  const body = {
    model: model.id,
    context,
    options: {
      temperature: options.temperature,
      maxTokens: options.maxTokens,
      reasoning: options.reasoning,
      cacheRetention: options.cacheRetention || undefined,
      sessionId: options.sessionId,
      toolChoice: options.toolChoice,
    },
  };
  return {
    body,
    url: `${model.baseUrl.replace(/\/+$/u, '')}/messages`,
    headers: mergeHeaders(
      { authorization: `Bearer ${redactKey(options.apiKey)}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      options.headers as Record<string, string | null> | undefined,
    ),
  };
}

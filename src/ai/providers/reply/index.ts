// Public face of reply decoding: how each provider's streamed reply carries a tool call, and the ToolCall
// blocks and stop reason pi-ai 0.85.1 makes of it. `decodeReply` never throws; a reply that fails midway
// comes back as pi's error message (stopReason "error", errorMessage) with what was decoded so far.
import type { KnownApi } from '../../types.ts';
import { grammarInputProperties } from '../shared/constrained-sampling.ts';
import { decodeAnthropicReply } from './anthropic-messages.ts';
import { decodeBedrockReply } from './bedrock.ts';
import { decodeGoogleReply } from './google.ts';
import { decodeMistralReply } from './mistral.ts';
import { decodeCompletionsReply } from './openai-completions.ts';
import { decodeResponsesReply } from './openai-responses.ts';
import { decodePiMessagesReply } from './pi-messages.ts';
import type { CannedReply, DecodeOptions, DecodeResult } from './types.ts';

export type { CannedReply, DecodedReply, DecodeFailure, DecodeOptions, DecodeResult, ReplyEvent } from './types.ts';
export { REPLY_EXAMPLES, type ReplyExample } from './examples.ts';
export { parseStreamingJson } from '../../streaming-json.ts';

const SSE_DECODERS: Record<Exclude<KnownApi, 'bedrock-converse-stream'>, (sse: string, options: DecodeOptions) => DecodeResult> = {
  'openai-completions': decodeCompletionsReply,
  'openai-responses': (sse, o) => decodeResponsesReply('openai-responses', sse, o),
  'azure-openai-responses': (sse, o) => decodeResponsesReply('azure-openai-responses', sse, o),
  'openai-codex-responses': (sse, o) => decodeResponsesReply('openai-codex-responses', sse, o),
  'anthropic-messages': decodeAnthropicReply,
  'google-generative-ai': (sse, o) => decodeGoogleReply('google-generative-ai', sse, o),
  'google-vertex': (sse, o) => decodeGoogleReply('google-vertex', sse, o),
  'mistral-conversations': (sse) => decodeMistralReply(sse),
  'pi-messages': (sse) => decodePiMessagesReply(sse),
};

/**
 * Decodes a provider reply as pi would: SSE text for every API except Bedrock, whose reply is the list of
 * event objects its SDK yields. Grammar tools among `options.tools` are recognised when no explicit
 * `grammarInputProperties` map is given.
 */
export function decodeReply(api: string, reply: CannedReply, options: DecodeOptions = {}): DecodeResult {
  const withGrammar: DecodeOptions = options.grammarInputProperties || !options.tools
    ? options
    : { ...options, grammarInputProperties: safeGrammar(options) };
  try {
    if (api === 'bedrock-converse-stream') {
      if (!Array.isArray(reply)) return { ok: false, api, error: 'A Bedrock reply is a list of the SDK\'s stream events' };
      return decodeBedrockReply(reply);
    }
    const decoder = SSE_DECODERS[api as keyof typeof SSE_DECODERS];
    if (!decoder) return { ok: false, api, error: `No API provider registered for api: ${api}` };
    if (typeof reply !== 'string') return { ok: false, api, error: 'This reply is Server-Sent Events text' };
    return decoder(reply, withGrammar);
  } catch (error) {
    // Decoders turn expected failures into pi's error message; anything left is malformed input.
    return { ok: false, api, error: `Could not decode the reply: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function safeGrammar(options: DecodeOptions): Map<string, string> {
  try {
    return grammarInputProperties(options.tools, true);
  } catch {
    return new Map();
  }
}

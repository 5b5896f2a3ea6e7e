// Public face of the request encoders: "what the model sees". `encodeRequest` builds, for one pi Model and
// Context, exactly the body pi-ai 0.85.1 would pass to `onPayload`, and never throws: unknown APIs, bad
// schemas and pi's own refusals come back as `{ ok: false, error }`.
import type { Context, KnownApi, Model } from '../types.ts';
import type { EncodeOptions, EncodeResult, Encoder } from './types.ts';
import { encodeAnthropicMessagesRequest } from './anthropic-messages.ts';
import { encodeBedrockConverseStream } from './bedrock-converse-stream.ts';
import { EncodeError } from './encode-error.ts';
import { encodeGoogleGenerativeAI, encodeGoogleVertex } from './google-generative-ai.ts';
import { API_VARIANTS, isKnownApi, type ApiVariant } from './known-apis.ts';
import { encodeMistralConversations } from './mistral-conversations.ts';
import { encodeOpenAICompletions } from './openai-completions.ts';
import { encodeAzureOpenAIResponses, encodeOpenAICodexResponses, encodeOpenAIResponses } from './openai-responses.ts';
import { encodePiMessages } from './pi-messages.ts';
import { checkTools, type SchemaProblem } from './shared/schema-check.ts';

export type { EncodeOptions, EncodeResult, EncodedRequest, EncodeFailure } from './types.ts';
export { API_VARIANTS, KNOWN_APIS, ANTHROPIC_OAUTH_EXAMPLE_KEY, isKnownApi } from './known-apis.ts';
export type { ApiVariant, KnownApiInfo } from './known-apis.ts';
export { checkTool, checkTools, pointer, type SchemaProblem } from './shared/schema-check.ts';
export { toStrictSchema, STRICT_UNSUPPORTED_KEYWORDS } from './shared/constrained-sampling.ts';
export { CLAUDE_CODE_TOOLS } from './anthropic-messages-convert.ts';

const ENCODERS: Record<KnownApi, Encoder> = {
  'openai-completions': encodeOpenAICompletions,
  'openai-responses': encodeOpenAIResponses,
  'azure-openai-responses': encodeAzureOpenAIResponses,
  'openai-codex-responses': encodeOpenAICodexResponses,
  'anthropic-messages': encodeAnthropicMessagesRequest,
  'google-generative-ai': encodeGoogleGenerativeAI,
  'google-vertex': encodeGoogleVertex,
  'mistral-conversations': encodeMistralConversations,
  'bedrock-converse-stream': encodeBedrockConverseStream,
  'pi-messages': encodePiMessages,
};

function inputProblem(model: unknown, context: unknown): string | undefined {
  if (typeof model !== 'object' || model === null) return 'model must be a pi Model object';
  const m = model as Partial<Model>;
  if (typeof m.api !== 'string') return 'model.api must be a string';
  if (typeof m.id !== 'string' || typeof m.provider !== 'string' || typeof m.baseUrl !== 'string') return 'model needs string id, provider and baseUrl';
  if (!Array.isArray(m.input)) return 'model.input must be a list such as ["text", "image"]';
  if (typeof context !== 'object' || context === null || !Array.isArray((context as Context).messages)) return 'context.messages must be a list';
  const tools = (context as Context).tools;
  if (tools !== undefined && !Array.isArray(tools)) return 'context.tools must be a list';
  return undefined;
}

const schemaFailure = (api: string, problem: SchemaProblem): EncodeResult => ({
  ok: false, api, error: problem.message, toolName: problem.toolName, path: problem.path,
});

/** Encodes without the tool check (callers that already checked the same tools). */
function encodeChecked(model: Model, context: Context, options: EncodeOptions): EncodeResult {
  const api = model.api;
  if (!isKnownApi(api)) return { ok: false, api, error: `No API provider registered for api: ${api}` };
  try {
    return { ok: true, api, ...ENCODERS[api](model, context, options) };
  } catch (error) {
    if (error instanceof EncodeError) return { ok: false, api, error: error.message };
    // Anything else is a value pi itself could not serialise (e.g. cyclic tool-call arguments).
    return { ok: false, api, error: `Could not encode the request: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The request pi-ai 0.85.1 would send for `model.api`. Never throws. The body shares the caller's tool
 * schema objects (as pi's does): treat it as read-only.
 */
export function encodeRequest(model: Model, context: Context, options: EncodeOptions = {}): EncodeResult {
  const api = typeof (model as Partial<Model> | null)?.api === 'string' ? model.api : String((model as Partial<Model> | null)?.api);
  const problem = inputProblem(model, context);
  if (problem) return { ok: false, api, error: problem };
  const schemaProblem = checkTools(context.tools);
  if (schemaProblem) return schemaFailure(api, schemaProblem);
  return encodeChecked(model, context, options ?? {});
}

export interface VariantResult {
  variant: ApiVariant;
  result: EncodeResult;
}

/**
 * Encodes the same context for every variant (or the given ones), each with its own model and options.
 * `context` may also be a function giving each variant its own conversation (e.g. a history written by that
 * very model). Each distinct tools list is checked once; one variant failing never affects another.
 */
export function encodeVariants(
  context: Context | ((variant: ApiVariant) => Context),
  options: EncodeOptions = {},
  variants: readonly ApiVariant[] = API_VARIANTS,
): VariantResult[] {
  const checked = new Map<unknown, SchemaProblem | undefined>();
  return variants.map((variant) => {
    const own = typeof context === 'function' ? context(variant) : context;
    const problem = inputProblem(variant.model, own);
    if (problem) return { variant, result: { ok: false, api: variant.api, error: problem } };
    if (!checked.has(own.tools)) checked.set(own.tools, checkTools(own.tools));
    const schemaProblem = checked.get(own.tools);
    if (schemaProblem) return { variant, result: schemaFailure(variant.api, schemaProblem) };
    return { variant, result: encodeChecked(variant.model, own, { ...options, ...variant.options }) };
  });
}

export { decodeReply, parseStreamingJson, REPLY_EXAMPLES } from './reply/index.ts';
export type {
  CannedReply, DecodedReply, DecodeFailure, DecodeOptions, DecodeResult, ReplyEvent, ReplyExample,
} from './reply/index.ts';

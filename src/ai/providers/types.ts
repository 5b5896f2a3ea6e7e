// The vocabulary of the request encoders: what goes in (pi's Model, Context and simple stream options)
// and what comes out (the body pi-ai 0.85.1 hands to `onPayload`, plus the URL and headers it would use).
import type { Context, KnownApi, Model, SimpleStreamOptions } from '../types.ts';

/** Per-level thinking budgets, as pi-ai's `thinkingBudgets` option. */
export type ThinkingBudgets = Partial<Record<'minimal' | 'low' | 'medium' | 'high', number>>;

/**
 * The options pi-ai's `streamSimple` takes, restricted to what reaches the request body. Provider-only
 * options (serviceTier, textVerbosity, thinkingDisplay, ...) are not forwarded by `streamSimple` in
 * pi-ai 0.85.1, so they are not accepted here either.
 */
export interface EncodeOptions extends SimpleStreamOptions {
  /** Changes anthropic behaviour: a key containing `sk-ant-oat` is an OAuth token (Claude Code identity). */
  apiKey?: string;
  thinkingBudgets?: ThinkingBudgets;
  samplingParams?: Record<string, unknown>;
}

/** A successfully encoded request. `body` may share objects with the input (tool schemas): treat as read-only. */
export interface EncodedRequest {
  ok: true;
  api: KnownApi;
  /** Exactly the object pi-ai 0.85.1 passes to `onPayload` (deep-equal, same key order). */
  body: unknown;
  /** Where pi would POST it (teaching aid; SDK-added query parameters included where known). */
  url?: string;
  /** The headers pi itself sets (SDK-internal headers such as x-stainless-* are left out); keys are redacted. */
  headers?: Record<string, string>;
  /**
   * The JSON actually POSTed, where the SDK reshapes the `onPayload` object (Mistral's snake_case keys, Anthropic's
   * betas, Google's generationConfig, Bedrock's Smithy serialisation); absent where `body` is sent as it is.
   */
  wireBody?: unknown;
}

export interface EncodeFailure {
  ok: false;
  /** The api the caller asked for (as given, possibly unknown). */
  api: string;
  /** One line, shown as-is; pi's exact text where pi fails the same way. */
  error: string;
  /** Set when the failure belongs to one tool's schema. */
  toolName?: string;
  /** JSON pointer into that tool's `parameters`. */
  path?: string;
}

export type EncodeResult = EncodedRequest | EncodeFailure;

/** What an encoder module returns; index.ts adds `ok` and `api`. May throw EncodeError (expected) only. */
export type EncoderOutput = Omit<EncodedRequest, 'ok' | 'api'>;

export type Encoder = (model: Model, context: Context, options: EncodeOptions) => EncoderOutput;

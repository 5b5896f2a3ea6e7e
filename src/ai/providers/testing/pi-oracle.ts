// Test-only: runs the real @earendil-works/pi-ai 0.85.1 API modules with no network to capture what they
// would send. `onPayload` records the body and then throws, which pi turns into an error event before any
// request leaves; failures before the payload (pi's own refusals) are captured as their error text.
import type { Context, KnownApi, Model } from '../../types.ts';
import type { EncodeOptions } from '../types.ts';

type StreamSimple = (model: Model, context: Context, options?: Record<string, unknown>) => { result(): Promise<{ errorMessage?: string }> };

const STOP = 'payload captured';
const modules = new Map<KnownApi, StreamSimple>();

export const ORACLE_APIS: KnownApi[] = [
  'openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses', 'anthropic-messages',
  'google-generative-ai', 'google-vertex', 'mistral-conversations', 'bedrock-converse-stream', 'pi-messages',
];

/** Imports every pi-ai API module once (a few hundred ms). */
export async function loadPiApis(): Promise<void> {
  for (const api of ORACLE_APIS) {
    if (!modules.has(api)) modules.set(api, (await import(`@earendil-works/pi-ai/api/${api}`)).streamSimple as StreamSimple);
  }
}

/** A JWT-shaped Codex token carrying a ChatGPT account id (pi refuses tokens without one). */
export const CODEX_TEST_TOKEN = `h.${btoa(JSON.stringify({ 'https://api.openai.com/auth': { chatgpt_account_id: 'acct_test' } }))}.s`;

export type PiCapture = { ok: true; payload: unknown } | { ok: false; error: string };

/** What pi would send for this request, or the error it fails with. */
export async function capturePi(model: Model, context: Context, options: EncodeOptions = {}): Promise<PiCapture> {
  const streamSimple = modules.get(model.api as KnownApi);
  if (!streamSimple) throw new Error(`call loadPiApis() first (no module for ${model.api})`);
  let payload: unknown;
  let captured = false;
  const apiKey = options.apiKey ?? (model.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
  const full = {
    ...options,
    apiKey,
    transport: 'sse',
    onPayload: (p: unknown) => {
      payload = p;
      captured = true;
      throw new Error(STOP);
    },
  };
  try {
    const message = await streamSimple(model, context, full).result();
    return captured ? { ok: true, payload } : { ok: false, error: message.errorMessage ?? '(no error message)' };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export interface WireCapture {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * The first HTTP request pi makes (URL, headers, body text), caught by a fetch stub that answers 400.
 * Google's SDK ignores `options.fetch`, so the global fetch is swapped for the duration of the call.
 * Bedrock goes through the AWS SDK's Smithy stack: see captureSmithyRequest.
 */
export async function captureWire(model: Model, context: Context, options: EncodeOptions = {}): Promise<WireCapture | undefined> {
  const streamSimple = modules.get(model.api as KnownApi);
  if (!streamSimple) throw new Error(`call loadPiApis() first (no module for ${model.api})`);
  const apiKey = options.apiKey ?? (model.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
  if (model.api === 'bedrock-converse-stream') return captureSmithyRequest(() => streamSimple(model, context, { ...options, apiKey }).result());
  let wire: WireCapture | undefined;
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    wire ??= {
      url: String(request ? request.url : input),
      headers: headerRecord(init?.headers ?? request?.headers),
      body: typeof init?.body === 'string' ? init.body : request ? await request.clone().text() : String(init?.body),
    };
    return new Response('{"error":{"message":"stub"}}', { status: 400, headers: { 'content-type': 'application/json' } });
  };
  const original = globalThis.fetch;
  globalThis.fetch = stub as typeof fetch;
  try {
    await streamSimple(model, context, { ...options, apiKey, transport: 'sse', maxRetries: 0, fetch: model.api.startsWith('google') ? undefined : stub }).result();
  } finally {
    globalThis.fetch = original;
  }
  return wire;
}

interface SmithyHttpRequest {
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

function smithyUrl(request: SmithyHttpRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v ?? '');
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}${search}`;
}

/**
 * The serialised, signed HttpRequest the AWS SDK hands its HTTP handler. pi builds a new BedrockRuntimeClient
 * per call, so `send` is patched to swap the client's requestHandler for one that records and fails.
 */
async function captureSmithyRequest(run: () => Promise<unknown>): Promise<WireCapture | undefined> {
  const bedrock = await import('@aws-sdk/client-bedrock-runtime');
  const prototype = bedrock.BedrockRuntimeClient.prototype as unknown as { send: (...args: unknown[]) => unknown };
  const originalSend = prototype.send;
  let wire: WireCapture | undefined;
  const handler = {
    metadata: { handlerProtocol: 'h2' },
    async handle(request: SmithyHttpRequest): Promise<never> {
      const body = request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : String(request.body);
      wire ??= { url: smithyUrl(request), headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])), body };
      throw new Error(STOP);
    },
  };
  prototype.send = function send(this: { config: { requestHandler: unknown } }, ...args: unknown[]) {
    this.config.requestHandler = handler;
    return originalSend.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.send = originalSend;
  }
  return wire;
}

export interface PiReplay {
  events: { type: string; contentIndex?: number; delta?: string; reason?: string }[];
  content: unknown[];
  stopReason: string;
  errorMessage?: string;
  responseId?: string;
}

/**
 * Feeds a canned reply through pi's real stream function: SSE text through a fetch stub (global for
 * Google's SDK), Bedrock's event objects through a patched BedrockRuntimeClient.send.
 */
export async function replayPi(model: Model, context: Context, reply: string | readonly unknown[], options: EncodeOptions = {}): Promise<PiReplay> {
  const streamSimple = modules.get(model.api as KnownApi);
  if (!streamSimple) throw new Error(`call loadPiApis() first (no module for ${model.api})`);
  const respond = async () => new Response(reply as string, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const original = globalThis.fetch;
  const bedrock = await import('@aws-sdk/client-bedrock-runtime');
  const originalSend = bedrock.BedrockRuntimeClient.prototype.send;
  globalThis.fetch = respond as typeof fetch;
  (bedrock.BedrockRuntimeClient.prototype as { send: unknown }).send = async () => ({
    $metadata: { httpStatusCode: 200 },
    stream: (async function* () { yield* reply as unknown[]; })(),
  });
  try {
    const apiKey = options.apiKey ?? (model.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
    const stream = streamSimple(model, context, { ...options, apiKey, transport: 'sse', maxRetries: 0, fetch: model.api.startsWith('google') ? undefined : respond }) as unknown as AsyncIterable<Record<string, any>> & { result(): Promise<Record<string, any>> };
    const events: PiReplay['events'] = [];
    for await (const event of stream) {
      const recorded: PiReplay['events'][number] = { type: event.type };
      if (event.contentIndex !== undefined) recorded.contentIndex = event.contentIndex;
      if (event.delta !== undefined) recorded.delta = event.delta;
      if (event.type === 'done' || event.type === 'error') recorded.reason = event.reason;
      events.push(recorded);
    }
    const message = await stream.result();
    return { events, content: message.content, stopReason: message.stopReason, errorMessage: message.errorMessage, responseId: message.responseId };
  } finally {
    globalThis.fetch = original;
    bedrock.BedrockRuntimeClient.prototype.send = originalSend;
  }
}

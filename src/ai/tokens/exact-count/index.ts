// Exact token counts of a tool list from the provider itself, where it offers a count endpoint: Anthropic's
// `POST /v1/messages/count_tokens` and Gemini's `models/{model}:countTokens`. Each counts a whole request, so the
// tool list is counted as the difference of two requests that differ only in it (a one-word user message with
// the tools, and without); that difference includes what the provider adds for tools (Anthropic's tool-use system
// prompt), which no offline figure can. Failures are values; the key never appears in them.

export type ExactCountApi = 'anthropic-messages' | 'google-generative-ai';

export interface ExactCountInput {
  api: ExactCountApi;
  modelId: string;
  /** The API's base URL as pi-ai's catalog gives it (https://api.anthropic.com, …/v1beta for Gemini). */
  baseUrl: string;
  /** The tool list exactly as the request body holds it (Anthropic `tools`, Gemini `tools` with functionDeclarations). */
  tools: unknown[];
  /** Anthropic beta flags the tools need (sent as `anthropic-beta`, as pi's SDK call does). */
  betas?: string[];
  key: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export type ExactCountError =
  /** 401/403: the provider refused the key. */
  | { kind: 'unauthorized'; status: number; detail?: string }
  | { kind: 'rate-limited'; status: number; detail?: string }
  | { kind: 'http'; status: number; detail?: string }
  /** No answer reached the page: offline, the provider's CORS, or the page's own connect-src. */
  | { kind: 'network'; host: string }
  | { kind: 'bad-response'; detail?: string };

export type ExactCountResult =
  | { ok: true; tools: number; withTools: number; withoutTools: number }
  | { ok: false; error: ExactCountError };

/** The user message both requests carry (a count endpoint wants at least one message). */
export const COUNT_PROBE_TEXT = 'Hi';
export const ANTHROPIC_VERSION = '2023-06-01';

export interface CountRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The count request the provider expects, with or without the tool list. */
export function countRequest(input: ExactCountInput, withTools: boolean): CountRequest {
  if (input.api === 'anthropic-messages') {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-api-key': input.key,
      'anthropic-version': ANTHROPIC_VERSION,
      // Anthropic answers a browser's request only with this header (the SDK's dangerouslyAllowBrowser sends it).
      'anthropic-dangerous-direct-browser-access': 'true',
    };
    if (withTools && input.betas?.length) headers['anthropic-beta'] = input.betas.join(',');
    return {
      url: joinUrl(input.baseUrl, '/v1/messages/count_tokens'),
      headers,
      body: { model: input.modelId, messages: [{ role: 'user', content: COUNT_PROBE_TEXT }], ...(withTools ? { tools: input.tools } : {}) },
    };
  }
  const model = input.modelId.startsWith('models/') ? input.modelId : `models/${input.modelId}`;
  return {
    // The key goes in a header, not in the query string, so no URL (in an error, a log) ever holds it.
    url: joinUrl(input.baseUrl, `/${model.split('/').map(encodeURIComponent).join('/')}:countTokens`),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': input.key },
    body: {
      generateContentRequest: {
        model,
        contents: [{ role: 'user', parts: [{ text: COUNT_PROBE_TEXT }] }],
        ...(withTools ? { tools: input.tools } : {}),
      },
    },
  };
}

/** `text` with every occurrence of `key` (and of any long enough piece of it) masked. */
export function scrubKey(text: string, key: string): string {
  if (!key) return text;
  let out = text.split(key).join('[key]');
  // A provider may echo part of a key ("sk-ant-…abcd"): mask any 8+ character run of it as well.
  for (let length = Math.min(key.length - 1, 24); length >= 8; length--) {
    for (let start = 0; start + length <= key.length; start++) {
      const piece = key.slice(start, start + length);
      if (out.includes(piece)) out = out.split(piece).join('[key]');
    }
  }
  return out;
}

function errorDetail(json: unknown): string | undefined {
  const error = (json as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

function figureOf(api: ExactCountApi, json: unknown): number | undefined {
  const value = api === 'anthropic-messages' ? (json as { input_tokens?: unknown })?.input_tokens : (json as { totalTokens?: unknown })?.totalTokens;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

type OneCount = { ok: true; tokens: number } | { ok: false; error: ExactCountError };

async function countOnce(input: ExactCountInput, withTools: boolean): Promise<OneCount> {
  const request = countRequest(input, withTools);
  const doFetch = input.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body), signal: input.signal });
  } catch {
    return { ok: false, error: { kind: 'network', host: new URL(request.url).host } };
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try { json = JSON.parse(text); } catch { json = undefined; }
  const raw = errorDetail(json) ?? (json === undefined && text ? text.slice(0, 200) : undefined);
  const detail = raw === undefined ? undefined : scrubKey(raw, input.key).slice(0, 300);
  if (!response.ok) {
    const status = response.status;
    if (status === 401 || status === 403) return { ok: false, error: { kind: 'unauthorized', status, detail } };
    if (status === 429) return { ok: false, error: { kind: 'rate-limited', status, detail } };
    return { ok: false, error: { kind: 'http', status, detail } };
  }
  const tokens = figureOf(input.api, json);
  if (tokens === undefined) return { ok: false, error: { kind: 'bad-response', detail } };
  return { ok: true, tokens };
}

/** Counts the request with the tools and without; the tools' figure is the difference. Never throws. */
export async function countToolTokensExactly(input: ExactCountInput): Promise<ExactCountResult> {
  const withTools = await countOnce(input, true);
  if (!withTools.ok) return withTools;
  const withoutTools = await countOnce(input, false);
  if (!withoutTools.ok) return withoutTools;
  return { ok: true, tools: withTools.tokens - withoutTools.tokens, withTools: withTools.tokens, withoutTools: withoutTools.tokens };
}

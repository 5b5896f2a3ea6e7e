// Test-only: runs the real @earendil-works/pi-ai 0.85.1 API modules with no network to capture what they
// would send. `onPayload` records the body and then throws, which pi turns into an error event before any
// request leaves; failures before the payload (pi's own refusals) are captured as their error text.
import type { Context, KnownApi, Model } from '../../types';
import type { EncodeOptions } from '../types';

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

// Differential tests: for every API variant and every test conversation (19 tools), our encoder builds the
// same request body as @earendil-works/pi-ai 0.85.1 passes to onPayload, or fails with pi's words.
import { beforeAll, describe, it } from 'vitest';
import { API_VARIANTS, encodeRequest } from './index.ts';
import type { EncodeOptions } from './types.ts';
import { expectSameAsPi } from './testing/compare.ts';
import { CONVERSATIONS } from './testing/conversations.ts';
import { capturePi, CODEX_TEST_TOKEN, loadPiApis } from './testing/pi-oracle.ts';
import { TOOLS } from './testing/tools.ts';

beforeAll(loadPiApis);

/** The same options for both sides; the key decides Anthropic OAuth and Codex's account id. */
export function optionsFor(variant: (typeof API_VARIANTS)[number], extra: EncodeOptions = {}): EncodeOptions {
  const apiKey = variant.options?.apiKey ?? (variant.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
  return { sessionId: 'session-42', ...variant.options, ...extra, apiKey };
}

describe.each(API_VARIANTS.map((v) => [v.key, v] as const))('%s', (_key, variant) => {
  it.each(CONVERSATIONS.map((c) => [c.name, c] as const))('sends what pi sends: %s', async (_name, conversation) => {
    const context = conversation.build(variant.model, TOOLS);
    const options = optionsFor(variant);
    expectSameAsPi(encodeRequest(variant.model, context, options), await capturePi(variant.model, context, options));
  });
});

// What actually leaves the machine, for every API variant and every test conversation (19 tools, images
// included): pi's first HTTP request — caught by a fetch stub, or for Bedrock by a Smithy request handler
// that receives the serialised, signed request — goes to the URL we show, carries every header we show
// (keys redacted), and posts exactly the JSON we show as the wire body.
import { beforeAll, describe, it } from 'vitest';
import { API_VARIANTS, encodeRequest } from './index.ts';
import type { EncodeOptions } from './types.ts';
import { expectSameWire } from './testing/compare.ts';
import { CONVERSATIONS } from './testing/conversations.ts';
import { captureWire, CODEX_TEST_TOKEN, loadPiApis } from './testing/pi-oracle.ts';
import { TOOLS } from './testing/tools.ts';

beforeAll(loadPiApis);

function optionsFor(variant: (typeof API_VARIANTS)[number], extra: EncodeOptions = {}): EncodeOptions {
  const apiKey = variant.options?.apiKey ?? (variant.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
  return { sessionId: 'session-42', ...variant.options, ...extra, apiKey };
}

const OPTION_SETS: [string, EncodeOptions][] = [
  ['default options', {}],
  ['reasoning low', { reasoning: 'low' }],
];

describe.each(API_VARIANTS.map((v) => [v.key, v] as const))('%s on the wire', (_key, variant) => {
  describe.each(OPTION_SETS)('with %s', (_options, extra) => {
    it.each(CONVERSATIONS.map((c) => [c.name, c] as const))('posts our URL, headers and body: %s', async (_name, conversation) => {
      const context = conversation.build(variant.model, TOOLS);
      const options = optionsFor(variant, extra);
      expectSameWire(encodeRequest(variant.model, context, options), await captureWire(variant.model, context, options));
    });
  });
});

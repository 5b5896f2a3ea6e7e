// What actually leaves the machine: for every fetch-based API, pi's first HTTP request (caught by a fetch
// stub) goes to the URL we show, carries every header we show (keys redacted), and posts the JSON we show
// as the wire body. Google's SDK reshapes the payload and Bedrock signs through Smithy: URL/headers only.
import { beforeAll, describe, expect, it } from 'vitest';
import { API_VARIANTS, encodeRequest } from './index';
import { afterParallelBatch, firstTurn } from './testing/conversations';
import { captureWire, CODEX_TEST_TOKEN, loadPiApis } from './testing/pi-oracle';

beforeAll(loadPiApis);

const FETCH_VARIANTS = API_VARIANTS.filter((v) => v.api !== 'bedrock-converse-stream');
const REDACTED = /<redacted>|…|<API key>/;

describe.each(FETCH_VARIANTS.map((v) => [v.key, v] as const))('%s on the wire', (_key, variant) => {
  it.each([['first turn', firstTurn], ['after a parallel batch', afterParallelBatch]] as const)('posts to our URL with our headers and body: %s', async (_name, build) => {
    const apiKey = variant.options?.apiKey ?? (variant.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
    const options = { sessionId: 'session-42', reasoning: 'low' as const, ...variant.options, apiKey };
    const context = build();
    const ours = encodeRequest(variant.model, context, options);
    const wire = await captureWire(variant.model, context, options);
    if (!ours.ok || !wire) return expect.fail(`no request: ${ours.ok ? 'pi sent nothing' : ours.error}`);
    expect(ours.url).toBe(wire.url);
    for (const [name, value] of Object.entries(ours.headers ?? {})) {
      const sent = wire.headers[name.toLowerCase()];
      expect(sent, `header ${name}`).toBeDefined();
      if (!REDACTED.test(value)) expect(sent, `header ${name}`).toBe(value);
    }
    if (!variant.api.startsWith('google')) {
      expect(JSON.parse(wire.body)).toEqual(JSON.parse(JSON.stringify(ours.wireBody ?? ours.body)));
    }
  });
});

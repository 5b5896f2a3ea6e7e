// Exact counts against a local stand-in of the two count endpoints: the requests are what each provider expects
// (path, headers, body), the figure is the difference of the two counts, and failures are values whose words never
// hold the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountEndpointsServer, type CountEndpointsServer } from '../../../../tests/support/count-endpoints-server.ts';
import { ANTHROPIC_VERSION, COUNT_PROBE_TEXT, countToolTokensExactly, scrubKey, type ExactCountInput } from './index.ts';

let server: CountEndpointsServer;
beforeAll(async () => { server = await startCountEndpointsServer(); });
afterAll(async () => { await server.close(); });

const ANTHROPIC_TOOLS = [
  { name: 'get_weather', description: 'Weather for a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'echo', description: 'Echo', input_schema: { type: 'object', properties: {} }, eager_input_streaming: true },
];
const GEMINI_TOOLS = [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather', parametersJsonSchema: { type: 'object' } }, { name: 'echo', description: 'Echo', parametersJsonSchema: { type: 'object' } }, { name: 'calc', description: 'Calc', parametersJsonSchema: { type: 'object' } }] }];

const anthropic = (key: string): ExactCountInput => ({
  api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', baseUrl: server.origin, tools: ANTHROPIC_TOOLS, betas: ['fine-grained-tool-streaming-2025-05-14'], key,
});
const gemini = (key: string): ExactCountInput => ({
  api: 'google-generative-ai', modelId: 'gemini-2.5-flash', baseUrl: `${server.origin}/v1beta`, tools: GEMINI_TOOLS, key,
});

describe('exact tool token counts from the providers', () => {
  it('asks Anthropic\'s count_tokens with the browser-access header, with and without the tools, and gives the difference', async () => {
    const before = server.requests().length;
    expect(await countToolTokensExactly(anthropic('sk-ant-api03-good-key'))).toEqual({ ok: true, tools: 300, withTools: 308, withoutTools: 8 });
    const [withTools, without] = server.requests().slice(before);
    expect(withTools.path).toBe('/v1/messages/count_tokens');
    expect(withTools.headers).toMatchObject({
      'x-api-key': 'sk-ant-api03-good-key', 'anthropic-version': ANTHROPIC_VERSION,
      'anthropic-dangerous-direct-browser-access': 'true', 'anthropic-beta': 'fine-grained-tool-streaming-2025-05-14', 'content-type': 'application/json',
    });
    expect(withTools.body).toEqual({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: COUNT_PROBE_TEXT }], tools: ANTHROPIC_TOOLS });
    expect(without.body).toEqual({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: COUNT_PROBE_TEXT }] });
    expect(without.headers['anthropic-beta']).toBeUndefined();
  });

  it('asks Gemini\'s countTokens with a generateContentRequest (tools are counted only there), the key in a header', async () => {
    const before = server.requests().length;
    expect(await countToolTokensExactly(gemini('AIza-good-key-0123456789'))).toEqual({ ok: true, tools: 120, withTools: 123, withoutTools: 3 });
    const [withTools, without] = server.requests().slice(before);
    expect(withTools.path).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
    expect(withTools.headers['x-goog-api-key']).toBe('AIza-good-key-0123456789');
    expect(withTools.body).toEqual({ generateContentRequest: { model: 'models/gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: COUNT_PROBE_TEXT }] }], tools: GEMINI_TOOLS } });
    expect(without.body).toEqual({ generateContentRequest: { model: 'models/gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: COUNT_PROBE_TEXT }] }] } });
  });

  it('reports a refused key as unauthorized, with the provider\'s words but never the key', async () => {
    const key = 'bad-sk-ant-api03-Zx9QwErTyUiOp';
    const result = await countToolTokensExactly(anthropic(key));
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    const words = JSON.stringify(result);
    expect(words).toContain('invalid x-api-key');
    expect(words).not.toContain(key);
    expect(words).not.toContain('Zx9QwErTyUiOp');

    const google = await countToolTokensExactly(gemini('bad-AIzaSyD-0123456789abcdef'));
    expect(google).toMatchObject({ ok: false, error: { kind: 'http', status: 400 } });
    expect(JSON.stringify(google)).not.toContain('0123456789abcdef');
  });

  it('reports no answer at all (offline, CORS, a refused connection) as a network error naming the host only', async () => {
    const key = 'sk-ant-api03-never-shown';
    const result = await countToolTokensExactly({ ...anthropic(key), baseUrl: 'http://127.0.0.1:9' });
    expect(result).toEqual({ ok: false, error: { kind: 'network', host: '127.0.0.1:9' } });
  });

  it('reports an answer without a figure as a bad response', async () => {
    const result = await countToolTokensExactly({ ...anthropic('k-good-0000000000'), fetch: async () => new Response('{"input_tokens":"many"}', { status: 200 }) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
  });

  it('masks the key and any long piece of it', () => {
    expect(scrubKey('key sk-ant-123456789abc failed; sk-ant-…456789abc', 'sk-ant-123456789abc')).toBe('key [key] failed; sk-ant-…[key]');
    // Short pieces (under 8 characters) are too common to mask.
    expect(scrubKey('ends in 9abc', 'sk-ant-123456789abc')).toBe('ends in 9abc');
    expect(scrubKey('nothing here', 'sk-ant-123456789abc')).toBe('nothing here');
  });
});

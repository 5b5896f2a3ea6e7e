// decodeReply on bad input, and the salvaging argument parser on the prefixes pi's reference lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeReply, parseStreamingJson, REPLY_EXAMPLES } from './index.ts';

describe('decodeReply with bad input', () => {
  it('names an unknown API', () => {
    expect(decodeReply('carrier-pigeon', 'data: {}\n\n')).toEqual({ ok: false, api: 'carrier-pigeon', error: 'No API provider registered for api: carrier-pigeon' });
  });

  it('asks for event objects for Bedrock and for SSE text elsewhere', () => {
    expect(decodeReply('bedrock-converse-stream', 'data: {}')).toMatchObject({ ok: false });
    expect(decodeReply('anthropic-messages', [{}])).toMatchObject({ ok: false, error: 'This reply is Server-Sent Events text' });
  });

  it('ends a reply whose stream breaks off as an error message that keeps what came before', () => {
    const result = decodeReply('openai-completions', 'data: {"id":"x","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\ndata: {not json\n\n');
    expect(result).toMatchObject({ ok: true, stopReason: 'error', content: [{ type: 'text', text: 'Hi' }] });
    expect(result.ok && result.events.map((e) => e.type)).toEqual(['start', 'text_start', 'text_delta', 'error']);
  });

  it('reports a stream with no stop reason in pi\'s words', () => {
    expect(decodeReply('anthropic-messages', '')).toMatchObject({ ok: true, stopReason: 'error', errorMessage: 'Anthropic stream ended without a stop reason' });
    expect(decodeReply('openai-responses', '')).toMatchObject({ stopReason: 'error', errorMessage: 'OpenAI Responses stream ended before a terminal response event' });
  });

  it('never throws on arbitrary text or values', () => {
    const apis = Object.keys(REPLY_EXAMPLES);
    fc.assert(fc.property(fc.constantFrom(...apis), fc.oneof(fc.string(), fc.array(fc.anything()), fc.anything()), (api, reply) => {
      expect(typeof decodeReply(api, reply as never).ok).toBe('boolean');
    }), { numRuns: 300 });
  });

  it('lists every decoded tool call with its parsed arguments', () => {
    const result = decodeReply('openai-completions', REPLY_EXAMPLES['openai-completions'][0].reply);
    expect(result.ok && result.toolCalls.map((c) => [c.id, c.arguments])).toEqual([['call_paris', { city: 'Paris' }], ['call_tokyo', { city: 'Tokyo', unit: 'celsius' }]]);
  });
});

describe('parseStreamingJson', () => {
  it.each([
    ['', {}], ['{"c', {}], ['{"city":"', { city: '' }], ['{"city":"Par', { city: 'Par' }], ['{"a":[1,{"b":', { a: [1, {}] }],
    ['{"a":tru', { a: true }], ['{"a":1,', { a: 1 }], ['[1,2', [1, 2]], ['not json', {}], ['{"path":"C:\\dir"}', { path: 'C:\\dir' }],
    ['null', null], ['42', 42], ['"str"', 'str'], ['{"a":"x\ny"}', { a: 'x\ny' }],
  ])('salvages %j as %j', (text, expected) => {
    expect(parseStreamingJson(text)).toEqual(expected);
  });
});

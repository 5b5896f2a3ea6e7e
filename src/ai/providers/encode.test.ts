// Bad input never crashes the encoders: unknown APIs, schemas that are not JSON or not JSON Schema, and
// values pi could not serialise all come back as error values naming the tool and the JSON pointer, and
// one API failing never stops the others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { Context, Tool } from '../types.ts';
import { API_VARIANTS, encodeRequest, encodeVariants, KNOWN_APIS } from './index.ts';
import { firstTurn } from './testing/conversations.ts';
import { READ_TOOL, REQUIRE_TOOLS, TOOLS } from './testing/tools.ts';

const model = KNOWN_APIS['openai-completions'].model;
const withTool = (parameters: unknown, name = 'broken'): Context => ({ ...firstTurn([TOOLS[0]]), tools: [TOOLS[0], { name, description: 'd', parameters } as Tool] });

describe('encodeRequest with bad input', () => {
  it('names an unknown API in pi\'s words', () => {
    expect(encodeRequest({ ...model, api: 'carrier-pigeon' }, firstTurn())).toEqual({ ok: false, api: 'carrier-pigeon', error: 'No API provider registered for api: carrier-pigeon' });
  });

  it('reports a cyclic schema with the tool name and the pointer where the cycle closes', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    const result = encodeRequest(model, withTool(node));
    expect(result).toMatchObject({ ok: false, toolName: 'broken', path: '/properties/self' });
    expect(!result.ok && result.error).toContain('Tool "broken" has an invalid schema at /properties/self');
  });

  it.each([
    ['a misspelt type', { type: 'object', properties: { a: { type: 'strng' } } }, '/properties/a/type'],
    ['required that is not a list', { type: 'object', properties: {}, required: 'a' }, '/required'],
    ['a pattern that does not compile', { type: 'object', properties: { a: { type: 'string', pattern: '([a-z' } } }, '/properties/a/pattern'],
    ['a negative minLength', { type: 'object', properties: { a: { type: 'string', minLength: -1 } } }, '/properties/a/minLength'],
    ['an empty anyOf', { type: 'object', properties: { a: { anyOf: [] } } }, '/properties/a/anyOf'],
    ['a number where a schema belongs', { type: 'object', properties: { a: 5 } }, '/properties/a'],
    ['a key that needs pointer escaping', { type: 'object', properties: { 'a/b~c': { type: 'nope' } } }, '/properties/a~1b~0c/type'],
    ['a BigInt default', { type: 'object', properties: { a: { type: 'integer', default: 10n } } }, '/properties/a/default'],
    ['a function inside the schema', { type: 'object', properties: { a: { type: 'string', transform: () => 1 } } }, '/properties/a/transform'],
    ['parameters that are not an object', 'string', ''],
  ])('reports %s at its JSON pointer', (_name, parameters, path) => {
    const result = encodeRequest(model, withTool(parameters));
    expect(result).toMatchObject({ ok: false, api: 'openai-completions', toolName: 'broken', path });
  });

  it('reports a tool without a name instead of sending it', () => {
    const result = encodeRequest(model, { ...firstTurn([]), tools: [{ description: 'x', parameters: Type.Object({}) } as unknown as Tool] });
    expect(result).toMatchObject({ ok: false, error: 'Tool #0 has no name (a string is required)' });
  });

  it('turns arguments pi cannot serialise (a cycle in a replayed tool call) into an error value', () => {
    const args: Record<string, unknown> = {};
    args.loop = args;
    const context: Context = {
      messages: [
        { role: 'user', content: 'go', timestamp: 1 },
        { role: 'assistant', content: [{ type: 'toolCall', id: 'c1', name: 'get_weather', arguments: args }], api: 'x', provider: 'x', model: 'x', usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: 'toolUse', timestamp: 2 },
      ],
      tools: [TOOLS[0]],
    };
    const result = encodeRequest(model, context);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Could not encode the request: .*circular/i);
  });

  it('reports a model or context that is not shaped like pi\'s', () => {
    expect(encodeRequest(null as never, firstTurn())).toMatchObject({ ok: false, error: 'model must be a pi Model object' });
    expect(encodeRequest(model, { messages: 'hi' } as never)).toMatchObject({ ok: false, error: 'context.messages must be a list' });
  });

  it('fails Bedrock alone on an image type Bedrock cannot carry, in pi\'s words', () => {
    const context: Context = { messages: [{ role: 'user', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/bmp' }], timestamp: 1 }] };
    const results = encodeVariants(context);
    const bedrock = results.find((r) => r.variant.api === 'bedrock-converse-stream')!.result;
    expect(bedrock).toMatchObject({ ok: false, error: 'Unknown image type: image/bmp' });
    expect(results.filter((r) => r.variant.api !== 'bedrock-converse-stream').every((r) => r.result.ok)).toBe(true);
  });
});

describe('encodeVariants', () => {
  it('keeps every other API working when one refuses a tool that requires strict sampling', () => {
    const results = encodeVariants(firstTurn([TOOLS[0], REQUIRE_TOOLS.requireStrictable]), { apiKey: 'k' });
    const failed = results.filter((r) => !r.result.ok).map((r) => r.variant.key);
    expect(failed).toEqual(['openai-completions--moonshot-nostrict', 'openai-responses', 'anthropic-messages--no-eager-streaming', 'google-generative-ai', 'google-vertex']);
    expect(results).toHaveLength(API_VARIANTS.length);
  });

  it('gives every API the same schema error when a tool schema is broken', () => {
    const results = encodeVariants(withTool({ type: 'object', properties: { a: { type: 'strng' } } }));
    expect(new Set(results.map((r) => !r.result.ok && r.result.path))).toEqual(new Set(['/properties/a/type']));
  });

  it('uses the OAuth variant\'s key even when the caller passes one', () => {
    const results = encodeVariants(firstTurn([READ_TOOL]), { apiKey: 'plain-key' });
    const oauth = results.find((r) => r.variant.key === 'anthropic-messages--oauth')!.result;
    expect(oauth.ok && (oauth.body as { tools: { name: string }[] }).tools[0].name).toBe('Read');
  });

  it('encodes a conversation built per variant, as if each model had written its own history', () => {
    const seen: string[] = [];
    const results = encodeVariants((variant) => {
      seen.push(variant.key);
      return { ...firstTurn([TOOLS[0]]), messages: [{ role: 'user', content: `Hello from ${variant.key}`, timestamp: 1 }] };
    });
    expect(seen).toEqual(API_VARIANTS.map((v) => v.key));
    for (const { variant, result } of results) expect(result.ok && JSON.stringify(result.body)).toContain(`Hello from ${variant.key}`);
  });

  it('fails only the variant whose model is malformed', () => {
    const broken = { ...API_VARIANTS[1], key: 'broken', model: { ...API_VARIANTS[1].model, input: undefined } } as unknown as typeof API_VARIANTS[number];
    const results = encodeVariants(firstTurn([TOOLS[0]]), {}, [API_VARIANTS[0], broken, API_VARIANTS[4]]);
    expect(results.map((r) => r.result.ok)).toEqual([true, false, true]);
  });
});

describe('KNOWN_APIS', () => {
  it('lists every chat API pi-ai 0.85.1 has, each with a label, a model of that API and its variants', () => {
    expect(Object.keys(KNOWN_APIS).sort()).toEqual([
      'anthropic-messages', 'azure-openai-responses', 'bedrock-converse-stream', 'google-generative-ai', 'google-vertex',
      'mistral-conversations', 'openai-codex-responses', 'openai-completions', 'openai-responses', 'pi-messages',
    ]);
    for (const [api, info] of Object.entries(KNOWN_APIS)) {
      expect(info.label.length).toBeGreaterThan(0);
      expect(info.model.api).toBe(api);
      expect(info.variants.every((v) => v.api === api && v.model.api === api)).toBe(true);
    }
    expect(new Set(API_VARIANTS.map((v) => v.key)).size).toBe(API_VARIANTS.length);
  });

  it('encodes a first turn with every test tool for every variant', () => {
    expect(encodeVariants(firstTurn(), { apiKey: 'k' }).filter((r) => !r.result.ok)).toEqual([]);
  });
});

describe('never throws', () => {
  it('returns a value for arbitrary junk as tools, messages and options', () => {
    fc.assert(fc.property(fc.anything(), fc.anything(), fc.anything(), fc.constantFrom(...API_VARIANTS), (tools, messages, options, variant) => {
      const context = { messages: Array.isArray(messages) ? messages : [], tools: Array.isArray(tools) ? tools : undefined } as Context;
      const result = encodeRequest(variant.model, context, (typeof options === 'object' && options ? options : {}) as never);
      expect(typeof result.ok).toBe('boolean');
    }), { numRuns: 300 });
  });
});

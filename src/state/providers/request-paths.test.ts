import { describe, expect, it } from 'vitest';
import { API_VARIANTS, encodeVariants } from '../../ai/providers/index.ts';
import type { Tool } from '../../ai/index.ts';
import { buildConversation } from './conversations.ts';
import { deepestExisting, findingPointer, locateTool, toolsPointer, valueAt } from './request-paths.ts';

const TOOLS: Tool[] = [
  { name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string', minLength: 1 } }, required: ['path'] } as never },
  { name: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'] } as never },
];

const encoded = encodeVariants((v) => buildConversation('first-turn', v, { systemPrompt: 's', userPrompt: 'u', tools: TOOLS }), { apiKey: 'k' });

describe('request paths', () => {
  it('finds the tool list and each tool\'s schema in the body of every API variant', () => {
    for (const { variant, result } of encoded) {
      if (!result.ok) throw new Error(result.error);
      for (const body of [result.body, result.wireBody ?? result.body]) {
        expect(Array.isArray(valueAt(body, toolsPointer(body) ?? '-')), variant.key).toBe(true);
        const location = locateTool(body, 'get_weather');
        expect(location, variant.key).toBeDefined();
        const schema = valueAt(body, location!.schema!) as { properties: Record<string, unknown> };
        expect(Object.keys(schema.properties).sort(), variant.key).toEqual(['city', 'days']);
      }
    }
  });

  it('finds a tool that Anthropic OAuth renamed (read is sent as Read)', () => {
    const oauth = encoded.find((r) => r.variant.key === 'anthropic-messages--oauth')!.result;
    if (!oauth.ok) throw new Error(oauth.error);
    expect(locateTool(oauth.body, 'read')).toEqual({ entry: '/tools/0', schema: '/tools/0/input_schema' });
  });

  it('points a finding at the deepest node the API kept, or at the tool entry for tool-level findings', () => {
    const google = encoded.find((r) => r.variant.key === 'google-generative-ai')!.result;
    const anthropic = encoded.find((r) => r.variant.key === 'anthropic-messages')!.result;
    if (!google.ok || !anthropic.ok) throw new Error('encode failed');
    expect(findingPointer(google.body, 'read', '/properties/path/minLength')).toBe('/config/tools/0/functionDeclarations/0/parametersJsonSchema/properties/path/minLength');
    expect(findingPointer(google.body, 'get_weather', '')).toBe('/config/tools/0/functionDeclarations/1');
    // Anthropic drops root keywords other than properties and required: the schema root is the deepest kept node.
    expect(findingPointer(anthropic.body, 'read', '/additionalProperties')).toBe('/tools/0/input_schema');
    expect(findingPointer(anthropic.body, 'missing_tool', '/x')).toBeUndefined();
    expect(API_VARIANTS.length).toBe(encoded.length);
  });

  it('reads pointers with escaped tokens and stops at paths that do not exist', () => {
    const doc = { 'a/b': { '~x': [10, 20] } };
    expect(valueAt(doc, '/a~1b/~0x/1')).toBe(20);
    expect(valueAt(doc, '/a~1b/~0x/7')).toBeUndefined();
    expect(deepestExisting(doc, '/a~1b/nope/deeper')).toBe('/a~1b');
  });
});

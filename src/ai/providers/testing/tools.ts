// Test tools that exercise every schema feature providers treat differently: unions, literals, enums,
// nested objects and arrays, optional and nullable fields, defaults, formats, patterns, bounds, $ref/$defs,
// a recursive type, no parameters, unicode and very long descriptions, and constrained-sampling variants.
import { Type } from 'typebox';
import { StringEnum } from '../../schema/string-enum.ts';
import type { Tool } from '../../types.ts';
import type { AgentTool } from '../../../engine/index.ts';

const tool = (name: string, description: string, parameters: unknown, extra: Partial<Tool> = {}): Tool =>
  ({ name, description, parameters, ...extra }) as Tool;

const Tree = Type.Cyclic({ Node: Type.Object({ value: Type.Number(), children: Type.Array(Type.Ref('Node')) }) }, 'Node');

export const LONG_DESCRIPTION = `Summarise a document. ${'This sentence repeats to make the description very long. '.repeat(80)}End.`;

/** An AgentTool as the loop holds it: label, execute and executionMode ride along (pi-messages sends them). */
export const READ_TOOL: AgentTool = {
  name: 'read',
  label: 'Read file',
  description: 'Read a file from the virtual filesystem.',
  parameters: Type.Object({ path: Type.String({ description: 'Path relative to the workspace' }), offset: Type.Optional(Type.Integer({ minimum: 1 })) }),
  executionMode: 'parallel',
  execute: async () => ({ content: [{ type: 'text', text: 'ok' }], details: {} }),
};

export const TOOLS: Tool[] = [
  tool('get_weather', 'Current weather for a city.', Type.Object({
    city: Type.String({ description: 'City name' }),
    unit: StringEnum(['celsius', 'fahrenheit'], { description: 'Temperature unit', default: 'celsius' }),
  })),
  tool('pick_color', 'Pick one of three colors.', Type.Object({ color: Type.Union([Type.Literal('red'), Type.Literal('green'), Type.Literal('blue')]) })),
  tool('search_records', 'Search records with filters.', Type.Object({
    query: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\n]+$' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    filters: Type.Optional(Type.Object({
      tags: Type.Array(Type.String(), { minItems: 1, maxItems: 5, uniqueItems: true }),
      owner: Type.Object({ id: Type.String({ format: 'uuid' }), email: Type.Optional(Type.String({ format: 'email' })) }),
      sort: Type.Optional(StringEnum(['asc', 'desc'], { default: 'asc' })),
    })),
    fields: Type.Optional(Type.Array(Type.Object({ name: Type.String(), weight: Type.Number({ exclusiveMinimum: 0, multipleOf: 0.5 }) }))),
  }, { additionalProperties: false, description: 'Search input' })),
  tool('update_profile', 'Update a profile; null clears a field.', Type.Object({
    name: Type.Union([Type.String(), Type.Null()]),
    nickname: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    age: Type.Optional(Type.Integer({ minimum: 0 })),
    website: { type: ['string', 'null'], format: 'uri' },
  })),
  tool('schedule', 'Schedule a meeting.', Type.Object({
    start: Type.String({ format: 'date-time' }),
    durationMinutes: Type.Integer({ minimum: 15, maximum: 480, default: 30 }),
    attendees: Type.Array(Type.String({ format: 'email' }), { default: [] }),
    tuple: Type.Tuple([Type.Number(), Type.Number()]),
  })),
  tool('define_refs', 'Plain JSON Schema with $defs and $ref.', {
    type: 'object',
    $defs: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
    properties: { from: { $ref: '#/$defs/point' }, to: { $ref: '#/$defs/point' } },
    required: ['from', 'to'],
  }),
  tool('tree_sum', 'Sum a recursive tree.', Type.Object({ tree: Tree })),
  tool('ping', 'No parameters at all.', Type.Object({})),
  tool('describe_unicode', 'Übersetze 日本語 → English 🌍; עברית ok; \u00e9 and "quotes" \\ backslash.', Type.Object({ text: Type.String({ description: 'Texte à traduire — 中文' }) })),
  tool('summarise', LONG_DESCRIPTION, Type.Object({ document: Type.String() })),
  tool('strict_ok', 'Strict sampling preferred and possible.', Type.Object({ a: Type.String(), b: Type.Optional(Type.Number()) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } }),
  tool('strict_fallback', 'Strict preferred, but the schema has a oneOf.', { type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } }, required: ['v'] }, { constrainedSampling: { type: 'json_schema', strict: 'prefer' } }),
  tool('not_strict', 'Strict sampling explicitly off.', Type.Object({ q: Type.String() }), { constrainedSampling: false }),
  tool('apply_patch', 'Apply a patch written in a grammar.', Type.Object({ patch: Type.String() }), { constrainedSampling: { type: 'grammar', variants: { openai_lark: 'start: /.+/' } } }),
  READ_TOOL,
  tool('bash', 'Run a shell command.', Type.Object({ command: Type.String(), timeout: Type.Optional(Type.Number()) })),
  tool('root_union', 'The root is a union of two objects.', Type.Union([Type.Object({ kind: Type.Literal('a'), a: Type.String() }), Type.Object({ kind: Type.Literal('b'), b: Type.Number() })])),
  tool('loose_object', 'Extra properties allowed by schema.', Type.Object({ id: Type.String() }, { additionalProperties: Type.Number() })),
];

/** Tools that make unsupported APIs refuse the request (strict "require") or need grammar support. */
export const REQUIRE_TOOLS: Record<string, Tool> = {
  requireStrictable: tool('must_be_strict', 'Strict required, schema can be strict.', Type.Object({ a: Type.String(), n: Type.Optional(Type.Integer()) }), { constrainedSampling: { type: 'json_schema', strict: 'require' } }),
  requireUnstrictable: tool('cannot_be_strict', 'Strict required, but a $ref is in the way.', { type: 'object', properties: { p: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } }, { constrainedSampling: { type: 'json_schema', strict: 'require' } }),
  grammarTwoRequired: tool('bad_grammar', 'Grammar with two required properties.', Type.Object({ a: Type.String(), b: Type.String() }), { constrainedSampling: { type: 'grammar', variants: { openai_regex: '^a+$' } } }),
  grammarNoVariant: tool('empty_grammar', 'Grammar with no usable variant.', Type.Object({ a: Type.String() }), { constrainedSampling: { type: 'grammar', variants: { openai_lark: '   ' } } }),
};

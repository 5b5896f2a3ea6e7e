// Every lint rule fires on a schema that has the problem (at the right pointer, for the right APIs) and
// stays quiet on one that does not.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { StringEnum } from '../schema/string-enum.ts';
import { API_VARIANTS } from '../providers/known-apis.ts';
import type { Tool } from '../types.ts';
import { findingsFor, lintTools, LINT_RULES } from './index.ts';

const tool = (name: string, parameters: unknown, extra: Partial<Tool> = {}): Tool => ({ name, description: 'Does a thing.', parameters, ...extra }) as Tool;
const clean = tool('get_weather', Type.Object({ city: Type.String(), unit: StringEnum(['c', 'f']) }));
const rulesOf = (tools: Tool[], rule: string) => lintTools(tools).filter((f) => f.rule === rule);

interface Case {
  rule: string;
  bad: Tool[];
  good: Tool[];
  expect: { severity: string; path: string; toolName: string; apis: string[] };
}

const CASES: Case[] = [
  { rule: 'tool-name-invalid', bad: [tool('get weather', Type.Object({}))], good: [clean], expect: { severity: 'error', path: '', toolName: 'get weather', apis: ['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses', 'anthropic-messages', 'google-generative-ai', 'google-vertex', 'mistral-conversations', 'bedrock-converse-stream'] } },
  { rule: 'duplicate-tool-name', bad: [clean, { ...clean, description: 'again' }], good: [clean, tool('other', Type.Object({}))], expect: { severity: 'error', path: '', toolName: 'get_weather', apis: Object.keys(Object.fromEntries(API_VARIANTS.map((v) => [v.api, 1]))) } },
  { rule: 'oauth-name-collision', bad: [tool('read', Type.Object({})), tool('READ', Type.Object({}))], good: [tool('read', Type.Object({})), tool('read_file', Type.Object({}))], expect: { severity: 'warning', path: '', toolName: 'READ', apis: ['anthropic-messages'] } },
  { rule: 'root-not-object', bad: [tool('either', Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]))], good: [clean], expect: { severity: 'error', path: '', toolName: 'either', apis: ['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses', 'anthropic-messages', 'google-generative-ai', 'google-vertex', 'mistral-conversations', 'bedrock-converse-stream'] } },
  { rule: 'anthropic-root-dropped', bad: [tool('strict_keys', Type.Object({ a: Type.String() }, { additionalProperties: false }))], good: [clean], expect: { severity: 'warning', path: '/additionalProperties', toolName: 'strict_keys', apis: ['anthropic-messages'] } },
  { rule: 'gemini-ignored-keyword', bad: [tool('named', Type.Object({ name: Type.String({ pattern: '^[a-z]+$' }) }))], good: [clean], expect: { severity: 'warning', path: '/properties/name/pattern', toolName: 'named', apis: ['google-generative-ai', 'google-vertex'] } },
  { rule: 'strict-unavailable', bad: [tool('must', Type.Object({ a: Type.String() }), { constrainedSampling: { type: 'json_schema', strict: 'require' } })], good: [tool('may', Type.Object({ a: Type.String() }))], expect: { severity: 'error', path: '', toolName: 'must', apis: ['openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai', 'google-vertex'] } },
  { rule: 'strict-impossible', bad: [tool('tuple', Type.Object({ t: Type.Tuple([Type.Number(), Type.Number()]) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } })], good: [tool('flat', Type.Object({ t: Type.Array(Type.Number()) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } })], expect: { severity: 'warning', path: '/properties/t/items', toolName: 'tuple', apis: ['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses', 'anthropic-messages', 'mistral-conversations', 'bedrock-converse-stream'] } },
  { rule: 'strict-optional-nullable', bad: [tool('opt', Type.Object({ a: Type.String(), b: Type.Optional(Type.String()) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } })], good: [tool('opt', Type.Object({ a: Type.String(), b: Type.Optional(Type.String()) }))], expect: { severity: 'info', path: '/properties/b', toolName: 'opt', apis: ['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses', 'anthropic-messages', 'mistral-conversations', 'bedrock-converse-stream'] } },
  { rule: 'openai-strict-keyword', bad: [tool('dflt', Type.Object({ n: Type.Integer({ default: 3 }) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } })], good: [tool('dflt', Type.Object({ n: Type.Integer({ default: 3 }) }))], expect: { severity: 'error', path: '/properties/n/default', toolName: 'dflt', apis: ['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses'] } },
  { rule: 'grammar-unusable', bad: [tool('patch', Type.Object({ a: Type.String(), b: Type.String() }), { constrainedSampling: { type: 'grammar', variants: { openai_lark: 'start: /.+/' } } })], good: [tool('patch', Type.Object({ a: Type.String() }), { constrainedSampling: { type: 'grammar', variants: { openai_lark: 'start: /.+/' } } })], expect: { severity: 'error', path: '', toolName: 'patch', apis: ['openai-responses', 'azure-openai-responses', 'openai-codex-responses'] } },
];

describe('lint rules', () => {
  it('has a case for every rule', () => {
    expect(CASES.map((c) => c.rule).concat('missing-description').sort()).toEqual(Object.keys(LINT_RULES).sort());
  });

  it.each(CASES.map((c) => [c.rule, c] as const))('%s fires where the problem is and not elsewhere', (rule, c) => {
    const found = rulesOf(c.bad, rule);
    const { apis, ...fields } = c.expect;
    expect(found[0]).toMatchObject({ rule, ...fields });
    // One rule may report per API family (different limits); together they cover exactly these APIs.
    expect([...new Set(found.flatMap((f) => f.apis))].sort()).toEqual([...apis].sort());
    expect(found[0].fix.length).toBeGreaterThan(0);
    expect(rulesOf(c.good, rule)).toEqual([]);
  });

  it('missing-description warns everywhere and is an error on Bedrock, which needs at least one character', () => {
    const found = rulesOf([tool('quiet', Type.Object({}), { description: '  ' })], 'missing-description');
    expect(found.map((f) => [f.severity, f.apis.includes('bedrock-converse-stream')])).toEqual([['error', true], ['warning', false]]);
    expect(rulesOf([clean], 'missing-description')).toEqual([]);
  });

  it('anthropic-root-dropped is an error when a $ref points into the dropped root $defs', () => {
    const refs = tool('refs', { type: 'object', $defs: { p: { type: 'number' } }, properties: { x: { $ref: '#/$defs/p' } } });
    expect(rulesOf([refs], 'anthropic-root-dropped')).toMatchObject([{ severity: 'error', path: '/$defs' }]);
    const unused = tool('unused', { type: 'object', $defs: { p: { type: 'number' } }, properties: { x: { type: 'number' } } });
    expect(rulesOf([unused], 'anthropic-root-dropped')).toMatchObject([{ severity: 'info', path: '/$defs' }]);
  });

  it('openai-strict-keyword refuses formats outside OpenAI\'s strict list', () => {
    const uri = tool('link', Type.Object({ u: Type.String({ format: 'uri' }) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } });
    expect(rulesOf([uri], 'openai-strict-keyword')).toMatchObject([{ path: '/properties/u/format' }]);
    const email = tool('mail', Type.Object({ u: Type.String({ format: 'email' }) }), { constrainedSampling: { type: 'json_schema', strict: 'prefer' } });
    expect(rulesOf([email], 'openai-strict-keyword')).toEqual([]);
  });

  it('says what each message is about without words: params, wording variants, coded reasons', () => {
    const [duplicate] = rulesOf([tool('a', Type.Object({})), clean, { ...clean, description: 'again' }], 'duplicate-tool-name');
    expect(duplicate.params).toEqual({ index: 2, tool: 'get_weather', first: 1 });
    const [pattern] = rulesOf([tool('named', Type.Object({ name: Type.String({ pattern: '^[a-z]+$' }) }))], 'gemini-ignored-keyword');
    expect(pattern).toMatchObject({ params: { keyword: 'pattern' }, fixKey: 'describe-format' });
    const tuple = tool('tuple', Type.Object({ t: Type.Tuple([Type.Number()]) }), { constrainedSampling: { type: 'json_schema', strict: 'require' } });
    expect(rulesOf([tuple], 'strict-impossible')[0]).toMatchObject({ messageKey: 'require', detail: { code: 'strict.tuple', params: {} } });
    const [broken] = lintTools([tool('broken', { type: 'object', properties: { a: { type: 'strng' } } })]);
    expect(broken).toMatchObject({ params: { tool: 'broken', at: '/properties/a/type' }, detail: { code: 'schema.unknown-type', params: { type: '"strng"' } } });
  });

  it('points each finding at the offending schema node', () => {
    const schema = Type.Object({ name: Type.String({ pattern: '^[a-z]+$' }) });
    const [finding] = rulesOf([tool('named', schema)], 'gemini-ignored-keyword');
    expect(finding.schemaNode).toBe(schema.properties.name);
  });
});

describe('lintTools', () => {
  it('reports a schema that is not JSON Schema once, with its pointer, instead of linting it', () => {
    const findings = lintTools([tool('broken', { type: 'object', properties: { a: { type: 'strng' } } })]);
    expect(findings).toMatchObject([{ rule: 'invalid-schema', severity: 'error', toolName: 'broken', path: '/properties/a/type' }]);
  });

  it('lists errors before warnings and infos within a tool, tools in order', () => {
    const findings = lintTools([tool('first', Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })])), clean]);
    const severities = findings.filter((f) => f.toolName === 'first').map((f) => f.severity);
    expect(severities).toEqual([...severities].sort((a, b) => ['error', 'warning', 'info'].indexOf(a) - ['error', 'warning', 'info'].indexOf(b)));
  });

  it('filters findings for one variant', () => {
    const findings = lintTools([tool('named', Type.Object({ name: Type.String({ pattern: '^[a-z]+$' }) }))]);
    expect(findingsFor(findings, 'google-vertex')).toHaveLength(1);
    expect(findingsFor(findings, 'openai-completions')).toHaveLength(0);
  });

  it('lints only the variants it is given', () => {
    const onlyBedrock = API_VARIANTS.filter((v) => v.api === 'bedrock-converse-stream');
    expect(lintTools([tool('a.b', Type.Object({}))], onlyBedrock).map((f) => f.apis)).toEqual([['bedrock-converse-stream']]);
  });
});

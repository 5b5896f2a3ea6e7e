// The providers panel words lint findings in the reader's language. Against the real lint: for tools that make every
// rule report (every wording of it, every keyword Gemini ignores, every coded reason), the English rebuilt from the
// finding's params is exactly core's message and fix, the Chinese has no English left and no placeholders, every
// rule has words in both languages, and a rule this build does not know shows core's English. Then the list itself,
// switched to Chinese.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import { LINT_RULE_IDS, LINT_RULES, lintTools, type LintFinding } from '../../ai/lint/index.ts';
import { GEMINI_IGNORED } from '../../ai/lint/index.ts';
import { API_VARIANTS } from '../../ai/providers/index.ts';
import { toStrictSchema } from '../../ai/providers/index.ts';
import { checkParametersSchema } from '../../ai/schema/index.ts';
import type { Tool } from '../../ai/index.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { i18n, loadEnglishArea, loadLocale, tIn } from '../i18n/i18n.svelte.ts';
import FindingsList from './FindingsList.svelte';
import { checkTool } from '../../ai/providers/index.ts';
import { findingFix, findingKey, findingMessage, schemaProblemText } from './finding-text.ts';

// The Chinese table is a chunk of its own (catalog.ts); these tests read it.
// The Chinese table and the deferred English areas these words live in come as chunks of their own (catalog.ts).
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadEnglishArea('lint'), loadEnglishArea('providers-panel')]));

type Schema = Record<string, unknown>;
const tool = (name: string, parameters: unknown, extra: Partial<Tool> = {}): Tool => ({ name, description: 'Does a thing.', parameters, ...extra }) as Tool;
const prefer = { constrainedSampling: { type: 'json_schema', strict: 'prefer' } } as const;
const requireStrict = { constrainedSampling: { type: 'json_schema', strict: 'require' } } as const;
const grammar = (variants: Record<string, string>) => ({ constrainedSampling: { type: 'grammar', variants } }) as Partial<Tool>;
const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });

/** Every keyword Gemini ignores, in one schema. */
const GEMINI_SCHEMA = object({
  literal: { const: 'x' },
  count: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 2 },
  text: { type: 'string', minLength: 1, maxLength: 5, pattern: '^a' },
  list: { type: 'array', uniqueItems: true, contains: { type: 'string' }, unevaluatedItems: false },
  map: {
    type: 'object', minProperties: 1, maxProperties: 3, patternProperties: { '^x': { type: 'string' } }, propertyNames: { pattern: '^x' },
    dependentRequired: { a: ['b'] }, dependentSchemas: { a: { type: 'object' } }, unevaluatedProperties: false,
  },
  both: { allOf: [{ type: 'string' }] },
  notNull: { not: { type: 'null' } },
  either: { if: { type: 'string' } },
});

const cycleAt = (): Schema => {
  const inner: Schema = { type: 'object' };
  inner.properties = { self: inner };
  return object({ inner });
};
const cycleToRoot = (): Schema => {
  const root = object({});
  root.properties = { again: root };
  return root;
};

/** Tools that make every rule report, in every wording a tool that passes the schema check can reach. */
const TOOLS: unknown[] = [
  tool('get weather', object({})),
  tool('twin', object({})), tool('twin', object({})),
  tool('read', object({})), tool('READ', object({})),
  tool('quiet', object({}), { description: '' }),
  tool('typed_root', { type: 'string' }),
  tool('untyped_root', { anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'number' } })] }),
  tool('rooted', {
    ...object({ x: { $ref: '#/$defs/p' } }), $defs: { p: { type: 'number' } }, definitions: { q: { type: 'number' } }, description: 'd',
    minProperties: 1, oneOf: [{ required: ['x'] }], additionalProperties: false,
  }),
  tool('gemini', GEMINI_SCHEMA),
  tool('must', object({ a: { type: 'string' } }), requireStrict),
  tool('may', object({ a: { type: 'string' } }, { required: ['a'] }), prefer),
  tool('strict_boolean', object({ a: true }), prefer),
  tool('strict_keyword', object({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } }), requireStrict),
  tool('strict_union', object({ a: { anyOf: [object({}), { type: 'string' }] } }), prefer),
  tool('strict_tuple', object({ a: { type: 'array', items: [{ type: 'string' }] } }), prefer),
  tool('strict_properties', object({ a: { type: 'string', properties: {} } }), prefer),
  tool('strict_additional', object({}, { additionalProperties: true }), prefer),
  tool('strict_required', object({}, { required: ['zz'] }), prefer),
  tool('strict_root', { type: 'string' }, prefer),
  tool('openai_strict', object({ n: { type: 'integer', default: 3 }, u: { type: 'string', format: 'uri' } }, { required: ['n', 'u'] }), prefer),
  tool('grammar_none', object({ q: { type: 'string' } }, { required: ['q'] }), grammar({})),
  tool('grammar_root', { type: 'string' }, grammar({ openai_lark: 'start: /.+/' })),
  tool('grammar_two', object({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['a', 'b'] }), grammar({ openai_lark: 'start: /.+/' })),
  tool('grammar_missing', object({}, { required: ['q'] }), grammar({ openai_regex: '.+' })),
  tool('grammar_number', object({ q: { type: 'number' } }, { required: ['q'] }), grammar({ openai_lark: 'start: /.+/' })),
  // Tools no API can be sent: one invalid-schema finding each.
  5,
  { description: 'no name', parameters: object({}) },
  tool('big', object({ a: { type: 'integer', default: 10n } })),
  tool('fn', object({ a: { type: 'string', default: () => 'x' } })),
  tool('sym', object({ a: { type: 'string', default: Symbol('s') } })),
  tool('inf', object({ a: { type: 'number', maximum: Infinity } })),
  tool('cycle', cycleAt()),
  tool('cycle_root', cycleToRoot()),
  tool('string_params', 'object'),
  tool('array_params', []),
  tool('not_schema', object({ a: 5 })),
  tool('bad_type', object({ a: { type: 'strng' } })),
  tool('bad_required', object({}, { required: 'a' })),
  tool('bad_enum', object({ a: { enum: 1 } })),
  tool('bad_pattern_type', object({ a: { type: 'string', pattern: 5 } })),
  tool('bad_pattern', object({ a: { type: 'string', pattern: '(' } })),
  tool('bad_number', object({ a: { type: 'number', minimum: 'x' } })),
  tool('bad_count', object({ a: { type: 'string', minLength: -1 } })),
  tool('bad_map', { type: 'object', properties: 5 }),
  tool('bad_list', object({ a: { anyOf: [] } })),
];

/** Wordings no tool that passes the schema check reaches (a root that is not an object is refused before lint). */
const UNREACHABLE_BY_LINT = new Set([
  'lint.root-not-object.message.not-schema',
  'lint.detail.schema.circular', // the plain-JSON check finds the cycle first
  'lint.detail.strict.empty-any-of', 'lint.detail.strict.properties-not-map', 'lint.detail.strict.required-not-strings',
]);

const findings = lintTools(TOOLS as Tool[], API_VARIANTS);
const messageKey = (f: LintFinding) => findingKey(f, 'message', f.messageKey);
const fixKey = (f: LintFinding) => findingKey(f, 'fix', f.fixKey);
const detailKey = (f: LintFinding) => f.detail && `lint.detail.${f.detail.code}`;
const HAN = /[\u4e00-\u9fff]/;
const PLACEHOLDER = /\{\w+\}/;

describe('lint findings in the UI language', () => {
  it('rebuilds every finding\'s English message and fix exactly from its params, and words it in Chinese', () => {
    expect(findings.length).toBeGreaterThan(80);
    for (const f of findings) {
      const at = `${f.toolName} ${f.rule} ${f.path}`;
      for (const key of [messageKey(f), fixKey(f), detailKey(f)]) if (key) expect(key in CATALOG.en, `${at}: ${key}`).toBe(true);
      expect(findingMessage(f, 'en'), at).toBe(f.message);
      expect(findingFix(f, 'en'), at).toBe(f.fix);
      for (const text of [findingMessage(f, 'zh-CN'), findingFix(f, 'zh-CN')]) {
        expect(text, at).toMatch(HAN);
        expect(text, at).not.toMatch(PLACEHOLDER);
      }
    }
  });

  it('reports every rule, and every lint wording is used by some finding', () => {
    expect([...new Set(findings.map((f) => f.rule))].sort()).toEqual([...LINT_RULE_IDS].sort());
    const used = new Set(findings.flatMap((f) => [messageKey(f), fixKey(f), detailKey(f)]));
    const unused = Object.keys(CATALOG.en).filter((key) => key.startsWith('lint.') && !used.has(key) && !UNREACHABLE_BY_LINT.has(key));
    expect(unused).toEqual([]);
  });

  it('has a message and a fix for every rule in both languages', () => {
    for (const rule of LINT_RULE_IDS) {
      for (const part of ['message', 'fix']) {
        const keys = Object.keys(CATALOG.en).filter((key) => key === `lint.${rule}.${part}` || key.startsWith(`lint.${rule}.${part}.`));
        expect(keys.length, `${rule} ${part}`).toBeGreaterThan(0);
        for (const key of keys) expect(CATALOG['zh-CN'][key], key).toMatch(HAN);
      }
    }
  });

  it('words each keyword Gemini ignores with that keyword\'s own fix', () => {
    const gemini = findings.filter((f) => f.rule === 'gemini-ignored-keyword' && f.toolName === 'gemini');
    expect([...new Set(gemini.map((f) => f.params.keyword))].sort()).toEqual(Object.keys(GEMINI_IGNORED).sort());
    for (const f of gemini) expect(f.fixKey).toBe(GEMINI_IGNORED[String(f.params.keyword)]);
    const minLength = gemini.find((f) => f.params.keyword === 'minLength')!;
    expect(findingMessage(minLength, 'zh-CN')).toBe('Gemini 生成调用时不会遵守 "minLength"（它不在 Gemini 支持的 JSON Schema 子集中）；违反它的调用会在校验时失败。');
    expect(findingFix(minLength, 'zh-CN')).toBe('在 description 中说明长度要求；校验仍会检查它。');
  });

  it('words the wordings lint cannot reach exactly as their checks do', () => {
    const [notSchema] = LINT_RULES['root-not-object']({ tool: tool('five', 5), index: 0, tools: [], variants: API_VARIANTS });
    expect(notSchema.messageKey).toBe('not-schema');
    expect(tIn('en', `lint.root-not-object.message.${notSchema.messageKey}`, notSchema.params)).toBe(notSchema.message);

    const loop: Schema = { type: 'object' };
    loop.properties = { again: loop };
    const circular = checkParametersSchema(loop).find((issue) => issue.code === 'circular')!;
    expect(tIn('en', 'lint.detail.schema.circular')).toBe(circular.message);

    for (const schema of [object({ a: { anyOf: [] } }), { type: 'object', properties: 5 }, object({}, { required: [1] })]) {
      const strict = toStrictSchema(schema);
      if (strict.ok) throw new Error('expected a schema that cannot be strict');
      expect(tIn('en', `lint.detail.strict.${strict.code}`, strict.params)).toBe(strict.reason);
      expect(tIn('zh-CN', `lint.detail.strict.${strict.code}`, strict.params)).toMatch(HAN);
    }
  });

  it('names the tools, indexes and reasons in Chinese', () => {
    const duplicate = findings.find((f) => f.rule === 'duplicate-tool-name')!;
    expect(findingMessage(duplicate, 'zh-CN')).toBe('工具 #2 与工具 #1 同名（"twin"）：智能体循环总是执行第一个，而有些 API 只保留最后一个定义，另一些则两个都发送。');
    const tuple = findings.find((f) => f.rule === 'strict-impossible' && f.toolName === 'strict_tuple')!;
    expect(findingMessage(tuple, 'zh-CN')).toBe('该工具希望使用 strict 采样，但无法做到（不支持元组 Schema）：pi 会不加提示地以非 strict 方式发送它。');
    const bigint = findings.find((f) => f.toolName === 'big')!;
    expect(findingMessage(bigint, 'zh-CN')).toBe('工具 "big" 的 Schema 在 /properties/a/default 处无效：BigInt 不是 JSON 值');
  });

  it('words why a tool left out of every request cannot be sent, or keeps core\'s message', () => {
    const loop: Schema = { type: 'object' };
    loop.properties = { again: loop };
    const problem = checkTool(tool('loop_tool', loop), 0)!;
    expect(problem.message).toBe(`Tool "loop_tool" has an invalid schema at /properties/again: ${schemaProblemText(problem.detail, '', 'en')}`);
    expect(schemaProblemText(problem.detail, problem.message, 'zh-CN')).toBe('该对象回指根节点（循环结构无法以 JSON 发送）');
    const nameless = checkTool({ description: 'no name' } as unknown as Tool, 3)!;
    expect(nameless.detail).toBeUndefined();
    expect(schemaProblemText(nameless.detail, nameless.message, 'zh-CN')).toBe('Tool #3 has no name (a string is required)');
  });

  it('shows core\'s English for a rule, a wording or a detail it has no words for', () => {
    const [sample] = findings;
    const unknownRule = { ...sample, rule: 'future-rule', message: 'A future problem.', fix: 'A future fix.' };
    expect([findingMessage(unknownRule, 'zh-CN'), findingFix(unknownRule, 'zh-CN')]).toEqual(['A future problem.', 'A future fix.']);
    const unknownVariant = { ...sample, messageKey: 'future', fixKey: 'future' };
    expect([findingMessage(unknownVariant, 'zh-CN'), findingFix(unknownVariant, 'zh-CN')]).toEqual([sample.message, sample.fix]);
    const grammarFinding = findings.find((f) => f.rule === 'grammar-unusable')!;
    expect(findingMessage({ ...grammarFinding, detail: { code: 'grammar.future', params: {} } }, 'zh-CN')).toBe(grammarFinding.message);
    expect(findingMessage({ ...grammarFinding, detail: undefined }, 'zh-CN')).toBe(grammarFinding.message);
  });
});

describe('the findings list', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(async () => {
    if (app) unmount(app);
    app = undefined;
    document.body.textContent = '';
    await i18n.set('en', { remember: false });
  });

  it('shows each finding\'s message and fix in the chosen language', async () => {
    const shown = lintTools([tool('get_weather', object({ city: { type: 'string', minLength: 2 } }, { required: ['city'] }))])
      .filter((f) => f.variants.includes('google-generative-ai'));
    expect(shown).toHaveLength(1);
    const target = document.body.appendChild(document.createElement('div'));
    app = mount(FindingsList, { target, props: { findings: shown, canShow: () => true, onshow: () => {}, onsource: () => {} } });
    flushSync();
    const text = (selector: string) => target.querySelector(selector)?.textContent?.trim();
    expect(text('[data-testid="providers-finding"] .message')).toBe(shown[0].message);
    expect(text('[data-testid="providers-finding"] .fix')).toBe(`Fix: ${shown[0].fix}`);

    await i18n.set('zh-CN', { remember: false });
    flushSync();
    expect(text('[data-testid="providers-finding"] .message')).toBe('Gemini 生成调用时不会遵守 "minLength"（它不在 Gemini 支持的 JSON Schema 子集中）；违反它的调用会在校验时失败。');
    expect(text('[data-testid="providers-finding"] .fix')).toBe('修正： 在 description 中说明长度要求；校验仍会检查它。');
    expect(text('[data-testid="providers-lint-counts"]')).toBe('1 个警告');
  });
});

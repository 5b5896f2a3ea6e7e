// The problems list shows the playground's own diagnostics in the reader's language. Against the real sandbox:
// the English wording rebuilt from code + params is exactly the sandbox's message, every code has words in both
// languages, and the engine's own errors (no code) are shown as they are.
import { beforeAll, describe, expect, it } from 'vitest';
import { testSandbox, tsFile } from '../../sandbox/testing/helpers.ts';
import type { Diagnostic, SourceFile } from '../../sandbox/types.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { loadLocale } from '../i18n/i18n.svelte.ts';
import { diagnosticText } from './diagnostic-text.ts';

// The Chinese table is a chunk of its own (catalog.ts); these tests read it.
beforeAll(() => loadLocale('zh-CN'));

const json = (id: string, value: unknown, name = `${id}.json`): SourceFile => ({ id, kind: 'json-schema', source: JSON.stringify(value, null, 2), name });
const hooks = (id: string, source: string): SourceFile => tsFile(id, source, { role: 'hooks' });
const tool = (fields: string) => `export default { name: "t", label: "t", description: "d", async execute() { return { content: [], details: {} }; }, ${fields} };\n`;

/** Files that, together, make the sandbox report (nearly) every problem it has a code for. */
const FILES: SourceFile[] = [
  tsFile('contract', `export const tools = [
  { label: "No name", description: "d", parameters: { type: "object" }, async execute() {} },
  { name: "no_description", label: "x", parameters: { type: "object" }, async execute() {} },
  { name: "no_parameters", label: "x", description: "d", async execute() {} },
  { name: "no_execute", label: "x", description: "d", parameters: { type: "object" }, executionMode: "serial" },
  { name: "no_label", description: "d", parameters: { type: "object" }, async execute() {} },
];
`),
  tsFile('malformed', `export default {
  name: "bad name!", description: 5, label: 7, execute: "run", prepareArguments: 1, constrainedSampling: true,
  parameters: "object",
};
`),
  tsFile('schema', tool(`parameters: {
  type: "array", required: ["q", "zz"], patternProperties: 5,
  properties: {
    q: { type: "string" }, a: 5, b: { type: "int" }, c: { type: "string", pattern: 5 }, d: { type: "string", pattern: "(" },
    e: { type: "number", minimum: "x" }, f: { type: "string", minLength: -1 }, g: { anyOf: [] }, h: { enum: 1 },
  },
}`).replace('name: "t"', 'name: "schema_tool"')),
  tsFile('required', tool('parameters: { type: "object", properties: {}, required: "q" }').replace('name: "t"', 'name: "required_tool"')),
  tsFile('dropped', `const self = { type: "object" };
self.properties = { again: self };
let deep = { type: "object" };
for (let i = 0; i < 300; i++) deep = { type: "object", properties: { next: deep } };
const refined = { type: "string" };
Object.defineProperty(refined, "~refine", { value: [{ check: () => true }], enumerable: false });
export const tools = [
  { name: "circular", label: "c", description: "d", parameters: self, async execute() {} },
  { name: "odd_values", label: "o", description: "d", parameters: { type: "object", properties: { f: { type: "string", default: () => 1 }, s: Symbol("s") } }, async execute() {} },
  { name: "deep", label: "d", description: "d", parameters: deep, async execute() {} },
  { name: "refined", label: "r", description: "d", parameters: { type: "object", properties: { r: refined } }, async execute() {} },
];
`),
  tsFile('first', tool('parameters: { type: "object" }').replace('name: "t"', 'name: "twice"')),
  tsFile('second', tool('parameters: { type: "object" }').replace('name: "t"', 'name: "twice"') + `export const again = { name: "twice", label: "x", description: "d", parameters: { type: "object" }, async execute() {} };\n`),
  tsFile('nothing', 'export const answer = 42;\n'),
  tsFile('factory', 'export default function (pi) {}\n'),
  hooks('h0', 'export const other = 1;\n'),
  hooks('h1', 'export const beforeToolCall = 5;\n'),
  hooks('h2', 'export async function afterToolCall() { return undefined; }\n'),
  hooks('h3', 'export function afterToolCall() {}\n'),
  json('mcp', [5, { description: 'no name' }, { name: 'no_schema', description: 'd' }, { name: 'bad name!', description: 5, inputSchema: null }, { name: 'listed', inputSchema: [] }]),
  json('bare', { type: 'object', properties: {} }, ''),
  json('empty', { tools: [] }),
  tsFile('broken', 'export default {\n  name: "x",,\n};\n'),
];

/** Codes the fixtures cannot reach: schema-check's own cycle test runs after the transfer codec has cut cycles. */
const UNREACHABLE = new Set(['schema.circular']);
const HELPERS = /^diagnostics\.(subject|got|type|where)\./;

async function diagnostics(): Promise<Diagnostic[]> {
  return (await testSandbox().evaluate(FILES)).diagnostics;
}

describe('diagnostics in the UI language', () => {
  it('rebuilds every coded English message exactly, and words it in Chinese without leftover placeholders', async () => {
    const all = await diagnostics();
    const coded = all.filter((d) => d.code);
    expect(coded.length).toBeGreaterThan(35);
    for (const d of coded) {
      expect(`diagnostics.${d.code}` in CATALOG.en, d.code).toBe(true);
      expect(diagnosticText(d, 'en'), d.code).toBe(d.message);
      const zh = diagnosticText(d, 'zh-CN');
      expect(zh, d.code).toMatch(/[\u4e00-\u9fff]/);
      expect(zh, d.code).not.toMatch(/\{\w+\}/);
    }
    const seen = new Set(coded.map((d) => d.code));
    const worded = Object.keys(CATALOG.en).filter((k) => k.startsWith('diagnostics.') && !HELPERS.test(k)).map((k) => k.slice('diagnostics.'.length));
    expect(worded.filter((code) => !seen.has(code) && !UNREACHABLE.has(code))).toEqual([]);
  });

  it('shows the engine\'s syntax errors as they are, in either language', async () => {
    const syntax = (await diagnostics()).find((d) => d.fileId === 'broken');
    expect(syntax?.code).toBeUndefined();
    expect(diagnosticText(syntax!, 'zh-CN')).toBe(syntax!.message);
  });

  it('names the tool, the other file and its line in Chinese', async () => {
    const duplicate = (await diagnostics()).find((d) => d.code === 'contract.duplicate-name' && d.params?.file);
    expect(diagnosticText(duplicate!, 'zh-CN')).toBe('工具名 "twice" 重复：已在 first.ts（第 1 行） 中定义。pi 只调用第一个同名工具，因此忽略这一个');
  });
});

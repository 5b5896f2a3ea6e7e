// Token figures of tool definitions: the encodings give OpenAI's known counts (hand-checked ids included), the
// model id picks the encoding, and the per-tool figures plus the list's own punctuation make up the total.
import { describe, expect, it } from 'vitest';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { API_VARIANTS, encodeVariants } from '../providers/index.ts';
import { firstTurn } from '../providers/testing/conversations.ts';
import { TOOLS } from '../providers/testing/tools.ts';
import { loadEncoding } from './encodings/index.ts';
import { countMethod, familyOf } from './method.ts';
import { counterFor, toolTokenFigures } from './tool-tokens.ts';

describe('OpenAI encodings, loaded on demand', () => {
  it('count "hello world" as tiktoken does: o200k [24912, 2375], cl100k [15339, 1917]', async () => {
    expect(encodeO200k('hello world')).toEqual([24912, 2375]);
    expect(encodeCl100k('hello world')).toEqual([15339, 1917]);
    expect((await loadEncoding('o200k_base'))('hello world')).toBe(2);
    expect((await loadEncoding('cl100k_base'))('hello world')).toBe(2);
  });

  it('give the library\'s own counts for JSON and prose, and differ where the vocabularies do', async () => {
    const o200k = await loadEncoding('o200k_base');
    const cl100k = await loadEncoding('cl100k_base');
    expect(o200k('Hello, world!')).toBe(4); // Hello , world !
    expect(o200k('{"type":"object"}')).toBe(5);
    expect(o200k('The quick brown fox jumps over the lazy dog.')).toBe(10);
    for (const text of ['{"type":"function","function":{"name":"get_weather"}}', '天气怎么样？', 'x'.repeat(300)]) {
      expect(o200k(text)).toBe(encodeO200k(text).length);
      expect(cl100k(text)).toBe(encodeCl100k(text).length);
    }
    expect(o200k('天气怎么样？')).not.toBe(cl100k('天气怎么样？'));
  });

  it('count special-token text in a description as plain text instead of refusing it', async () => {
    const o200k = await loadEncoding('o200k_base');
    expect(o200k('a <|endoftext|> b')).toBe(encodeO200k('a <|endoftext|> b', { disallowedSpecial: new Set() }).length);
    expect(o200k('a <|endoftext|> b')).toBeGreaterThan(3);
  });
});

describe('the count method of a model', () => {
  it.each([
    ['gpt-4o', 'o200k_base'], ['gpt-4.1', 'o200k_base'], ['gpt-5.1', 'o200k_base'], ['o3-mini', 'o200k_base'], ['o1', 'o200k_base'],
    ['openai/gpt-4o-mini', 'o200k_base'], ['gpt-4', 'cl100k_base'], ['gpt-4-turbo', 'cl100k_base'], ['gpt-3.5-turbo', 'cl100k_base'],
  ])('%s is counted with OpenAI\'s %s', (id, encoding) => {
    expect(countMethod(id)).toEqual({ kind: 'tokenizer', family: 'openai', encoding });
  });

  it.each([
    ['claude-sonnet-4-5', 'anthropic', 'o200k_base'], ['anthropic/claude-sonnet-4.5', 'anthropic', 'o200k_base'],
    ['global.anthropic.claude-sonnet-4-5-20250929-v1:0', 'anthropic', 'o200k_base'], ['gemini-2.5-pro', 'google', 'chars/4'],
    ['mistral-large-latest', 'mistral', 'o200k_base'], ['kimi-k2-0905-preview', 'other', 'o200k_base'], ['gpt-oss-120b', 'other', 'o200k_base'],
  ])('%s is an approximation (%s, %s)', (id, family, basis) => {
    expect(countMethod(id)).toEqual({ kind: 'approximation', family, basis });
    expect(familyOf(id)).toBe(family);
  });

  it('every shipped variant has a method, and only OpenAI models get the tokenizer', () => {
    for (const v of API_VARIANTS) {
      const method = countMethod(v.model.id);
      expect(method.kind === 'tokenizer').toBe(v.model.provider.startsWith('openai') || v.model.provider.startsWith('azure'));
    }
  });
});

describe('toolTokenFigures', () => {
  const [variantResult] = encodeVariants(firstTurn(TOOLS), {}, API_VARIANTS.filter((v) => v.key === 'openai-completions'));
  const body = variantResult.result.ok ? (variantResult.result.body as { tools: { function: { name: string } }[] }) : undefined;

  it('counts each serialised entry and the whole list, and the difference is the list\'s own brackets and commas', async () => {
    const o200k = await loadEncoding('o200k_base');
    const tools = body!.tools;
    const figures = toolTokenFigures(tools, tools.map((t) => ({ name: t.function.name, value: t })), countMethod('gpt-4.1'), o200k);
    expect(figures.perTool.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    figures.perTool.forEach((t, i) => {
      expect(t.tokens).toBe(encodeO200k(JSON.stringify(tools[i])).length);
      expect(t.chars).toBe(JSON.stringify(tools[i]).length);
    });
    expect(figures.total).toBe(encodeO200k(JSON.stringify(tools)).length);
    const sum = figures.perTool.reduce((s, t) => s + t.tokens, 0);
    expect(figures.join).toBe(figures.total - sum);
    // "[", "]" and one "," per boundary, give or take BPE merges of "}," / "}]" across a boundary.
    expect(Math.abs(figures.join)).toBeLessThanOrEqual(tools.length + 1);
    expect(figures.totalChars).toBe(figures.perTool.reduce((s, t) => s + t.chars, 0) + tools.length + 1);
  });

  it('approximates Gemini with characters ÷ 4 rounded up, without any encoding loaded', () => {
    const method = countMethod('gemini-2.5-flash');
    const count = counterFor(method, {})!;
    const figures = toolTokenFigures([{ name: 'a' }], [{ name: 'a', value: { name: 'a' } }], method, count);
    expect(figures.perTool[0]).toEqual({ name: 'a', tokens: Math.ceil('{"name":"a"}'.length / 4), chars: 12 });
    expect(figures.total).toBe(Math.ceil('[{"name":"a"}]'.length / 4));
  });

  it('has no counter until the encoding the method needs is loaded', async () => {
    expect(counterFor(countMethod('gpt-4.1'), {})).toBeUndefined();
    expect(counterFor(countMethod('claude-sonnet-4-5'), { cl100k_base: await loadEncoding('cl100k_base') })).toBeUndefined();
    expect(counterFor(countMethod('claude-sonnet-4-5'), { o200k_base: await loadEncoding('o200k_base') })).toBeTypeOf('function');
  });
});

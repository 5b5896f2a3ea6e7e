// Every API's tool list is found in the body it receives (wire JSON where the SDK reshapes it), each tool gets a
// figure, and the figure waits for its encoding rather than showing a wrong number.
import { describe, expect, it } from 'vitest';
import { API_VARIANTS, encodeVariants } from '../../ai/providers/index.ts';
import { firstTurn } from '../../ai/providers/testing/conversations.ts';
import { TOOLS } from '../../ai/providers/testing/tools.ts';
import { loadEncoding } from '../../ai/tokens/encodings/index.ts';
import { memoized, tokenFiguresFor } from './token-figures.ts';

describe('tokenFiguresFor', () => {
  const results = encodeVariants(firstTurn(TOOLS));

  it('gives every API a figure per tool, from the wire body, once its encoding is loaded', async () => {
    const encodings = { o200k_base: await loadEncoding('o200k_base') };
    for (const { variant, result } of results) {
      const figures = tokenFiguresFor(result, variant.model.id, encodings);
      expect(figures.status, variant.key).toBe('ready');
      if (figures.status !== 'ready') continue;
      expect(figures.figures.perTool.map((t) => t.name.toLowerCase()), variant.key).toEqual(TOOLS.map((t) => t.name.toLowerCase()));
      expect(figures.figures.total, variant.key).toBeGreaterThan(figures.figures.perTool.length);
    }
  });

  it('counts Bedrock\'s and Google\'s lists where those APIs put them', async () => {
    const encodings = { o200k_base: await loadEncoding('o200k_base') };
    const google = results.find((r) => r.variant.key === 'google-generative-ai')!;
    const figures = tokenFiguresFor(google.result, google.variant.model.id, encodings);
    const wire = (google.result.ok ? google.result.wireBody ?? google.result.body : undefined) as { tools: unknown[] };
    expect(figures.status === 'ready' && figures.figures.totalChars).toBe(JSON.stringify(wire.tools).length);
    const bedrock = results.find((r) => r.variant.key === 'bedrock-converse-stream')!;
    expect(tokenFiguresFor(bedrock.result, bedrock.variant.model.id, encodings)).toMatchObject({ status: 'ready', figures: { method: { family: 'anthropic' } } });
  });

  it('waits for the encoding, and has nothing to count for a failed request', () => {
    const openai = results.find((r) => r.variant.key === 'openai-completions')!;
    expect(tokenFiguresFor(openai.result, 'gpt-4.1', {})).toEqual({ status: 'loading', method: { kind: 'tokenizer', family: 'openai', encoding: 'o200k_base' } });
    expect(tokenFiguresFor({ ok: false, api: 'x', error: 'no' }, 'gpt-4.1', {})).toEqual({ status: 'none' });
  });

  it('memoizes counts by text', () => {
    let calls = 0;
    const count = memoized((text) => { calls++; return text.length; });
    expect([count('ab'), count('ab'), count('abc')]).toEqual([2, 2, 3]);
    expect(calls).toBe(2);
  });
});

// Differential tests of the option and model branches: reasoning levels, tool choice, caching, token
// ceilings and sampling params on every variant and on catalog models with special reasoning switches,
// plus the tool sets pi refuses (strict "require", broken grammar tools) and the empty-tools edge cases. Each
// case checks the onPayload object and the HTTP request pi then makes (URL, headers, wire body).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context, Model, Tool } from '../types.ts';
import { API_VARIANTS, encodeRequest } from './index.ts';
import type { EncodeOptions } from './types.ts';
import { expectSameAsPi, expectSameWire } from './testing/compare.ts';
import { afterParallelBatch, CONVERSATIONS, firstTurn, withThinkingAndImages } from './testing/conversations.ts';
import { EXTRA_MODELS } from './testing/models.ts';
import { capturePi, captureWire, CODEX_TEST_TOKEN, loadPiApis } from './testing/pi-oracle.ts';
import { REQUIRE_TOOLS, TOOLS } from './testing/tools.ts';

beforeAll(loadPiApis);

const OPTION_SETS: [string, EncodeOptions][] = [
  ['reasoning medium', { reasoning: 'medium' }],
  ['reasoning high with a small ceiling and custom budgets', { reasoning: 'high', maxTokens: 4000, thinkingBudgets: { high: 3000, low: 500 } }],
  ['reasoning xhigh (clamped)', { reasoning: 'xhigh' }],
  ['reasoning minimal, tool choice auto, temperature', { reasoning: 'minimal', toolChoice: 'auto', temperature: 0.2 }],
  ['tool choice none, long cache retention', { toolChoice: 'none', cacheRetention: 'long' }],
  ['no caching, tiny ceiling, metadata, sampling params', { cacheRetention: 'none', maxTokens: 10, metadata: { user_id: 'u-1' }, samplingParams: { top_p: 0.9 } }],
  ['reasoning low with temperature and a session', { reasoning: 'low', temperature: 0.7, sessionId: 'a-very-long-session-identifier-that-goes-past-the-sixty-four-character-cache-key-limit' }],
];

function keyFor(model: Model, override?: string): string {
  return override ?? (model.api === 'openai-codex-responses' ? CODEX_TEST_TOKEN : 'test-key');
}

async function compare(model: Model, context: Context, options: EncodeOptions): Promise<void> {
  const ours = encodeRequest(model, context, options);
  const pi = await capturePi(model, context, options);
  expectSameAsPi(ours, pi);
  const wire = await captureWire(model, context, options);
  // Where pi refuses, nothing is sent at all.
  if (pi.ok) expectSameWire(ours, wire);
  else expect(wire).toBeUndefined();
}

describe.each(API_VARIANTS.map((v) => [v.key, v] as const))('%s with options', (_key, variant) => {
  it.each(OPTION_SETS)('sends what pi sends: %s', async (_name, extra) => {
    const options = { sessionId: 'session-42', ...variant.options, ...extra, apiKey: keyFor(variant.model, variant.options?.apiKey) };
    await compare(variant.model, afterParallelBatch(), options);
  });
});

describe.each(EXTRA_MODELS.map((m) => [`${m.api} ${m.provider}/${m.id}`, m] as const))('%s', (_key, model) => {
  it.each(OPTION_SETS.slice(0, 5))('sends what pi sends: %s', async (_name, extra) => {
    await compare(model, withThinkingAndImages(model), { sessionId: 'session-42', ...extra, apiKey: keyFor(model) });
  });
  it.each(CONVERSATIONS.map((c) => [c.name, c] as const))('sends what pi sends without reasoning: %s', async (_name, conversation) => {
    await compare(model, conversation.build(model, TOOLS), { apiKey: keyFor(model) });
  });
});

const TOOL_SETS: [string, (base: Context) => Context][] = [
  ...Object.entries(REQUIRE_TOOLS).map(([name, tool]) => [`with ${name}`, (c: Context) => ({ ...c, tools: [TOOLS[0], tool] })] as [string, (c: Context) => Context]),
  ['without tools (undefined)', (c) => ({ ...c, tools: undefined })],
  ['with an empty tool list and tool history', (c) => ({ ...afterParallelBatch(), tools: [] })],
  ['with an empty system prompt and no tools', (c) => ({ ...c, systemPrompt: '', tools: [] })],
  ['with duplicate tool names (last definition wins where pi de-duplicates)', (c) => ({ ...c, tools: [...TOOLS.slice(0, 3), { ...(TOOLS[0] as Tool), description: 'second get_weather' }] })],
];

describe.each(API_VARIANTS.map((v) => [v.key, v] as const))('%s with special tool sets', (_key, variant) => {
  it.each(TOOL_SETS)('matches pi %s', async (_name, build) => {
    const options = { ...variant.options, toolChoice: 'auto' as const, apiKey: keyFor(variant.model, variant.options?.apiKey) };
    await compare(variant.model, build(firstTurn()), options);
  });
});

import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../engine/index.ts';
import type { AssistantMessage } from '../../../ai/index.ts';
import { runScenario } from '../run-scenario.ts';
import { parseScenario } from './index.ts';

const file = (extra: Record<string, unknown>) => JSON.stringify({ prompt: 'Hi', turns: [{ content: 'Hello.' }], ...extra }, null, 2);
const MODEL = { provider: 'openai', api: 'openai-responses', id: 'gpt-4o-mini' };

function messagesOf(text: string): Promise<AssistantMessage[]> {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return runScenario(parsed.scenario, { clock: new VirtualClock() }).finished
    .then((result) => result.messages.filter((m): m is AssistantMessage => (m as AssistantMessage).role === 'assistant'));
}

describe('the scenario file\'s recorded model', () => {
  it('is read as provider, api and id', () => {
    const parsed = parseScenario(file({ model: MODEL }));
    expect(parsed.ok && parsed.scenario.model).toEqual(MODEL);
  });

  it('may be left out: an older file loads as before, without a model', () => {
    const parsed = parseScenario(file({}));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && 'model' in parsed.scenario).toBe(false);
  });

  it.each([
    [{ provider: 'openai', api: 'openai-responses' }, '"model.id"'],
    [{ ...MODEL, id: '' }, '"model.id"'],
    [{ ...MODEL, provider: 'x'.repeat(201) }, '"model.provider"'],
    [{ ...MODEL, api: 'openai\nresponses' }, '"model.api"'],
    [{ ...MODEL, api: 7 }, '"model.api"'],
    [{ ...MODEL, name: 'GPT' }, '"model.name"'],
    ['gpt-4o', '"model"'],
  ])('refuses %j, naming the field', (model, field) => {
    const parsed = parseScenario(file({ model }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.message).join('\n')).toContain(field);
    expect(parsed.errors[0].path.startsWith('/model')).toBe(true);
  });

  it('names the replay\'s assistant messages as the live run\'s were', async () => {
    const [message] = await messagesOf(file({ model: MODEL }));
    expect(message).toMatchObject({ api: 'openai-responses', provider: 'openai', model: 'gpt-4o-mini', content: [{ type: 'text', text: 'Hello.' }] });
  });

  it('leaves a scripted scenario\'s messages naming the faux model', async () => {
    const [message] = await messagesOf(file({}));
    expect(message).toMatchObject({ api: 'faux', provider: 'faux', model: 'faux-1' });
  });
});

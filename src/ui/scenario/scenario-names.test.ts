import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_SCENARIOS } from '../../content/examples/scenarios/index.ts';
import { i18n, loadLocale, tIn } from '../i18n/i18n.svelte.ts';
import { scenarioDescription } from './scenario-names.ts';

const HAN = /[\u3400-\u9fff]/;

beforeAll(() => loadLocale('zh-CN'));
afterEach(() => i18n.set('en', { remember: false }));

describe('scenario descriptions in the reader\'s language', () => {
  it('has, for every built-in example, the English of its file word for word and a Chinese text', () => {
    for (const example of EXAMPLE_SCENARIOS) {
      const key = `scenario.exampleDescription.${example.id}`;
      expect(tIn('en', key), example.id).toBe(example.file.description);
      expect(tIn('zh-CN', key), example.id).toMatch(HAN);
    }
  });

  it('translates an example\'s description while it is unchanged, and shows the user\'s own words as they are', async () => {
    const example = EXAMPLE_SCENARIOS.find((e) => e.id === 'parallel-vs-sequential')!;
    const original = example.file.description!;
    expect(scenarioDescription({ exampleId: example.id }, original)).toBe(original);
    await i18n.set('zh-CN', { remember: false });
    expect(scenarioDescription({ exampleId: example.id }, original)).toBe(tIn('zh-CN', 'scenario.exampleDescription.parallel-vs-sequential'));
    expect(scenarioDescription({ exampleId: example.id }, 'My own notes.')).toBe('My own notes.');
    expect(scenarioDescription({}, original)).toBe(original);
    expect(scenarioDescription(null, 'Anything.')).toBe('Anything.');
  });
});

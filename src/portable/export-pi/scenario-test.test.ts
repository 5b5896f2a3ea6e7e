import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../recording/scenario/index.ts';
import { createScenarioTest } from './scenario-test.ts';

function scenarioOf(extra: Record<string, unknown>): Scenario {
  const parsed = parseScenario(JSON.stringify({ prompt: 'Hi', turns: [{ content: 'Hello.' }], ...extra }));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.scenario;
}

const input = (scenario: Scenario) => ({
  title: 'Live', stem: 'live', scenario, events: [], toolModules: [], helperModule: './replay.ts', runtimeModule: './runtime.ts',
});

describe('createScenarioTest with a recorded model', () => {
  it('says which model the run was recorded from and that pi replays it on faux', () => {
    const files = createScenarioTest(input(scenarioOf({ model: { provider: 'openai', api: 'openai-responses', id: 'gpt-4o-mini' } })));
    expect(files.notes.join('\n')).toContain('openai/gpt-4o-mini over openai-responses');
    expect(files.testFile).toContain('// Note: Recorded from a live run of openai/gpt-4o-mini');
  });

  it('adds nothing for a scripted scenario', () => {
    expect(createScenarioTest(input(scenarioOf({}))).notes).toEqual([]);
  });
});

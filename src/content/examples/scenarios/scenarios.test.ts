import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../recording/scenario/parse/index.ts';
import { isCodeTurn } from '../../../recording/scenario/index.ts';
import { CODING_TOOL_NAMES } from '../../../coding-tools/index.ts';
import { STARTER_TOOLS } from '../index.ts';
import { VirtualClock } from '../../../engine/index.ts';
import { runScenario } from '../../../recording/scenario/index.ts';
import { BLANK_SCENARIO, EXAMPLE_SCENARIOS, exampleScenarioText } from './index.ts';

describe('example scenarios', () => {
  it('parse without errors, have unique ids and a title and description to show', () => {
    const ids = new Set<string>();
    for (const example of [...EXAMPLE_SCENARIOS, BLANK_SCENARIO]) {
      const parsed = parseScenario(exampleScenarioText(example));
      expect(parsed.ok ? [] : parsed.errors.map((e) => e.message), example.id).toEqual([]);
      expect(ids.has(example.id)).toBe(false);
      ids.add(example.id);
    }
    for (const example of EXAMPLE_SCENARIOS) {
      expect(example.file.title, example.id).toBeTruthy();
      expect(example.file.description, example.id).toBeTruthy();
    }
  });

  it('call only the starter tools (or pi\'s coding tools), except the one that shows an unknown tool', () => {
    const starter = new Set([...STARTER_TOOLS.map((t) => t.name), ...CODING_TOOL_NAMES]);
    const unknown = EXAMPLE_SCENARIOS.flatMap((example) => {
      const parsed = parseScenario(exampleScenarioText(example));
      if (!parsed.ok) return [];
      return parsed.scenario.turns.flatMap((turn) => (isCodeTurn(turn) ? [] : turn.content))
        .flatMap((block) => (block.type === 'toolCall' && !starter.has(block.name) ? [`${example.id}:${block.name}`] : []));
    });
    expect(unknown).toEqual(['unknown-tool:search_web']);
  });

  it('cover the cases the run view teaches', () => {
    expect(EXAMPLE_SCENARIOS.map((e) => e.id)).toEqual([
      'parallel-vs-sequential', 'validation-retry', 'blocked-call', 'unknown-tool', 'length-cutoff', 'abort', 'steering', 'edit-a-file',
    ]);
  });

  it('start a blank scenario at a pace, so its timeline does not collapse to 0 ms', async () => {
    const parsed = parseScenario(exampleScenarioText(BLANK_SCENARIO));
    if (!parsed.ok) throw new Error('the blank scenario does not parse');
    expect(parsed.scenario.timing).toMatchObject({ tokenSize: 2, tokensPerSecond: 60 });
    const result = await runScenario(parsed.scenario, { clock: new VirtualClock(), tools: [] }).finished;
    // "Hello!" is one chunk of 2 tokens: 33 ms at 60 tokens/s (without a pace the whole run takes 0 ms).
    expect(result.durationMs).toBeCloseTo(1000 / 30, 5);
  });
});

// The built-in example scenarios, in menu order, and the blank scenario a new one starts from.
import { BLOCKED_CALL, LENGTH_CUTOFF, UNKNOWN_TOOL, VALIDATION_RETRY } from './failures.ts';
import { EDIT_A_FILE } from './files.ts';
import { ABORT_MID_BATCH, PARALLEL_VS_SEQUENTIAL, STEERING } from './timing.ts';
import type { ExampleScenario } from './types.ts';

export { exampleScenarioText, type ExampleScenario } from './types.ts';

export const EXAMPLE_SCENARIOS: readonly ExampleScenario[] = [
  PARALLEL_VS_SEQUENTIAL, VALIDATION_RETRY, BLOCKED_CALL, UNKNOWN_TOOL, LENGTH_CUTOFF, ABORT_MID_BATCH, STEERING, EDIT_A_FILE,
];

/** The pace every example streams at; a blank scenario starts with it too, so its timeline has a length. */
export const DEFAULT_PACE = { tokenSize: 2, tokensPerSecond: 60 } as const;

export const BLANK_SCENARIO: ExampleScenario = {
  id: 'blank',
  file: {
    prompt: 'Say hello.',
    timing: { ...DEFAULT_PACE },
    turns: [{ content: 'Hello!' }],
  },
};

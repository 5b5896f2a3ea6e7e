// A run environment for state tests: a scenario file held in reactive state (so edits make a recording stale),
// and plain tools on the recording's clock: `sleep` waits virtual time, `hold` keeps the clock still (as a slow
// sandbox call does) until the test lets it go.
import { Type } from 'typebox';
import type { Clock } from '../../engine/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import type { RunEnvironment } from '../run/run.svelte.ts';

export interface TestRunEnvironment {
  environment: RunEnvironment;
  setFile(file: object): void;
  /** Another scenario compare mode may show beside the selected one (`undefined`: there is none with that id). */
  setOther(id: string, file: object | undefined): void;
  /** Lets every `hold` call in progress (and later ones) finish. */
  releaseHolds(): void;
  readonly prepared: number;
  readonly released: number;
  /** `hold` calls waiting to be let go. */
  readonly holding: number;
}

export function createTestRunEnvironment(initial: object): TestRunEnvironment {
  let file = $state.raw<object>(initial);
  let others = $state.raw<Record<string, object>>({});
  let prepared = 0;
  let released = 0;
  let holdsOpen = true;
  const waiting: (() => void)[] = [];

  const tools = (clock: Clock): AgentTool<any>[] => [
    {
      name: 'sleep', label: 'Sleep', description: 'Waits ms on the run clock',
      parameters: Type.Object({ ms: Type.Integer({ minimum: 0 }) }),
      execute: async (_id, params, signal) => {
        await clock.sleep((params as { ms: number }).ms, signal);
        return { content: [{ type: 'text', text: 'slept' }], details: {} };
      },
    },
    {
      name: 'hold', label: 'Hold', description: 'Real work that keeps the clock still',
      parameters: Type.Object({}),
      execute: async () => {
        const release = clock.hold();
        if (holdsOpen) await new Promise<void>((resolve) => waiting.push(resolve));
        release();
        return { content: [{ type: 'text', text: 'held' }], details: {} };
      },
    },
  ];

  const sourceOf = (value: object | undefined, missing: string): ReturnType<RunEnvironment['scenario']> => {
    const text = JSON.stringify(value);
    const parsed = value ? parseScenario(text) : null;
    return parsed?.ok ? { ok: true, scenario: parsed.scenario, key: text } : { ok: false, reason: { key: missing } };
  };

  return {
    environment: {
      scenario: () => sourceOf(file, 'run.error.noScenario'),
      scenarioById: (id) => sourceOf(others[id], 'run.error.compareMissing'),
      async prepare(clock) {
        prepared++;
        return { tools: tools(clock), hooks: {}, release: () => { released++; } };
      },
    },
    setFile(next) { file = next; },
    setOther(id, next) {
      const copy = { ...others };
      if (next) copy[id] = next;
      else delete copy[id];
      others = copy;
    },
    releaseHolds() { holdsOpen = false; for (const resolve of waiting.splice(0)) resolve(); },
    get prepared() { return prepared; },
    get released() { return released; },
    get holding() { return waiting.length; },
  };
}

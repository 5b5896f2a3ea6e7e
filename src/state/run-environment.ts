// The app's run environment: the selected scenario (its last good version, with the workspace's loop settings),
// and the workspace's tools and hooks as the sandbox runs them, with sleep() put on the recording's clock.
import { RealClock, type Clock } from '../core/clock.ts';
import type { EvaluationState } from './evaluation.svelte.ts';
import type { RunEnvironment } from './run.svelte.ts';
import type { ScenarioState } from './scenario.svelte.ts';
import type { ToolRuntime } from './tool-runtime.ts';

export function createRunEnvironment(scenarios: ScenarioState, evaluation: EvaluationState, runtime: ToolRuntime | null): RunEnvironment {
  /** The clock the sandbox runs on for the recording being made (a replaced recording must not reset a newer one's). */
  let current: Clock | null = null;
  return {
    scenario() {
      if (!scenarios.ready) return { ok: false, reason: { key: 'run.error.loading' } };
      const runnable = scenarios.runnable();
      if (!runnable) return { ok: false, reason: { key: 'run.error.noScenario' } };
      return { ok: true, scenario: runnable.scenario, key: `${runnable.id}\n${JSON.stringify(runnable.scenario)}` };
    },
    async prepare(clock: Clock) {
      // The latest code: an edit still waiting for its debounce is evaluated now (unchanged files cost nothing).
      await evaluation.evaluateNow();
      current = clock;
      runtime?.setClock?.(clock);
      return {
        tools: evaluation.agentTools(),
        hooks: runtime ? runtime.hooks(evaluation.evaluation) : {},
        // Back to real time for "Try it" and anything else that calls the sandbox between recordings.
        release: () => {
          if (current !== clock) return;
          current = null;
          runtime?.setClock?.(new RealClock());
        },
      };
    },
  };
}

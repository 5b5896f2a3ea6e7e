// The app's run environment: the selected scenario (its last good version, with the workspace's loop settings),
// and the workspace's tools and hooks as the sandbox runs them, with user code's timers and Date put on the
// recording's clock. Its identity names every input a recording uses, so the run state can tell a recording is out
// of date and why.
import { RealClock, type Clock } from '../../engine/index.ts';
import type { Sandbox } from '../../sandbox/types.ts';
import { createCodeTurnRunner } from './code-turns.ts';
import type { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { toolIdentities, type RunIdentity } from './identity.ts';
import type { RunEnvironment } from './run.svelte.ts';
import type { RunnableScenario, ScenarioState } from '../workspace/scenario.svelte.ts';
import type { ToolRuntime } from './tool-runtime.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

/** The inputs of a run kept outside the scenario; each is read reactively, and only those given are compared. */
export interface RunInputs {
  /** Tool files, hooks and loop settings. */
  workspace?: WorkspaceState;
  /** The starting files, as a value that changes only when they do (a kept snapshot's id, the run start object). */
  files?: () => unknown;
  /** The built-in coding tools a run gets. */
  codingTools?: () => readonly string[];
  /** The sandbox's time limit per call. */
  timeoutMs?: () => number | undefined;
  /** Whether tool code may use the network. */
  network?: () => boolean;
}

export function createRunEnvironment(
  scenarios: ScenarioState, evaluation: EvaluationState, runtime: ToolRuntime | null, inputs: RunInputs = {},
): RunEnvironment {
  /** The clock the sandbox runs on for the recording being made (a replaced recording must not reset a newer one's). */
  let current: Clock | null = null;
  return {
    pending: () => (scenarios.ready ? undefined : scenarios.start()),
    scenario() {
      if (!scenarios.ready) return { ok: false, reason: { key: 'run.error.loading' } };
      const runnable = scenarios.runnable();
      if (!runnable) return { ok: false, reason: { key: 'run.error.noScenario' } };
      return { ok: true, scenario: runnable.scenario, key: `${runnable.id}\n${JSON.stringify(runnable.scenario)}` };
    },
    scenarioById(id) {
      if (!scenarios.ready) return { ok: false, reason: { key: 'run.error.loading' } };
      const runnable = scenarios.runnable(id);
      if (!runnable) return { ok: false, reason: { key: 'run.error.compareMissing' } };
      return { ok: true, scenario: runnable.scenario, key: `${runnable.id}\n${JSON.stringify(runnable.scenario)}` };
    },
    identity() {
      const runnable = scenarios.runnable();
      const identity: RunIdentity = { scenario: runnable ? `${runnable.id}\n${runnable.text}` : '', scenarioId: runnable?.id };
      const { workspace } = inputs;
      if (workspace) {
        identity.tools = toolIdentities(workspace.tools);
        identity.hooks = workspace.hooks;
        identity.settings = usedSettings(runnable, workspace.settings);
      }
      if (inputs.files) identity.files = inputs.files();
      if (inputs.codingTools) identity.codingTools = inputs.codingTools().join(',');
      if (inputs.timeoutMs) identity.timeoutMs = inputs.timeoutMs();
      if (inputs.network) identity.network = inputs.network();
      return identity;
    },
    async prepare(clock: Clock) {
      // The latest code: an edit still waiting for its debounce is evaluated now (unchanged files cost nothing).
      await evaluation.evaluateNow();
      current = clock;
      runtime?.setClock?.(clock);
      return {
        tools: evaluation.agentTools(),
        hooks: runtime ? runtime.hooks(evaluation.evaluation) : {},
        ...(runtime?.runTurn ? { codeTurns: createCodeTurnRunner(runtime as Pick<Sandbox, 'runTurn'>, evaluation.evaluation) } : {}),
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

const SETTING_KEYS = ['systemPrompt', 'toolExecution'] as const;
let keysOf: { text: string; keys: ReadonlySet<string> } | null = null;

/** The workspace settings the scenario takes (a file that sets its own execution mode ignores the workspace's). */
function usedSettings(runnable: RunnableScenario | null, settings: Readonly<Record<(typeof SETTING_KEYS)[number], string>>): string {
  const text = runnable?.text ?? '';
  if (keysOf?.text !== text) {
    let keys: string[] = [];
    try { keys = Object.keys(JSON.parse(text) as object); } catch { /* no scenario: every setting counts */ }
    keysOf = { text, keys: new Set(keys) };
  }
  const set = keysOf.keys;
  return SETTING_KEYS.map((key) => (set.has(key) ? '' : `${key}=${settings[key]}`)).join('\n');
}

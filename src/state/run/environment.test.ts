import { describe, expect, it } from 'vitest';
import { RealClock, VirtualClock, type Clock } from '../../engine/index.ts';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { parseWorkspace } from '../../storage/workspace.ts';
import { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { createRunEnvironment } from './environment.ts';
import { ScenarioState } from '../workspace/scenario.svelte.ts';
import { createFakeRuntime } from '../testing/fake-runtime.ts';
import { ViewsState } from '../shell/views.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

async function setup() {
  const workspace = new WorkspaceState();
  workspace.load(parseWorkspace(createStarterWorkspace())!);
  const clocks: Clock[] = [];
  const runtime = { ...createFakeRuntime(), setClock: (clock: Clock) => { clocks.push(clock); } };
  const scenarios = new ScenarioState(workspace, new ViewsState(), async () => parseScenario);
  const environment = createRunEnvironment(scenarios, new EvaluationState(runtime, workspace), runtime);
  return { environment, scenarios, clocks };
}

describe('the app run environment', () => {
  it('gives the selected scenario once the checker has loaded, keyed by what would be recorded', async () => {
    const { environment, scenarios } = await setup();
    expect(environment.scenario()).toEqual({ ok: false, reason: { key: 'run.error.loading' } });
    await scenarios.start();
    const source = environment.scenario();
    expect(source.ok && source.scenario.prompts).toEqual(['Fetch the example.com home page and compute fib(30).']);
    const key = source.ok ? source.key : '';
    scenarios.editFile(scenarios.selected!.id, (file) => ({ ...file, prompt: 'Something else' }));
    const changed = environment.scenario();
    expect(changed.ok && changed.key).not.toBe(key);
  });

  it('says what a recording must wait for until the checker is here, and loads it when asked', async () => {
    const { environment, scenarios } = await setup();
    const pending = environment.pending?.();
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(scenarios.ready).toBe(true);
    expect(environment.pending?.()).toBeUndefined();
    expect(environment.scenario().ok).toBe(true);
  });

  it('puts the sandbox on the recording clock, and back on real time only when the latest recording ends', async () => {
    const { environment, clocks } = await setup();
    const first = new VirtualClock();
    const second = new VirtualClock();
    const a = await environment.prepare(first);
    expect(a.tools.map((t) => t.name)).toContain('slow_fetch');
    const b = await environment.prepare(second); // a restart replaced the first recording
    a.release();
    expect(clocks).toEqual([first, second]);
    b.release();
    expect(clocks).toHaveLength(3);
    expect(clocks[2]).toBeInstanceOf(RealClock);
  });
});

// Time in the app's two ways of running a tool: a recording puts the sandbox on its virtual clock (the starter
// slow_compute's setTimeout takes 2 s of virtual time in an instant), and Try it, after the recording has ended,
// runs the same code on real time.
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { createSandbox } from '../../sandbox/sandbox.ts';
import type { Sandbox } from '../../sandbox/types.ts';
import { parseWorkspace } from '../../storage/workspace.ts';
import { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { createRunEnvironment } from './environment.ts';
import { ScenarioState } from '../workspace/scenario.svelte.ts';
import { TryRunState } from './try-run.svelte.ts';
import { ViewsState } from '../shell/views.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.dispose());

describe('time in a recording and in Try it', () => {
  it('runs the starter setTimeout sleep on virtual time while recording and on real time in Try it', async () => {
    const workspace = new WorkspaceState();
    workspace.load(parseWorkspace(createStarterWorkspace())!);
    sandbox = createSandbox();
    const evaluation = new EvaluationState(sandbox, workspace);
    const scenarios = new ScenarioState(workspace, new ViewsState(), async () => parseScenario);
    const environment = createRunEnvironment(scenarios, evaluation, sandbox);

    const clock = new VirtualClock();
    const prepared = await environment.prepare(clock);
    const slow = prepared.tools.find((t) => t.name === 'slow_compute')!;
    const wallStart = performance.now();
    await slow.execute('call_1', { n: 10 });
    expect(clock.now()).toBe(2000);
    expect(performance.now() - wallStart).toBeLessThan(1500);
    prepared.release();

    const fileId = workspace.tools.find((t) => t.name === 'slow_compute')!.id;
    const result = await new TryRunState().run(fileId, slow, '{"n": 10}');
    expect(result).toMatchObject({ ok: true, stage: 'execute', text: 'fib(10) = 55' });
    // Real time: at least the two seconds the code waits (a virtual clock would answer in milliseconds).
    expect(result.durationMs).toBeGreaterThanOrEqual(1990);
  });
});

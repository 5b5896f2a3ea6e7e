// sleep() in user code runs on the host's clock, and a call holds the clock while it computes: on a VirtualClock
// two 2-second sleeping tools take 2 s of virtual time in parallel and 4 s in sequence, in next to no wall time.
import { describe, expect, it } from 'vitest';
import { RealClock, VirtualClock } from '../engine/index.ts';
import { parseScenario } from '../recording/scenario/parse/index.ts';
import { runScenario } from '../recording/scenario/index.ts';
import type { AgentTool } from '../engine/index.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

const SLEEPER = (name: string, ms: number) => tsFile(name, toolSource(name, `await sleep(${ms}, signal); return { content: [{ type: "text", text: "${name} woke" }], details: {} };`));

async function sleepers(clock: VirtualClock): Promise<AgentTool[]> {
  const sandbox = testSandbox({ clock });
  const evaluation = await sandbox.evaluate([SLEEPER('slow_a', 2000), SLEEPER('slow_b', 2000)]);
  return sandbox.agentTools(evaluation);
}

describe('sleep on the host clock', () => {
  it('takes 2 s of virtual time for two parallel 2 s sleeps and 4 s in sequence, in little wall time', async () => {
    const clock = new VirtualClock();
    const [a, b] = await sleepers(clock);
    const wallStart = performance.now();
    await Promise.all([a.execute('1', {}), b.execute('2', {})]);
    expect(clock.now()).toBe(2000);
    await a.execute('3', {});
    await b.execute('4', {});
    expect(clock.now()).toBe(6000);
    // On a real clock this would take 6 s; a bound well below it leaves room for a busy machine.
    expect(performance.now() - wallStart).toBeLessThan(4000);
  });

  it('does not let virtual time move while a call computes', async () => {
    const clock = new VirtualClock();
    const sandbox = testSandbox({ clock });
    const evaluation = await sandbox.evaluate([
      // Computes for a while without reading the clock (a loop waiting on a virtual clock would never end).
      tsFile('busy', toolSource('busy', 'let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7;\n    await sleep(100); return { content: [], details: { x } };')),
      SLEEPER('nap', 200),
    ]);
    const [busy, nap] = sandbox.agentTools(evaluation);
    const finished: [string, number][] = [];
    await Promise.all([
      nap.execute('n', {}).then(() => finished.push(['nap', clock.now()])),
      busy.execute('b', {}).then(() => finished.push(['busy', clock.now()])),
    ]);
    // busy's computing took no virtual time, so its 100 ms sleep ends before nap's 200 ms one.
    expect(finished).toEqual([['busy', 100], ['nap', 200]]);
  });

  it('ends a sleep early when its signal aborts, as Clock.sleep does', async () => {
    const sandbox = testSandbox({ clock: new RealClock() });
    const [tool] = sandbox.agentTools(await sandbox.evaluate([SLEEPER('slow', 2000)]));
    const controller = new AbortController();
    const start = performance.now();
    const pending = tool.execute('1', {}, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(text(await pending)).toBe('slow woke');
    expect(performance.now() - start).toBeLessThan(1500); // not the full 2 s sleep
  });

  it('drives the agent loop: parallel and sequential batches of sandboxed tools on one VirtualClock', async () => {
    const durations: Record<string, number> = {};
    let wallMs = 0;
    for (const toolExecution of ['parallel', 'sequential'] as const) {
      const parsed = parseScenario(JSON.stringify({
        prompt: 'go', toolExecution, timing: { tokensPerSecond: 1_000_000 },
        turns: [
          { content: [{ type: 'toolCall', name: 'slow_a', arguments: {} }, { type: 'toolCall', name: 'slow_b', arguments: {} }] },
          { content: 'done' },
        ],
      }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const clock = new VirtualClock();
      const tools = await sleepers(clock);
      const wallStart = performance.now();
      const result = await runScenario(parsed.scenario, { tools, clock }).finished;
      wallMs += performance.now() - wallStart;
      const texts = result.messages.filter((m) => m.role === 'toolResult').map((m) => text(m as never));
      expect(texts).toEqual(['slow_a woke', 'slow_b woke']);
      durations[toolExecution] = Math.round(result.durationMs / 100) * 100;
    }
    expect(durations).toEqual({ parallel: 2000, sequential: 4000 });
    expect(wallMs).toBeLessThan(4000); // 6 s of sleeping on a real clock
  });
});

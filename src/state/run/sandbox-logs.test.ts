import { describe, expect, it } from 'vitest';
import { manualFrames } from './frames.ts';
import { createSandboxLogTap } from './sandbox-logs.ts';
import { RunState } from './run.svelte.ts';
import { createTestRunEnvironment } from '../testing/run-environment.svelte.ts';

describe('sandbox logs in a recording', () => {
  it('records what tool code prints at the recording clock time, for its call; nothing outside a recording', async () => {
    const env = createTestRunEnvironment({ prompt: 'p', turns: [{ content: [{ type: 'toolCall', id: 'h', name: 'hold', arguments: {} }] }, { content: 'ok' }] });
    const run = new RunState(env.environment, manualFrames());
    const tap = createSandboxLogTap();
    run.traceSources.push(tap.source);
    tap.onLog({ level: 'log', text: 'before any run' });
    const recorded = run.record();
    for (let i = 0; i < 200 && env.holding === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(env.holding).toBe(1); // the hold tool is running and keeps the clock still
    tap.onLog({ toolCallId: 'h', level: 'warn', text: 'half way' });
    env.releaseHolds();
    await recorded;
    tap.onLog({ level: 'log', text: 'after the run' });
    const logs = run.recordings[0].events.filter((e) => e.event.type === 'trace_log').map((e) => e.event);
    const execute = run.recordings[0].events.find((e) => e.event.type === 'trace_phase_start' && e.event.phase === 'execute')!;
    expect(logs).toEqual([{ type: 'trace_log', t: execute.t, level: 'warn', text: 'half way', toolCallId: 'h' }]);
  });
});

// Differential tests: every scenario runs through pi-agent-core 0.85.1's loop and through ours with the same tools,
// hooks, config and stream function; the recorded events, side logs and outcomes must be identical, also with
// our tracing switched on.
import {
  agentLoop as piAgentLoop, agentLoopContinue as piAgentLoopContinue, runAgentLoop as piRunAgentLoop, runAgentLoopContinue as piRunAgentLoopContinue,
} from '@earendil-works/pi-agent-core';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { describe, expect, it } from 'vitest';
import { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue, type TraceEvent } from '../../index.ts';
import { checkTrace } from '../../../recording/index.ts';
import { describeDifference, runScenario, withoutProxyIntrospection, type FauxHost, type LoopModule } from './harness.ts';
import { batchScenarios } from './scenarios/batches.ts';
import { controlScenarios } from './scenarios/control.ts';
import { failureScenarios } from './scenarios/failures.ts';
import { hookScenarios } from './scenarios/hooks.ts';
import { remoteScenarios } from './scenarios/remote.ts';
import { streamingScenarios } from './scenarios/streaming.ts';
import { turnScenarios } from './scenarios/turns.ts';

const pi = {
  runAgentLoop: piRunAgentLoop, runAgentLoopContinue: piRunAgentLoopContinue, agentLoop: piAgentLoop, agentLoopContinue: piAgentLoopContinue,
} as unknown as LoopModule;
const ours: LoopModule = { runAgentLoop, runAgentLoopContinue, agentLoop, agentLoopContinue };
const host: FauxHost = { register: (options) => registerFauxProvider(options) as never, streamSimple: streamSimple as never };

const groups = {
  streaming: streamingScenarios, batches: batchScenarios, hooks: hookScenarios, control: controlScenarios, turns: turnScenarios,
  'remote prepareArguments': remoteScenarios, 'odd results and failing emits': failureScenarios,
};

for (const [group, scenarios] of Object.entries(groups)) {
  describe(`same events as pi: ${group}`, () => {
    for (const scenario of scenarios) {
      it(scenario.name, async () => {
        const expected = await runScenario(pi, host, scenario);
        const actual = await runScenario(ours, host, scenario);
        expect(expected.settled).not.toMatch(/^(rejected|threw) (ReferenceError|SyntaxError)/); // a broken scenario agrees on nothing
        expect(describeDifference(expected, actual)).toBeUndefined();
        // Tracing must not change a single event, and the trace it produces must be well formed. (It may inspect a
        // Proxy result's keys once more: nothing can tell a Proxy from a plain object.)
        const trace: TraceEvent[] = [];
        const traced = await runScenario(ours, host, scenario, { trace });
        expect(describeDifference(withoutProxyIntrospection(expected), withoutProxyIntrospection(traced))).toBeUndefined();
        expect(checkTrace(trace)).toEqual([]);
        expect(trace.length > 0).toBe(expected.events.length > 0);
      });
    }
  });
}

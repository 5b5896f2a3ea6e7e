// The fuzzer finds what it is for: run against a deliberately altered copy of our loop, it reports a divergence
// within its bounded count, with a replayable seed and index, the scenario and the first differing line.
import {
  agentLoop as piAgentLoop, agentLoopContinue as piAgentLoopContinue, runAgentLoop as piRunAgentLoop, runAgentLoopContinue as piRunAgentLoopContinue,
} from '@earendil-works/pi-agent-core';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { describe, expect, it } from 'vitest';
import { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from '../../index.ts';
import { DEFAULT_FUZZ_SEED, formatDivergence, runFuzz } from '../fuzz/fuzzer.ts';
import type { AgentEvent } from '../../types.ts';
import type { FauxHost, LoopModule } from './harness.ts';

const pi = {
  runAgentLoop: piRunAgentLoop, runAgentLoopContinue: piRunAgentLoopContinue, agentLoop: piAgentLoop, agentLoopContinue: piAgentLoopContinue,
} as unknown as LoopModule;
const host: FauxHost = { register: (options) => registerFauxProvider(options) as never, streamSimple: streamSimple as never };

type Emit = (event: AgentEvent) => Promise<void> | void;

/** Our loop with every emitted event passed through `alter` first (the stream entry points are left as they are). */
function altered(alter: (event: AgentEvent, emit: Emit) => Promise<void> | void): LoopModule {
  return {
    agentLoop, agentLoopContinue,
    runAgentLoop: (prompts, context, config, emit, ...rest) => runAgentLoop(prompts, context, config, (event) => alter(event, emit), ...rest),
    runAgentLoopContinue: (context, config, emit, ...rest) => runAgentLoopContinue(context, config, (event) => alter(event, emit), ...rest),
  };
}

const BOUND = 2000;

describe('the differential fuzzer against a planted difference', () => {
  it('reports a changed error text for unknown tools', async ({ signal }) => {
    const planted = altered((event, emit) => {
      if (event.type !== 'tool_execution_end' || !event.isError) return emit(event);
      const text = (event.result?.content?.[0] as { text?: string } | undefined)?.text;
      if (!text?.endsWith(' not found')) return emit(event);
      return emit({ ...event, result: { ...event.result, content: [{ type: 'text', text: text.replace(' not found', ' is not available') }] } });
    });
    const report = await runFuzz(pi, planted, host, { seed: DEFAULT_FUZZ_SEED, count: BOUND, traceEvery: 0, signal });
    expect(report.divergences).toHaveLength(1);
    const [divergence] = report.divergences;
    const printed = formatDivergence(divergence);
    expect(printed).toContain(`seed ${DEFAULT_FUZZ_SEED}, scenario ${divergence.index}`);
    expect(printed).toContain(`--only ${divergence.index}`);
    expect(divergence.description).toMatch(/^scenario \d+ \(seed \d+\): entry=/);
    expect(divergence.difference).toMatch(/not found/);
    expect(divergence.difference).toMatch(/is not available/);
  }, 120_000);

  it('reports tool_execution_end delivered one microtask late', async ({ signal }) => {
    const planted = altered((event, emit) => (event.type === 'tool_execution_end' ? Promise.resolve().then(() => emit(event)) : emit(event)));
    const report = await runFuzz(pi, planted, host, { seed: DEFAULT_FUZZ_SEED, count: BOUND, traceEvery: 0, signal });
    expect(report.divergences).toHaveLength(1);
    expect(report.divergences[0].kind).toBe('untraced');
    expect(report.scenarios).toBeLessThan(BOUND);
  }, 120_000);
});

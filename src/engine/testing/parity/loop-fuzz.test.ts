// The differential fuzzer (testing/fuzz): generated whole scenarios through pi-agent-core 0.85.1's loop and ours,
// compared event by event. A bounded, seeded run here; `npm run fuzz` runs long ones. Replay one scenario with
// FUZZ_SEED and FUZZ_ONLY; FUZZ_COUNT and FUZZ_FROM pick a range (docs/decisions/engine-differential-fuzzer.md).
import {
  agentLoop as piAgentLoop, agentLoopContinue as piAgentLoopContinue, runAgentLoop as piRunAgentLoop, runAgentLoopContinue as piRunAgentLoopContinue,
} from '@earendil-works/pi-agent-core';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { expect, it } from 'vitest';
import { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from '../../index.ts';
import { DEFAULT_FUZZ_SEED, formatDivergence, formatReport, runFuzz } from '../fuzz/fuzzer.ts';
import { describePlan, generatePlan } from '../fuzz/plan.ts';
import type { FauxHost, LoopModule } from './harness.ts';

const pi = {
  runAgentLoop: piRunAgentLoop, runAgentLoopContinue: piRunAgentLoopContinue, agentLoop: piAgentLoop, agentLoopContinue: piAgentLoopContinue,
} as unknown as LoopModule;
const ours: LoopModule = { runAgentLoop, runAgentLoopContinue, agentLoop, agentLoopContinue };
const host: FauxHost = { register: (options) => registerFauxProvider(options) as never, streamSimple: streamSimple as never };

const env = process.env;
const seed = Number(env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
const count = Number(env.FUZZ_COUNT ?? 2000);
const from = Number(env.FUZZ_FROM ?? 0);
const only = env.FUZZ_ONLY === undefined || env.FUZZ_ONLY === '' ? undefined : Number(env.FUZZ_ONLY);
const maxDivergences = Number(env.FUZZ_MAX_DIVERGENCES ?? 1);
const progressEvery = Number(env.FUZZ_PROGRESS ?? 0);

const what = only !== undefined ? `scenario ${only}` : `${count} generated scenarios${from ? ` from ${from}` : ''}`;

it(`behaves exactly as pi's loop in ${what} (seed ${seed})`, async ({ signal }) => {
  // The signal fires on a timeout: the fuzzer then stops, instead of running on beside the next test file.
  const report = await runFuzz(pi, ours, host, {
    seed, count, from, only, maxDivergences, progressEvery, signal,
    onProgress: (r) => console.log(formatReport(r)),
  });
  if (progressEvery || only !== undefined) console.log(formatReport(report));
  if (report.divergences.length > 0) throw new Error(report.divergences.map(formatDivergence).join('\n\n'));
  expect(report.scenarios).toBe(only !== undefined ? 1 : count);
  if (only === undefined) {
    // Not vacuous: most runs complete, and pi emits plenty (a harness that broke every run would agree on nothing).
    expect(report.piCompleted).toBeGreaterThan(count * 0.5);
    expect(report.piEvents).toBeGreaterThan(count * 20);
  }
}, Math.max(300_000, (only !== undefined ? 1 : count) * 150));

it('regenerates any scenario from (seed, index) alone, so one can be replayed on its own', () => {
  const seen = new Set<string>();
  for (const index of [0, 1, 7, 1234, 99_999]) {
    const plan = generatePlan(seed, index);
    expect(generatePlan(seed, index)).toEqual(plan);
    expect(describePlan(plan)).toContain(`scenario ${index} (seed ${seed})`);
    seen.add(JSON.stringify({ ...plan, index: 0 }));
  }
  expect(seen.size).toBe(5);
  expect(JSON.stringify({ ...generatePlan(seed + 1, 7), seed })).not.toBe(JSON.stringify(generatePlan(seed, 7)));
});


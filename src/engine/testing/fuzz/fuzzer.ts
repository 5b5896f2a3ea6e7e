// The differential fuzzer: generated whole scenarios run through pi's loop and through ours (and, every few
// scenarios, ours traced) with the parity harness; any difference in events, side log, returned messages, thrown
// error or unhandled rejections is a divergence, reported with what is needed to replay it.
import { describeDifference, runScenario, withoutProxyIntrospection, type FauxHost, type LoopModule } from '../parity/harness.ts';
import { checkTrace } from '../../../recording/index.ts';
import type { TraceEvent } from '../../trace/types.ts';
import { describePlan, generatePlan } from './plan.ts';
import { toScenario } from './scenario.ts';

export const DEFAULT_FUZZ_SEED = 20261201;

export interface FuzzOptions {
  seed: number;
  /** Scenarios `from` .. `from + count - 1`. */
  count: number;
  from?: number;
  /** Run only this scenario index (replay). */
  only?: number;
  /** Also run every n-th scenario traced (ours), compared with pi and checked with checkTrace; 0 = never. */
  traceEvery?: number;
  /** Stop after this many divergences (default 1). */
  maxDivergences?: number;
  onProgress?: (report: FuzzReport) => void;
  progressEvery?: number;
  /** Stops before the next scenario once aborted (a test runner's timeout): no run is left going in the background. */
  signal?: AbortSignal;
}

export interface Divergence {
  seed: number;
  index: number;
  /**
   * `untraced`: pi vs ours; `traced`: pi vs ours with tracing; `trace`: our trace is malformed; `hung`: pi's run
   * never settled; `broken`: pi's run failed in the test code itself (a ReferenceError or SyntaxError), which
   * would make both sides agree on nothing.
   */
  kind: 'untraced' | 'traced' | 'trace' | 'hung' | 'broken';
  description: string;
  difference: string;
}

export interface FuzzReport {
  seed: number;
  scenarios: number;
  traced: number;
  divergences: Divergence[];
  /**
   * Unhandled rejections pi's runs left, counting those handled later too (ours left exactly the same, or a
   * divergence says otherwise); `piHandledLater` of them were handled after Node reported them.
   */
  piUnhandled: number;
  piHandledLater: number;
  /** Runs that pi ended by rejecting. */
  piRejected: number;
  /** Runs whose promise resolved, or whose stream ended (the rest rejected or stayed open). */
  piCompleted: number;
  /** Events pi emitted over all scenarios. */
  piEvents: number;
  ms: number;
}

export async function runFuzz(pi: LoopModule, ours: LoopModule, host: FauxHost, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const report: FuzzReport = {
    seed: options.seed, scenarios: 0, traced: 0, divergences: [], piUnhandled: 0, piHandledLater: 0, piRejected: 0, piCompleted: 0, piEvents: 0, ms: 0,
  };
  const traceEvery = options.traceEvery ?? 4;
  const limit = options.maxDivergences ?? 1;
  const from = options.only ?? options.from ?? 0;
  const end = options.only !== undefined ? options.only + 1 : from + options.count;
  for (let index = from; index < end && report.divergences.length < limit && !options.signal?.aborted; index++) {
    const plan = generatePlan(options.seed, index);
    const scenario = toScenario(plan);
    const diverged = (kind: Divergence['kind'], difference: string) =>
      report.divergences.push({ seed: options.seed, index, kind, description: describePlan(plan), difference });
    const expected = await runScenario(pi, host, scenario);
    const actual = await runScenario(ours, host, scenario);
    report.scenarios++;
    const handledLater = expected.unhandled.filter((line) => line.startsWith('handled later')).length;
    report.piUnhandled += expected.unhandled.length - handledLater;
    report.piHandledLater += handledLater;
    report.piEvents += expected.events.length;
    if (expected.settled.startsWith('rejected')) report.piRejected++;
    if (expected.settled.startsWith('resolved') || expected.settled.startsWith('stream ended')) report.piCompleted++;
    if (/^(rejected|threw) (ReferenceError|SyntaxError)/.test(expected.settled)) {
      diverged('broken', `pi's run failed in the test code: ${expected.settled.slice(0, 300)}`);
      continue;
    }
    if (expected.settled === 'hung') {
      diverged('hung', 'pi\'s run did not settle: the generator made a scenario that never ends');
      continue;
    }
    const difference = describeDifference(expected, actual);
    if (difference) {
      diverged('untraced', difference);
      continue;
    }
    if (traceEvery > 0 && (index % traceEvery === 0 || options.only !== undefined)) {
      report.traced++;
      const trace: TraceEvent[] = [];
      const traced = await runScenario(ours, host, scenario, { trace });
      const tracedDifference = describeDifference(withoutProxyIntrospection(expected), withoutProxyIntrospection(traced));
      if (tracedDifference) {
        diverged('traced', tracedDifference);
        continue;
      }
      const problems = checkTrace(trace);
      if (problems.length > 0) diverged('trace', problems.slice(0, 5).join('\n'));
    }
    if (options.onProgress && options.progressEvery && report.scenarios % options.progressEvery === 0) {
      report.ms = Date.now() - started;
      options.onProgress(report);
    }
  }
  report.ms = Date.now() - started;
  return report;
}

/** What a failing fuzz run prints: how to replay, the scenario, and the first differing line. */
export function formatDivergence(divergence: Divergence): string {
  return [
    `fuzz divergence (${divergence.kind}) at seed ${divergence.seed}, scenario ${divergence.index}`,
    `replay: FUZZ_SEED=${divergence.seed} FUZZ_ONLY=${divergence.index} npx vitest run --project core src/engine/testing/parity/loop-fuzz.test.ts`,
    `    or: npm run fuzz -- --seed ${divergence.seed} --only ${divergence.index}`,
    divergence.description,
    divergence.difference,
  ].join('\n');
}

export function formatReport(report: FuzzReport): string {
  return `${report.scenarios} scenarios (seed ${report.seed}, ${report.traced} also traced) in ${(report.ms / 1000).toFixed(1)} s: `
    + `${report.divergences.length} divergences; pi emitted ${report.piEvents} events, completed ${report.piCompleted} runs, `
    + `rejected ${report.piRejected} and left ${report.piUnhandled} unhandled rejections (${report.piHandledLater} handled later)`
    + (report.divergences.length === 0 ? ', ours exactly the same' : '');
}

// The automation contract's bookkeeping: whether the app is ready for actions, which actions are under way (whenIdle
// and waitFor wait for them), the problems reported so far, and every answer, read once Svelte has applied the change.
import { tick } from 'svelte';
import type { AppState } from '../state/shell/context.ts';
import { conditionHolds, isIdle } from './snapshot.ts';
import type { ActionResult, PlaygroundState, WaitCondition, WaitResult } from './types.ts';
import { until } from './wait.svelte.ts';

export const DEFAULT_WAIT_MS = 60_000;
const WAIT_CONDITIONS: readonly WaitCondition[] = ['ready', 'recorded', 'playing', 'paused', 'ended', 'caption', 'idle'];

export class AutomationTracker {
  #ready = $state(false);
  #problems = $state.raw<string[]>([]);
  #pending = $state(0);

  /** `state` reads the contract's state; every answer carries it. */
  constructor(private readonly app: AppState, private readonly state: () => PlaygroundState) {
    // The sandbox has evaluated the workspace (or is known to be missing), with pi's coding tools when they are on,
    // and the files are loaded. The scenario checker loads on first use (every action that needs it waits for it).
    void until(() => {
      const { evaluation, files, codingTools } = this.app;
      return (evaluation.status === 'ready' || evaluation.status === 'unavailable') && files.status !== 'loading' && codingTools.ready;
    }, Infinity).then(() => { this.#ready = true; });
  }

  get ready(): boolean { return this.#ready; }
  get problems(): readonly string[] { return this.#problems; }

  /** Runs `work` as one action: whenIdle and waitFor wait for it, even between the steps inside it. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#pending++;
    try {
      return await work();
    } finally {
      this.#pending--;
    }
  }

  /** Adds a problem to the state's `problems` (URL parameters that were not understood or could not be done). */
  report(problem: string): void {
    this.#problems = [...this.#problems, problem];
  }

  /** Runs `action` as one action; an exception inside it becomes a failed answer. */
  async track(action: () => Promise<ActionResult>): Promise<ActionResult> {
    this.#pending++;
    try {
      return await action();
    } catch (error) {
      return this.fail(error instanceof Error ? error.message : String(error));
    } finally {
      this.#pending--;
    }
  }

  async ok(): Promise<ActionResult> {
    await tick();
    return { ok: true, state: this.state() };
  }

  async fail(error: string): Promise<ActionResult> {
    await tick();
    return { ok: false, error, state: this.state() };
  }

  /** Resolves true once the app is ready, false when it is not within the default wait. */
  async whenReady(): Promise<boolean> {
    return (await until(() => this.#ready, DEFAULT_WAIT_MS)).ok;
  }

  /** Resolves once nothing is loading, recording or playing (and every action started here has finished). */
  async whenIdle(timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    const outcome = await until(() => this.#pending === 0 && isIdle(this.app, this.#ready), timeoutMs);
    await tick();
    return outcome.ok ? { ok: true, state: this.state() } : { ok: false, reason: 'timeout', state: this.state() };
  }

  /** Resolves when `condition` holds; `stopped` when it cannot happen without another action (see docs/automation.md). */
  async waitFor(condition: WaitCondition, timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    if (!WAIT_CONDITIONS.includes(condition)) return { ok: false, reason: 'stopped', state: this.state() };
    // An action still under way (a lesson being opened) decides first whether the run moves at all.
    const outcome = await until(() => {
      const holds = conditionHolds(this.app, this.#ready, condition);
      if (holds === 'stopped' && this.#pending > 0) return false;
      return holds;
    }, timeoutMs);
    await tick();
    if (!outcome.ok) return { ok: false, reason: 'timeout', state: this.state() };
    return outcome.value === true ? { ok: true, state: this.state() } : { ok: false, reason: 'stopped', state: this.state() };
  }
}

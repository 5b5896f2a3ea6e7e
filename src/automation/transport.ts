// The automation contract's transport actions on the run: play, pause, step by events or to a call's phase, seek,
// speed, compare, restart and select. Bad input is answered, never thrown; the tracker words every answer.
import type { ToolPhase } from '../engine/index.ts';
import type { AppState } from '../state/shell/context.ts';
import { selectionFor, stepTargetProblem, unknownCall, type SelectRequest } from './targets.ts';
import { DEFAULT_WAIT_MS, type AutomationTracker } from './tracker.svelte.ts';
import type { ActionResult } from './types.ts';
import { until } from './wait.svelte.ts';
import { CALL_PHASES, phaseEntryAt } from '../state/run/cursor.ts';
import { SPEEDS } from '../state/run/types.ts';

export class TransportActions {
  constructor(private readonly app: AppState, private readonly tracker: AutomationTracker) {}

  async play(): Promise<ActionResult> {
    this.app.run.play();
    return this.tracker.ok();
  }

  async pause(): Promise<ActionResult> {
    this.app.run.pause();
    return this.tracker.ok();
  }

  /** Shows `count` more events of the primary recording (recording first when there is nothing yet). */
  async step(count: number): Promise<ActionResult> {
    if (!Number.isInteger(count) || count < 0) return this.tracker.fail('step needs a whole number of events');
    return this.tracker.track(async () => {
      const { run } = this.app;
      for (let i = 0; i < count; i++) {
        const before = run.primary ? run.shownCount(run.primary.id) : -1;
        await run.step();
        if (run.primary && run.shownCount(run.primary.id) === before) break;
      }
      return this.tracker.ok();
    });
  }

  /** Shows `count` fewer events (stops at the start of the run). */
  async stepBack(count: number): Promise<ActionResult> {
    if (!Number.isInteger(count) || count < 0) return this.tracker.fail('stepBack needs a whole number of events');
    const { run } = this.app;
    const primary = run.primary;
    if (!primary) return this.tracker.ok();
    run.pause();
    const target = run.shownCount(primary.id) - count;
    if (target > 0) run.seekEvent(primary.id, target - 1);
    else run.seek(0);
    return this.tracker.ok();
  }

  /**
   * Without a target: the transport's "next phase". With `{ callId }`: that call's next phase. With
   * `{ callId, phase }`: the cursor goes to where that call next enters `phase` (`done`: its result), selecting it.
   */
  async stepPhase(target?: { callId?: string; phase?: string }): Promise<ActionResult> {
    const refused = stepTargetProblem(target, CALL_PHASES);
    if (refused) return this.tracker.fail(refused);
    return this.tracker.track(async () => {
      const { run } = this.app;
      if (!target?.callId) {
        await run.stepPhase();
        return this.tracker.ok();
      }
      if (!(await this.#ensureRecorded())) return this.tracker.fail('nothing could be recorded');
      const primary = run.primary!;
      const callId = target.callId;
      const problem = unknownCall(primary.events, callId);
      if (problem) return this.tracker.fail(problem);
      run.select({ recordingId: primary.id, toolCallId: callId });
      if (target.phase === undefined) {
        await run.stepPhase();
        return this.tracker.ok();
      }
      if (run.phase === target.phase) return this.tracker.ok();
      const phase = target.phase as ToolPhase | 'done';
      const at = phaseEntryAt(primary.events, run.shownCount(primary.id), callId, phase);
      if (at < 0) return this.tracker.fail(`call "${callId}" does not enter "${phase}" after the cursor`);
      run.pause();
      run.seekEvent(primary.id, at);
      run.select({ recordingId: primary.id, toolCallId: callId, ...(phase === 'done' ? {} : { phase, seq: at }) });
      return this.tracker.ok();
    });
  }

  async seek(ms: number): Promise<ActionResult> {
    if (typeof ms !== 'number' || !Number.isFinite(ms)) return this.tracker.fail('seek needs a number of milliseconds');
    this.app.run.pause();
    this.app.run.seek(ms);
    return this.tracker.ok();
  }

  async setSpeed(speed: number): Promise<ActionResult> {
    if (!(SPEEDS as readonly number[]).includes(speed)) return this.tracker.fail(`speed must be one of ${SPEEDS.join(', ')}`);
    this.app.run.setSpeed(speed);
    return this.tracker.ok();
  }

  /** Records again from a clean state: the open lesson with its own files, else the selected scenario. */
  async restart(): Promise<ActionResult> {
    return this.tracker.track(async () => {
      const { lessons, run } = this.app;
      if (lessons.active && lessons.workspaceLessonId === lessons.active.id) await lessons.record();
      else await run.restart();
      return this.tracker.ok();
    });
  }

  async setCompare(on: boolean): Promise<ActionResult> {
    if (typeof on !== 'boolean') return this.tracker.fail('setCompare needs true or false');
    return this.tracker.track(async () => {
      this.app.run.setCompare(on);
      await until(() => !this.app.run.recordingNow, DEFAULT_WAIT_MS);
      return this.tracker.ok();
    });
  }

  /** Compare mode shows this scenario beside the selected one (null: parallel and sequential); waits for the recordings. */
  async setCompareWith(scenarioId: string | null): Promise<ActionResult> {
    const { run, scenarios } = this.app;
    if (scenarioId !== null && typeof scenarioId !== 'string') return this.tracker.fail('setCompareWith needs a scenario id or null');
    if (scenarioId !== null && !scenarios.items.some((item) => item.id === scenarioId)) {
      return this.tracker.fail(`setCompareWith: no scenario with the id ${JSON.stringify(scenarioId.slice(0, 80))}`);
    }
    return this.tracker.track(async () => {
      run.setCompareWith(scenarioId);
      await until(() => !run.recordingNow, DEFAULT_WAIT_MS);
      return this.tracker.ok();
    });
  }

  /** Selects a call (and one of its phases) on the timeline; null clears the selection. */
  async select(request: SelectRequest | null): Promise<ActionResult> {
    const { run } = this.app;
    if (request === null) {
      run.select(null);
      return this.tracker.ok();
    }
    const found = selectionFor(request, run.recordings, run.primary);
    if (!found.ok) return this.tracker.fail(found.error);
    run.select(found.selection);
    return this.tracker.ok();
  }

  async #ensureRecorded(): Promise<boolean> {
    const { run } = this.app;
    if (run.recordingNow) await until(() => !run.recordingNow, DEFAULT_WAIT_MS);
    if (run.recordings.length === 0) await run.record();
    return run.primary !== null;
  }
}

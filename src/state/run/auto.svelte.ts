// Like a REPL: after an edit makes a short run out of date, it records again by itself once the editor has settled
// (the changed code evaluated, then a quiet moment with no further change). A long or failing run, a workspace with
// errors, or the preference turned off leaves it to Play. docs/decisions/run-identity.md.
import type { EvaluationState } from '../workspace/evaluation.svelte.ts';
import type { RunState } from './run.svelte.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

/** A recording this short (wall time to make it, and events in each) is made again by itself after an edit. */
export const AUTO_RECORD_MAX_WALL_MS = 1500;
export const AUTO_RECORD_MAX_EVENTS = 400;
/** Quiet time after the last change (and its evaluation) before recording again. */
export const AUTO_RECORD_QUIET_MS = 600;
/** While the sandbox is still evaluating, how soon to look again. */
const RETRY_MS = 100;

/**
 * Whether an out-of-date recording may be made again without asking: it was short, nothing failed, and nothing is
 * being recorded. A long or failing run waits for Play.
 */
export function autoRecordable(run: RunState): boolean {
  const wallMs = run.recordWallMs;
  if (!run.stale || run.recordingNow || run.rerecording || run.error || wallMs === null) return false;
  if (wallMs > AUTO_RECORD_MAX_WALL_MS || run.recordings.length === 0) return false;
  return run.recordings.every((r) => r.status === 'done' && r.events.length <= AUTO_RECORD_MAX_EVENTS);
}

export interface AutoRecordOptions {
  quietMs?: number;
  /** The preference (read when the quiet time is over). */
  enabled(): boolean;
}

export class RunAutoRecord {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribe: (() => void) | undefined;
  #stopEffect: (() => void) | undefined;
  readonly #quietMs: number;

  constructor(
    private readonly run: RunState,
    private readonly evaluation: EvaluationState,
    private readonly workspace: WorkspaceState,
    private readonly options: AutoRecordOptions,
  ) {
    this.#quietMs = options.quietMs ?? AUTO_RECORD_QUIET_MS;
  }

  start(): void {
    // Every keystroke starts the quiet time over: nothing records while the user types.
    this.#unsubscribe = this.workspace.onChange((kind) => {
      if (kind === 'content' || kind === 'structure') this.#arm(this.#quietMs);
    });
    // Inputs outside the workspace (the starting files, the timeout) make the run stale without an edit event.
    this.#stopEffect = $effect.root(() => {
      $effect(() => {
        if (this.run.stale) this.#arm(this.#quietMs);
      });
    });
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#unsubscribe?.();
    this.#stopEffect?.();
  }

  #arm(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#settled(), delayMs);
  }

  #settled(): void {
    this.#timer = undefined;
    if (!this.options.enabled() || !this.run.stale) return;
    if (this.evaluation.status === 'evaluating') {
      this.#arm(RETRY_MS);
      return;
    }
    // A half-typed tool does not evaluate: recording it would show a failure the user is about to fix.
    if (this.evaluation.evaluation.diagnostics.some((d) => d.severity === 'error')) return;
    if (!autoRecordable(this.run)) return;
    void this.run.rerecord();
  }
}

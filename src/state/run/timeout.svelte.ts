// The sandbox's time limit per call, as the app sets it: kept here (reactively) as well as handed to the sandbox,
// because it is an input of every run — a recording made under another limit is out of date (identity.ts).
import type { ToolRuntime } from './tool-runtime.ts';

export class SandboxTimeoutState {
  #ms = $state<number | undefined>(undefined);

  constructor(private readonly runtime: Pick<ToolRuntime, 'setTimeoutMs'> | null) {}

  /** The limit set through the app; undefined while the sandbox's default applies. */
  get ms(): number | undefined { return this.#ms; }

  /** Sets the limit (milliseconds, a positive number; anything else is ignored, as the sandbox does). */
  set(ms: number): void {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0 || ms === this.#ms) return;
    this.#ms = ms;
    this.runtime?.setTimeoutMs(ms);
  }
}

// What the shown recordings were made from, for the run state: the identity read when they were made (or handed in
// with recordings loaded from elsewhere), the inputs now, and so which changed since (identity.ts).
import { identityChanges, type RunIdentity, type StaleReason } from './identity.ts';
import type { RecordingOrigin, RunEnvironment } from './types.ts';

/** One origin; `own`: made by the run state from its environment (else `load`ed with a RecordingOrigin). */
export interface Origin {
  identity: RunIdentity;
  /** The inputs now; null when nothing could be recorded now (the scenario does not parse). */
  current(): RunIdentity | null;
  rerecord(): Promise<unknown>;
  wallMs: number;
  own: boolean;
}

export class RunOrigin {
  #origin = $state.raw<Origin | null>(null);

  /** Which inputs changed since the shown recordings were made (empty: up to date, or nothing to compare with). */
  readonly reasons = $derived.by((): StaleReason[] => {
    const origin = this.#origin;
    if (!origin) return [];
    const now = origin.current();
    return now ? identityChanges(origin.identity, now) : [{ input: 'scenario' }];
  });

  /** `extraKey`: inputs of the run state's own folded into the scenario part (the compared scenario's text). */
  constructor(private readonly environment: RunEnvironment, private readonly extraKey: () => string = () => '') {}

  get value(): Origin | null { return this.#origin; }

  clear(): void {
    this.#origin = null;
  }

  /** Recordings made elsewhere: out of date as `origin` says, or never without one. */
  loaded(origin: RecordingOrigin | undefined): void {
    this.#origin = origin ? { ...origin, own: false } : null;
  }

  /** The inputs a recording made now would use; null when the scenario cannot be recorded. */
  identityNow(): RunIdentity | null {
    const source = this.environment.scenario();
    if (!source.ok) return null;
    const identity = this.environment.identity?.() ?? { scenario: source.key };
    const extra = this.extraKey();
    return extra ? { ...identity, scenario: `${identity.scenario}\n${extra}` } : identity;
  }

  /**
   * A recording of its own is about to read its code (the files are in place): what it uses is read now, but the
   * scenario as it was when the recording started (`first`).
   */
  recording(first: RunIdentity, rerecord: () => Promise<unknown>): void {
    const now = this.identityNow() ?? first;
    this.#origin = {
      identity: { ...now, scenario: first.scenario, scenarioId: first.scenarioId },
      current: () => this.identityNow(),
      rerecord,
      wallMs: Number.POSITIVE_INFINITY,
      own: true,
    };
  }

  /**
   * The recording of its own is now the recording of the selected scenario (a live run saved as one): what follows
   * from the selection (the scenario, the loop settings it now writes out, its starting files) is compared with
   * what is selected now; the tools, hooks and the rest stay as they were read when the run started.
   */
  rebaseScenario(): void {
    const origin = this.#origin;
    const now = this.identityNow();
    if (!origin?.own || !now) return;
    const { scenario, scenarioId, settings, files } = now;
    this.#origin = { ...origin, identity: { ...origin.identity, scenario, scenarioId, settings, files } };
  }

  /** The recording of its own has been made, in `wallMs` of real time. */
  recorded(wallMs: number): void {
    const origin = this.#origin;
    if (origin?.own) this.#origin = { ...origin, wallMs };
  }
}

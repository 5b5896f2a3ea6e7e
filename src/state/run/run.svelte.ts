// A run of the selected scenario: recorded on a virtual clock (once; parallel and sequential to compare; or beside
// another scenario, a recorded live run say, to compare two runs), then played back from the recording
// (playback.svelte.ts: the cursor, the transport, the selection). A recording remembers what it was made from
// (identity.ts): when any input changed it is out of date, says why, and Play records it anew.
import type { Recording } from '../../recording/index.ts';
import { compareTakes } from './compare.ts';
import { browserFrames, type FrameScheduler } from './frames.ts';
import { RunLogFilter } from './log.svelte.ts';
import { RunOrigin, type Origin } from './origin.svelte.ts';
import { RunPlayback } from './playback.svelte.ts';
import { RunRecorder, type LiveRecording, type RecordTake } from './recorder.ts';
import type { RecordHook, RecordingOrigin, RunEnvironment, RunMessage, StaleReason, TraceSource } from './types.ts';

export { SPEEDS } from './types.ts';
export type {
  RecordHook, RecordingOrigin, RunEnvironment, RunIdentity, RunMessage, RunSelection, ScenarioSource, StaleReason, TraceSource, TransportState,
} from './types.ts';

/** Runs when a live run has ended, with its recording; true when the selected scenario is now its recording's. */
export type LiveRecorded = (recording: Recording) => boolean | void;

export class RunState extends RunPlayback {
  #compare = $state(false);
  /** In compare mode, the scenario shown beside the selected one (null: parallel and sequential of the selected). */
  #compareWith = $state<string | null>(null);
  readonly #origin: RunOrigin;
  /** A loaded recording's origin is recording it anew (a lesson records in its own sandbox). */
  #rerecording = $state(false);
  #originToken = 0;
  readonly #recorder: RunRecorder;

  /** Run before every recording (compare mode: before each of the two), e.g. to put the files back as they were. */
  readonly beforeRecord: RecordHook[] = [];
  /** Extra trace producers attached to every recording (sandbox logs, filesystem operations). */
  readonly traceSources: TraceSource[] = [];
  /** The event log's filter, kept here so it survives switching panels. */
  readonly log = new RunLogFilter();

  /** Which inputs changed since the shown recordings were made (empty: up to date, or nothing to compare with). */
  readonly staleReasons = $derived.by((): StaleReason[] => this.#origin.reasons);
  /** True when something a recording uses changed since the shown one was made: Play records anew. */
  readonly stale = $derived(this.staleReasons.length > 0);

  constructor(
    private readonly environment: RunEnvironment,
    frames: FrameScheduler = browserFrames(),
  ) {
    super(frames);
    // The compared scenario is an input too: editing it makes the comparison out of date.
    this.#origin = new RunOrigin(environment, () => this.#comparedKey());
    this.#recorder = new RunRecorder({
      environment,
      beforeRecord: this.beforeRecord,
      traceSources: this.traceSources,
      onAppend: () => this.frames.request(),
    });
  }

  get compare(): boolean { return this.#compare; }
  /** The scenario compared with the selected one in compare mode; null: parallel and sequential. */
  get compareWith(): string | null { return this.#compareWith; }

  /** Wall-clock milliseconds the shown recordings took to make (null when not known). */
  get recordWallMs(): number | null { return this.#origin.value?.wallMs ?? null; }

  /** A loaded recording's origin (a lesson) is recording it anew. */
  get rerecording(): boolean { return this.remaking; }

  play(): void {
    const origin = this.#origin.value;
    // While the origin records anew, Play means: play the new recording from its start once it is shown.
    if (this.remaking) { this.playingNow = true; return; }
    if (this.stale && !this.making && origin && !origin.own) {
      this.playingNow = true;
      void this.#rerecordOrigin(origin, 'play');
      return;
    }
    if (this.state === 'idle' || this.state === 'error' || (this.stale && !this.making)) {
      this.playingNow = true;
      void this.record();
      return;
    }
    if (this.state === 'ended') this.seek(0);
    this.playingNow = true;
    this.frames.request();
  }

  /**
   * Compare mode records the scenario twice, parallel and sequential, or it and the scenario `compareWith` names;
   * switching re-records what is shown.
   */
  setCompare(on: boolean): void {
    if (on === this.#compare) return;
    this.#compare = on;
    if (this.shown.length > 0 || this.making) void this.record();
  }

  /** Which scenario compare mode shows beside the selected one (null: parallel and sequential); re-records in compare mode. */
  setCompareWith(scenarioId: string | null): void {
    if (scenarioId === this.#compareWith) return;
    this.#compareWith = scenarioId;
    // After "the compared scenario is gone", choosing another is what makes the comparison again.
    if (this.#compare && (this.shown.length > 0 || this.making || this.failure)) void this.record();
  }

  /** Re-records from a clean state (beforeRecord hooks first) and starts again from 0, playing if it was. */
  async restart(): Promise<void> {
    const origin = this.#origin.value;
    if (origin && !origin.own) await this.#rerecordOrigin(origin, this.playingNow ? 'play' : 'start');
    else await this.record();
  }

  /**
   * Makes an out-of-date recording again after an edit (the REPL-like auto re-record): while playing, the new one
   * plays from the start; otherwise it is shown at its end, paused, so the outcome of the edit is in view at once.
   */
  async rerecord(): Promise<void> {
    const origin = this.#origin.value;
    if (!origin) return;
    const playing = this.playingNow;
    if (!origin.own) {
      await this.#rerecordOrigin(origin, playing ? 'play' : 'end');
      return;
    }
    if ((await this.record()) && !playing && !this.playingNow) this.seek(this.durationMs);
  }

  /**
   * Shows recordings made elsewhere (a lesson, an imported file, tests); they replace the current ones. With an
   * `origin`, they are out of date when its inputs change, and Play or Restart has the origin record them anew.
   */
  load(recordings: Recording[], origin?: RecordingOrigin): void {
    this.#cancel();
    this.#recorder.reset();
    this.shown = recordings;
    this.#origin.loaded(origin);
    this.selected = null;
    this.failure = null;
    this.limit = recordings.reduce((max, r) => Math.max(max, r.durationMs), 0);
    this.seek(0);
  }

  /**
   * Records the current scenario (twice in compare mode) from time 0. Resolves true when it was recorded (a run
   * that failed inside is still a recording); false when it could not start or a newer recording replaced it.
   */
  async record(): Promise<boolean> {
    return (await this.#record()) !== null;
  }

  /**
   * Records the current scenario against a real model (a live run): once, on real time, with the cursor following
   * it as events arrive. `recorded` runs as soon as the run has ended (the live run saves it as a scenario there:
   * what the shown recording is then the recording of, when it says so). Resolves with the recording; null when it
   * could not start or a newer recording replaced it.
   */
  async recordLive(live: LiveRecording, recorded?: LiveRecorded): Promise<Recording | null> {
    return this.#record(live, recorded);
  }

  /** Aborts the run being recorded without replacing it: it ends as pi ends an aborted run, and stays shown. */
  stop(): void {
    this.#recorder.abort();
  }

  async #record(live?: LiveRecording, recorded?: LiveRecorded): Promise<Recording | null> {
    const token = this.#cancel();
    // The first recording may be asked for before the scenario checker has loaded: it says "recording" at once and
    // starts once the checker is here (unless a newer recording replaced it meanwhile).
    const pending = this.environment.pending?.();
    if (pending) {
      this.making = true;
      await pending;
      if (!this.#recorder.isCurrent(token)) return null;
    }
    const startedAt = performance.now();
    this.#origin.clear();
    // A selected call stays selected in the new recording at the same position (its events are new).
    const previous = this.selected;
    const previousIndex = this.shown.findIndex((r) => r.id === previous?.recordingId);
    this.selected = null;
    const source = this.environment.scenario();
    const takes = this.#takes(source, live);
    this.#recorder.reset(takes.ok ? takes.takes.length : 1);
    this.shown = [];
    this.playhead.clear();
    this.limit = 0;
    this.failure = null;
    this.making = true;
    if (live) this.playingNow = true;
    this.frames.request();
    try {
      if (!source.ok) { this.#fail(token, source.reason); return null; }
      if (!takes.ok) { this.#fail(token, takes.reason); return null; }
      const first = this.#origin.identityNow() ?? { scenario: source.key };
      const done = await this.#recorder.record(source.scenario, {
        token,
        takes: takes.takes,
        ...(live ? { live } : {}),
        // What is recorded is read when the files are in place and the code is about to be read (identity.ts).
        preparing: (index) => {
          if (index === 0 && this.#recorder.isCurrent(token)) this.#origin.recording(first, () => this.record());
        },
        started: (index, recording) => {
          if (previous && previousIndex === index) {
            this.selected = previous.toolCallId === undefined ? null : { recordingId: recording.id, toolCallId: previous.toolCallId };
          }
        },
      });
      if (!done) return null;
      this.making = false;
      this.publish();
      const shown = this.shown[0] ?? null;
      if (recorded && shown && recorded(shown) !== false) this.#origin.rebaseScenario();
      this.#origin.recorded(performance.now() - startedAt);
      this.limit = this.currentLimit();
      this.frames.request();
      return shown;
    } catch (error) {
      this.#fail(token, { key: 'run.error.recordFailed', params: { reason: error instanceof Error ? error.message : String(error) } });
      return null;
    }
  }

  /** What to record: once (a live run, or compare off), both modes, or the selected scenario and the compared one. */
  #takes(source: ReturnType<RunEnvironment['scenario']>, live: LiveRecording | undefined): { ok: true; takes: RecordTake[] } | { ok: false; reason: RunMessage } {
    if (live || !this.#compare) return { ok: true, takes: [{ mode: undefined }] };
    if (this.#compareWith === null) return { ok: true, takes: [{ mode: 'parallel' }, { mode: 'sequential' }] };
    const other = this.environment.scenarioById?.(this.#compareWith) ?? { ok: false, reason: { key: 'run.error.compareMissing' } };
    if (!other.ok) return other;
    return { ok: true, takes: source.ok ? compareTakes(source.scenario, other.scenario) : [] };
  }

  #comparedKey(): string {
    if (!this.#compare || this.#compareWith === null) return '';
    const other = this.environment.scenarioById?.(this.#compareWith);
    return `compare:${other?.ok ? other.key : this.#compareWith}`;
  }

  dispose(): void {
    this.#cancel();
  }

  /** Has a loaded recording's origin record it anew; then plays it from the start, or shows its start or end. */
  async #rerecordOrigin(origin: Origin, then: 'play' | 'start' | 'end'): Promise<void> {
    const token = ++this.#originToken;
    this.remaking = true;
    try {
      await origin.rerecord();
    } finally {
      if (token === this.#originToken) this.remaking = false;
    }
    if (token !== this.#originToken) return;
    // Not replaced: the origin could not record (it shows why); nothing new to play.
    if (this.#origin.value === origin) {
      this.playingNow = false;
      return;
    }
    // Play (pressed before or while it recorded, and not paused since) plays it from the start.
    if (this.playingNow) this.frames.request();
    else if (then === 'end') this.seek(this.durationMs);
  }

  protected async ensureRecorded(): Promise<boolean> {
    if (this.shown.length > 0 || this.making) return true;
    const recorded = await this.record();
    this.publish();
    return recorded;
  }

  #fail(token: number, reason: RunMessage): false {
    if (this.#recorder.isCurrent(token)) {
      this.failure = reason;
      this.making = false;
      this.playingNow = false;
    }
    return false;
  }

  /** Stops what is being recorded and played; returns the token of the next recording. */
  #cancel(): number {
    // Abort first: whatever the abort makes the recorder append must not schedule a frame after the loop stopped.
    const token = this.#recorder.cancel();
    this.making = false;
    this.frames.stop();
    return token;
  }

  protected currentLimit(): number {
    return this.#recorder.limit(this.shown, this.making);
  }

  /** Shows what the recorder appended since the last frame. */
  protected publish(): void {
    const published = this.#recorder.publish();
    if (published) this.shown = published;
  }
}

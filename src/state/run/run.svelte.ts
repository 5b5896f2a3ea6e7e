// A run of the selected scenario: recorded on a virtual clock (once, or parallel and sequential to compare), then
// played back from the recording with a cursor that moves at speed × wall time, one UI update per animation frame.
// Transport: play, pause, step, step to the next phase of the selected call, seek, speed, restart. The selection
// (a call, a phase, an event) lives here so the timeline and the event log share it. A recording remembers what it
// was made from (run-identity.ts): when any input changed it is out of date, says why, and Play records it anew.
import type { Recording } from '../../recording/index.ts';
import { nextPhaseStart, phaseAt, type CallPhase } from './cursor.ts';
import { browserFrames, FrameLoop, type FramePace, type FrameScheduler } from './frames.ts';
import { RunLogFilter } from './log.svelte.ts';
import { RunPlayhead } from './playhead.svelte.ts';
import { RunOrigin, type Origin } from './origin.svelte.ts';
import { RunRecorder, type LiveRecording } from './recorder.ts';
import {
  SPEEDS, type RecordHook, type RecordingOrigin, type RunEnvironment, type RunMessage, type RunSelection, type StaleReason, type TraceSource,
  type TransportState,
} from './types.ts';

export { SPEEDS } from './types.ts';
export type {
  RecordHook, RecordingOrigin, RunEnvironment, RunIdentity, RunMessage, RunSelection, ScenarioSource, StaleReason, TraceSource, TransportState,
} from './types.ts';

export class RunState {
  #recordings = $state.raw<Recording[]>([]);
  #limitMs = $state(0);
  #speed = $state(1);
  #compare = $state(false);
  #recording = $state(false);
  #playing = $state(false);
  #error = $state.raw<RunMessage | null>(null);
  #selection = $state.raw<RunSelection | null>(null);
  readonly #origin: RunOrigin;
  /** A loaded recording's origin is recording it anew (a lesson records in its own sandbox). */
  #rerecording = $state(false);
  #originToken = 0;
  readonly #playhead = new RunPlayhead();
  readonly #recorder: RunRecorder;
  readonly #frames: FrameLoop;

  /** Run before every recording (compare mode: before each of the two), e.g. to put the files back as they were. */
  readonly beforeRecord: RecordHook[] = [];
  /** Extra trace producers attached to every recording (sandbox logs, filesystem operations). */
  readonly traceSources: TraceSource[] = [];
  /** The event log's filter, kept here so it survives switching panels. */
  readonly log = new RunLogFilter();

  readonly durationMs = $derived(this.#recordings.reduce((max, r) => Math.max(max, r.durationMs), 0));
  /** The recording steps and phases refer to: the selected one, else the first. */
  readonly primary = $derived(this.#recordings.find((r) => r.id === this.#selection?.recordingId) ?? this.#recordings[0] ?? null);
  readonly state = $derived.by((): TransportState => {
    if (this.#error) return 'error';
    if (this.#recording) return 'recording';
    if (this.#playing) return 'playing';
    if (this.#recordings.length === 0) return 'idle';
    const allShown = this.#recordings.every((r) => this.#playhead.shown(r.id) >= r.events.length);
    return allShown && this.#playhead.ms >= this.durationMs ? 'ended' : 'paused';
  });
  /** The selected call's phase at the cursor; null when no call is selected. */
  readonly phase = $derived.by((): CallPhase | null => {
    const callId = this.#selection?.toolCallId;
    const recording = this.primary;
    if (!callId || !recording) return null;
    return phaseAt(recording.events, this.#playhead.shown(recording.id), callId);
  });
  /** Which inputs changed since the shown recordings were made (empty: up to date, or nothing to compare with). */
  readonly staleReasons = $derived.by((): StaleReason[] => this.#origin.reasons);
  /** True when something a recording uses changed since the shown one was made: Play records anew. */
  readonly stale = $derived(this.staleReasons.length > 0);

  constructor(
    private readonly environment: RunEnvironment,
    frames: FrameScheduler = browserFrames(),
  ) {
    this.#origin = new RunOrigin(environment);
    this.#frames = new FrameLoop(frames, (elapsedMs) => this.#onFrame(elapsedMs));
    this.#recorder = new RunRecorder({
      environment,
      beforeRecord: this.beforeRecord,
      traceSources: this.traceSources,
      onAppend: () => this.#frames.request(),
    });
  }

  get recordings(): readonly Recording[] { return this.#recordings; }
  get cursorMs(): number { return this.#playhead.ms; }
  /** How far the cursor may go now (what has been recorded). */
  get limitMs(): number { return this.#limitMs; }
  get speed(): number { return this.#speed; }
  get compare(): boolean { return this.#compare; }
  get recordingNow(): boolean { return this.#recording; }
  /** Play was pressed and not paused since (also while the recording is still being made). */
  get playing(): boolean { return this.#playing; }
  /** Ended by playing into the end (the last frame may have passed several moments at once), not by a seek. */
  get playedToEnd(): boolean { return this.state === 'ended' && this.#playhead.movedByPlayback; }
  get error(): RunMessage | null { return this.#error; }
  get selection(): RunSelection | null { return this.#selection; }

  /** Events of `recordingId` shown at the cursor (the index of the last shown event is one less). */
  shownCount(recordingId: string): number {
    return this.#playhead.shown(recordingId);
  }

  /** Wall-clock milliseconds the shown recordings took to make (null when not known). */
  get recordWallMs(): number | null { return this.#origin.value?.wallMs ?? null; }

  /** A loaded recording's origin (a lesson) is recording it anew. */
  get rerecording(): boolean { return this.#rerecording; }

  play(): void {
    const origin = this.#origin.value;
    if (this.stale && !this.#recording && origin && !origin.own) {
      void this.#rerecordOrigin(origin, 'play');
      return;
    }
    if (this.state === 'idle' || this.state === 'error' || (this.stale && !this.#recording)) {
      this.#playing = true;
      void this.record();
      return;
    }
    if (this.state === 'ended') this.seek(0);
    this.#playing = true;
    this.#frames.request();
  }

  pause(): void {
    this.#playing = false;
  }

  toggle(): void {
    if (this.#playing) this.pause();
    else this.play();
  }

  /** Shows one more event of the primary recording (recording first if there is nothing yet). */
  async step(): Promise<void> {
    this.pause();
    if (!(await this.#ensureRecorded())) return;
    const recording = this.primary;
    if (!recording) return;
    const count = this.shownCount(recording.id);
    if (count >= recording.events.length) return;
    this.#playhead.moveTo(this.#recordings, recording, count + 1);
  }

  /** Moves to the next phase start of the selected call (or of any call, which then becomes the selection). */
  async stepPhase(): Promise<void> {
    this.pause();
    if (!(await this.#ensureRecorded())) return;
    const recording = this.primary;
    if (!recording) return;
    const callId = this.#selection?.recordingId === recording.id ? this.#selection.toolCallId : undefined;
    const next = nextPhaseStart(recording.events, this.shownCount(recording.id), callId);
    if (!next) return;
    this.#selection = { recordingId: recording.id, toolCallId: next.toolCallId, phase: next.phase, seq: next.seq };
    this.#playhead.moveTo(this.#recordings, recording, next.seq + 1);
  }

  /** Puts the cursor at `ms` (clamped to what has been recorded). */
  seek(ms: number): void {
    const limit = this.#limit();
    // A slider rounds the last digits of fractional clock times; within a nanosecond of the end is the end.
    const target = Math.max(0, Math.min(Number.isFinite(ms) ? (ms >= limit - 1e-6 ? limit : ms) : 0, limit));
    this.#playhead.seek(this.#recordings, target);
  }

  /** Puts the cursor on one event: it and everything before it are shown. */
  seekEvent(recordingId: string, seq: number): void {
    const recording = this.#recordings.find((r) => r.id === recordingId);
    const entry = recording?.events[seq];
    if (!recording || !entry) return;
    this.#playhead.moveTo(this.#recordings, recording, seq + 1);
  }

  setSpeed(speed: number): void {
    if ((SPEEDS as readonly number[]).includes(speed)) this.#speed = speed;
  }

  /** One speed step up (+1) or down (-1). */
  nudgeSpeed(direction: 1 | -1): void {
    const index = SPEEDS.indexOf(this.#speed as (typeof SPEEDS)[number]);
    this.#speed = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, index + direction))];
  }

  /** Compare mode records the scenario twice, parallel and sequential; switching re-records what is shown. */
  setCompare(on: boolean): void {
    if (on === this.#compare) return;
    this.#compare = on;
    if (this.#recordings.length > 0 || this.#recording) void this.record();
  }

  select(selection: RunSelection | null): void {
    this.#selection = selection;
  }

  /** Re-records from a clean state (beforeRecord hooks first) and starts again from 0, playing if it was. */
  async restart(): Promise<void> {
    const origin = this.#origin.value;
    if (origin && !origin.own) await this.#rerecordOrigin(origin, this.#playing ? 'play' : 'start');
    else await this.record();
  }

  /**
   * Makes an out-of-date recording again after an edit (the REPL-like auto re-record): while playing, the new one
   * plays from the start; otherwise it is shown at its end, paused, so the outcome of the edit is in view at once.
   */
  async rerecord(): Promise<void> {
    const origin = this.#origin.value;
    if (!origin) return;
    const playing = this.#playing;
    if (!origin.own) {
      await this.#rerecordOrigin(origin, playing ? 'play' : 'end');
      return;
    }
    if ((await this.record()) && !playing && !this.#playing) this.seek(this.durationMs);
  }

  /**
   * Shows recordings made elsewhere (a lesson, an imported file, tests); they replace the current ones. With an
   * `origin`, they are out of date when its inputs change, and Play or Restart has the origin record them anew.
   */
  load(recordings: Recording[], origin?: RecordingOrigin): void {
    this.#cancel();
    this.#recorder.reset();
    this.#recordings = recordings;
    this.#origin.loaded(origin);
    this.#selection = null;
    this.#error = null;
    this.#limitMs = recordings.reduce((max, r) => Math.max(max, r.durationMs), 0);
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
   * what the shown recording is then the recording of). Resolves with the recording; null when it could not start
   * or a newer recording replaced it.
   */
  async recordLive(live: LiveRecording, recorded?: (recording: Recording) => void): Promise<Recording | null> {
    return this.#record(live, recorded);
  }

  /** Aborts the run being recorded without replacing it: it ends as pi ends an aborted run, and stays shown. */
  stop(): void {
    this.#recorder.abort();
  }

  async #record(live?: LiveRecording, recorded?: (recording: Recording) => void): Promise<Recording | null> {
    const token = this.#cancel();
    const startedAt = performance.now();
    this.#origin.clear();
    // A selected call stays selected in the new recording at the same position (its events are new).
    const previous = this.#selection;
    const previousIndex = this.#recordings.findIndex((r) => r.id === previous?.recordingId);
    this.#selection = null;
    const modes = this.#compare && !live ? (['parallel', 'sequential'] as const) : [undefined];
    this.#recorder.reset(modes.length);
    this.#recordings = [];
    this.#playhead.clear();
    this.#limitMs = 0;
    this.#error = null;
    this.#recording = true;
    if (live) this.#playing = true;
    this.#frames.request();
    try {
      const source = this.environment.scenario();
      if (!source.ok) { this.#fail(token, source.reason); return null; }
      const first = this.#origin.identityNow() ?? { scenario: source.key };
      const done = await this.#recorder.record(source.scenario, {
        token,
        modes,
        ...(live ? { live } : {}),
        // What is recorded is read when the files are in place and the code is about to be read (run-identity.ts).
        preparing: (index) => {
          if (index === 0 && this.#recorder.isCurrent(token)) this.#origin.recording(first, () => this.record());
        },
        started: (index, recording) => {
          if (previous && previousIndex === index) {
            this.#selection = previous.toolCallId === undefined ? null : { recordingId: recording.id, toolCallId: previous.toolCallId };
          }
        },
      });
      if (!done) return null;
      this.#recording = false;
      this.#publish();
      const shown = this.#recordings[0] ?? null;
      if (recorded && shown) {
        recorded(shown);
        this.#origin.rebaseScenario();
      }
      this.#origin.recorded(performance.now() - startedAt);
      this.#limitMs = this.#limit();
      this.#frames.request();
      return shown;
    } catch (error) {
      this.#fail(token, { key: 'run.error.recordFailed', params: { reason: error instanceof Error ? error.message : String(error) } });
      return null;
    }
  }

  dispose(): void {
    this.#cancel();
  }

  /** Has a loaded recording's origin record it anew; then plays it from the start, or shows its start or end. */
  async #rerecordOrigin(origin: Origin, then: 'play' | 'start' | 'end'): Promise<void> {
    const token = ++this.#originToken;
    this.#rerecording = true;
    try {
      await origin.rerecord();
    } finally {
      if (token === this.#originToken) this.#rerecording = false;
    }
    // Not replaced: the origin could not record (it shows why); a newer action took over.
    if (token !== this.#originToken || this.#origin.value === origin) return;
    if (then === 'play') {
      this.#playing = true;
      this.#frames.request();
    } else if (then === 'end') {
      this.seek(this.durationMs);
    }
  }

  async #ensureRecorded(): Promise<boolean> {
    if (this.#recordings.length > 0 || this.#recording) return true;
    const recorded = await this.record();
    this.#publish();
    return recorded;
  }

  #fail(token: number, reason: RunMessage): false {
    if (this.#recorder.isCurrent(token)) {
      this.#error = reason;
      this.#recording = false;
      this.#playing = false;
    }
    return false;
  }

  /** Stops what is being recorded and played; returns the token of the next recording. */
  #cancel(): number {
    // Abort first: whatever the abort makes the recorder append must not schedule a frame after the loop stopped.
    const token = this.#recorder.cancel();
    this.#recording = false;
    this.#frames.stop();
    return token;
  }

  #limit(): number {
    return this.#recorder.limit(this.#recordings, this.#recording);
  }

  /** Shows what the recorder appended since the last frame. */
  #publish(): void {
    const published = this.#recorder.publish();
    if (published) this.#recordings = published;
  }

  /** One animation frame: publish new events, move the cursor, and keep going while playing or recording. */
  #onFrame(elapsedMs: number): FramePace {
    this.#publish();
    const limit = this.#limit();
    this.#limitMs = limit;
    if (this.#playing) {
      const target = Math.min(this.#playhead.ms + elapsedMs * this.#speed, limit);
      this.#playhead.advance(this.#recordings, target);
      if (!this.#recording && target >= this.durationMs) this.#playing = false;
    }
    return this.#playing ? 'timed' : this.#recording ? 'untimed' : 'stop';
  }
}

// A run of the selected scenario: recorded on a virtual clock (once, or parallel and sequential to compare), then
// played back from the recording with a cursor that moves at speed × wall time, one UI update per animation frame.
// Transport: play, pause, step, step to the next phase of the selected call, seek, speed, restart. The selection
// (a call, a phase, an event) lives here so the timeline and the event log share it.
import { VirtualClock, type Clock } from '../core/clock.ts';
import type { ScenarioHooks } from '../core/scenario/run-scenario.ts';
import type { Scenario } from '../core/scenario/scenario.ts';
import type { Recording } from '../core/trace/recording.ts';
import type { ToolPhase, TraceSink } from '../core/trace/types.ts';
import type { AgentTool } from '../core/types.ts';
import { countAtOrBefore, cursorLimit, nextPhaseStart, phaseAt, type CallPhase } from './run-cursor.ts';
import { browserFrames, type FrameScheduler } from './run-frames.ts';
import { RunLogFilter } from './run-log.svelte.ts';

export type TransportState = 'idle' | 'recording' | 'playing' | 'paused' | 'ended' | 'error';
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

/** A message for the UI to word: a catalog key and its values (state does not import the catalog). */
export interface RunMessage { key: string; params?: Record<string, string | number> }

/** What is selected on the timeline or in the log: a recording, optionally a call, one of its phases, an event. */
export interface RunSelection { recordingId: string; toolCallId?: string; phase?: ToolPhase; seq?: number }

export type ScenarioSource = { ok: true; scenario: Scenario; key: string } | { ok: false; reason: RunMessage };

/** Where a run gets its scenario, tools and hooks (the app wires the sandbox in; tests hand in plain tools). */
export interface RunEnvironment {
  /** The scenario to record now; `key` changes whenever what would be recorded changes. Reactive. */
  scenario(): ScenarioSource;
  /** Tools and hooks whose waits run on `clock`; `release` is called when the recording has ended. */
  prepare(clock: Clock): Promise<{ tools: AgentTool<any>[]; hooks: ScenarioHooks; release(): void }>;
}

export type RecordHook = () => void | Promise<void>;
/** Attaches to a recording's trace sink (and its clock, for `t`); returns the detach function. */
export type TraceSource = (sink: TraceSink, clock: Pick<Clock, 'now'>) => () => void;

interface Live { recording: Recording; clock: Clock; published?: Recording; length: number; status: string }

export class RunState {
  #recordings = $state.raw<Recording[]>([]);
  #counts = $state.raw<Record<string, number>>({});
  #cursorMs = $state(0);
  #limitMs = $state(0);
  #speed = $state(1);
  #compare = $state(false);
  #recording = $state(false);
  #playing = $state(false);
  #error = $state.raw<RunMessage | null>(null);
  #selection = $state.raw<RunSelection | null>(null);
  #recordedKey = $state<string | null>(null);
  #live: Live[] = [];
  #pending = 0;
  #token = 0;
  #controller: AbortController | null = null;
  #frame: number | null = null;
  #lastFrameAt: number | null = null;
  #dirty = false;

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
    const allShown = this.#recordings.every((r) => (this.#counts[r.id] ?? 0) >= r.events.length);
    return allShown && this.#cursorMs >= this.durationMs ? 'ended' : 'paused';
  });
  /** The selected call's phase at the cursor; null when no call is selected. */
  readonly phase = $derived.by((): CallPhase | null => {
    const callId = this.#selection?.toolCallId;
    const recording = this.primary;
    if (!callId || !recording) return null;
    return phaseAt(recording.events, this.#counts[recording.id] ?? 0, callId);
  });
  /** True when the scenario (or the settings it uses) changed since the shown recordings were made. */
  readonly stale = $derived.by(() => {
    if (this.#recordedKey === null) return false;
    const source = this.environment.scenario();
    return !source.ok || source.key !== this.#recordedKey;
  });

  constructor(
    private readonly environment: RunEnvironment,
    private readonly frames: FrameScheduler = browserFrames(),
  ) {}

  get recordings(): readonly Recording[] { return this.#recordings; }
  get cursorMs(): number { return this.#cursorMs; }
  /** How far the cursor may go now (what has been recorded). */
  get limitMs(): number { return this.#limitMs; }
  get speed(): number { return this.#speed; }
  get compare(): boolean { return this.#compare; }
  get recordingNow(): boolean { return this.#recording; }
  /** Play was pressed and not paused since (also while the recording is still being made). */
  get playing(): boolean { return this.#playing; }
  get error(): RunMessage | null { return this.#error; }
  get selection(): RunSelection | null { return this.#selection; }

  /** Events of `recordingId` shown at the cursor (the index of the last shown event is one less). */
  shownCount(recordingId: string): number {
    return this.#counts[recordingId] ?? 0;
  }

  play(): void {
    if (this.state === 'idle' || this.state === 'error' || (this.stale && !this.#recording)) {
      this.#playing = true;
      void this.record();
      return;
    }
    if (this.state === 'ended') this.seek(0);
    this.#playing = true;
    this.#schedule();
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
    this.#moveTo(recording, count + 1);
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
    this.#moveTo(recording, next.seq + 1);
  }

  /** Puts the cursor at `ms` (clamped to what has been recorded). */
  seek(ms: number): void {
    const limit = this.#limit();
    // A slider rounds the last digits of fractional clock times; within a nanosecond of the end is the end.
    const target = Math.max(0, Math.min(Number.isFinite(ms) ? (ms >= limit - 1e-6 ? limit : ms) : 0, limit));
    this.#cursorMs = target;
    this.#counts = Object.fromEntries(this.#recordings.map((r) => [r.id, countAtOrBefore(r.events, target)]));
  }

  /** Puts the cursor on one event: it and everything before it are shown. */
  seekEvent(recordingId: string, seq: number): void {
    const recording = this.#recordings.find((r) => r.id === recordingId);
    const entry = recording?.events[seq];
    if (!recording || !entry) return;
    this.#moveTo(recording, seq + 1);
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
    await this.record();
  }

  /** Shows recordings made elsewhere (an imported file, tests); they replace the current ones. */
  load(recordings: Recording[]): void {
    this.#cancel();
    this.#live = [];
    this.#recordings = recordings;
    this.#recordedKey = null;
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
    const token = this.#cancel();
    // A selected call stays selected in the new recording at the same position (its events are new).
    const previous = this.#selection;
    const previousIndex = this.#recordings.findIndex((r) => r.id === previous?.recordingId);
    this.#selection = null;
    const controller = new AbortController();
    this.#controller = controller;
    this.#live = [];
    this.#recordings = [];
    this.#counts = {};
    this.#cursorMs = 0;
    this.#limitMs = 0;
    this.#error = null;
    this.#recording = true;
    const modes = this.#compare ? (['parallel', 'sequential'] as const) : [undefined];
    this.#pending = modes.length;
    this.#schedule();
    try {
      const source = this.environment.scenario();
      if (!source.ok) return this.#fail(token, source.reason);
      this.#recordedKey = source.key;
      const { recordScenario } = await import('../core/trace/recorder.ts');
      for (const mode of modes) {
        for (const hook of this.beforeRecord) await hook();
        if (token !== this.#token) return false;
        const clock = new VirtualClock();
        const prepared = await this.environment.prepare(clock);
        if (token !== this.#token) { prepared.release(); return false; }
        const live = recordScenario(source.scenario, {
          id: `run-${token}-${mode ?? source.scenario.toolExecution}`,
          toolExecution: mode,
          clock,
          tools: prepared.tools,
          hooks: prepared.hooks,
          signal: controller.signal,
          traceSources: this.traceSources,
          onAppend: () => { this.#dirty = true; this.#schedule(); },
        });
        this.#live.push({ recording: live.recording, clock, length: -1, status: '' });
        if (previous && previousIndex === this.#live.length - 1) {
          this.#selection = previous.toolCallId === undefined ? null : { recordingId: live.recording.id, toolCallId: previous.toolCallId };
        }
        this.#pending--;
        try {
          await live.finished;
        } finally {
          prepared.release();
        }
        if (token !== this.#token) return false;
      }
      this.#recording = false;
      this.#dirty = true;
      this.#publish();
      this.#limitMs = this.#limit();
      this.#schedule();
      return true;
    } catch (error) {
      return this.#fail(token, { key: 'run.error.recordFailed', params: { reason: error instanceof Error ? error.message : String(error) } });
    }
  }

  dispose(): void {
    this.#cancel();
  }

  async #ensureRecorded(): Promise<boolean> {
    if (this.#recordings.length > 0 || this.#recording) return true;
    const recorded = await this.record();
    this.#publish();
    return recorded;
  }

  #moveTo(recording: Recording, count: number): void {
    const available = Math.min(count, recording.events.length);
    const t = available > 0 ? recording.events[available - 1].t : 0;
    this.#cursorMs = t;
    const counts: Record<string, number> = {};
    for (const r of this.#recordings) counts[r.id] = r === recording ? available : countAtOrBefore(r.events, t);
    this.#counts = counts;
  }

  #fail(token: number, reason: RunMessage): false {
    if (token === this.#token) {
      this.#error = reason;
      this.#recording = false;
      this.#playing = false;
    }
    return false;
  }

  /** Stops what is being recorded and played; returns the token of the next recording. */
  #cancel(): number {
    this.#controller?.abort();
    this.#controller = null;
    this.#recording = false;
    if (this.#frame !== null) this.frames.cancel(this.#frame);
    this.#frame = null;
    this.#lastFrameAt = null;
    return ++this.#token;
  }

  #limit(): number {
    const live = new Map(this.#live.map((l) => [l.recording.id, l.clock.now()]));
    return cursorLimit(this.#live.length ? this.#live.map((l) => l.recording) : this.#recordings, live, this.#recording ? this.#pending : 0);
  }

  /** Copies what the recorder appended into the reactive list (new objects only for recordings that changed). */
  #publish(): void {
    if (!this.#dirty && this.#live.every((l) => l.published)) return;
    this.#dirty = false;
    this.#recordings = this.#live.map((live) => {
      const { recording } = live;
      if (live.published && live.length === recording.events.length && live.status === recording.status) return live.published;
      live.length = recording.events.length;
      live.status = recording.status;
      live.published = { ...recording, events: recording.events.slice() };
      return live.published;
    });
  }

  #schedule(): void {
    if (this.#frame !== null) return;
    this.#frame = this.frames.request((now) => this.#onFrame(now));
  }

  /** One animation frame: publish new events, move the cursor, and keep going while playing or recording. */
  #onFrame(now: number): void {
    this.#frame = null;
    this.#publish();
    const limit = this.#limit();
    this.#limitMs = limit;
    if (this.#playing) {
      const elapsed = this.#lastFrameAt === null ? 0 : Math.max(0, now - this.#lastFrameAt);
      const target = Math.min(this.#cursorMs + elapsed * this.#speed, limit);
      const counts: Record<string, number> = {};
      for (const r of this.#recordings) counts[r.id] = Math.max(this.#counts[r.id] ?? 0, countAtOrBefore(r.events, target));
      this.#cursorMs = target;
      this.#counts = counts;
      if (!this.#recording && target >= this.durationMs) this.#playing = false;
    }
    this.#lastFrameAt = this.#playing ? now : null;
    if (this.#playing || this.#recording) this.#schedule();
  }
}

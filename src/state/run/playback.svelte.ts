// The playing-back half of the run state: the shown recordings and a cursor over them that moves at speed × wall
// time, one UI update per animation frame; step, step to the next phase of the selected call, seek, speed, and the
// selection (a call, a phase, an event) the timeline and the event log share. What makes the recordings (record,
// load, compare, live runs) is the run state's own part (run.svelte.ts), which fills the fields kept here.
import type { Recording } from '../../recording/index.ts';
import { nextPhaseStart, phaseAt, type CallPhase } from './cursor.ts';
import { FrameLoop, type FramePace, type FrameScheduler } from './frames.ts';
import { RunPlayhead } from './playhead.svelte.ts';
import { SPEEDS, type RunMessage, type RunSelection, type TransportState } from './types.ts';

export abstract class RunPlayback {
  protected shown = $state.raw<Recording[]>([]);
  protected limit = $state(0);
  protected speedNow = $state(1);
  protected making = $state(false);
  /** The shown recordings' origin (a lesson) is making them anew: what is shown is about to be replaced. */
  protected remaking = $state(false);
  protected playingNow = $state(false);
  protected failure = $state.raw<RunMessage | null>(null);
  protected selected = $state.raw<RunSelection | null>(null);
  protected readonly playhead = new RunPlayhead();
  protected readonly frames: FrameLoop;

  readonly durationMs = $derived(this.shown.reduce((max, r) => Math.max(max, r.durationMs), 0));
  /** The recording steps and phases refer to: the selected one, else the first. */
  readonly primary = $derived(this.shown.find((r) => r.id === this.selected?.recordingId) ?? this.shown[0] ?? null);
  readonly state = $derived.by((): TransportState => {
    if (this.failure) return 'error';
    if (this.making || this.remaking) return 'recording';
    if (this.playingNow) return 'playing';
    if (this.shown.length === 0) return 'idle';
    const allShown = this.shown.every((r) => this.playhead.shown(r.id) >= r.events.length);
    return allShown && this.playhead.ms >= this.durationMs ? 'ended' : 'paused';
  });
  /** The selected call's phase at the cursor; null when no call is selected. */
  readonly phase = $derived.by((): CallPhase | null => {
    const callId = this.selected?.toolCallId;
    const recording = this.primary;
    if (!callId || !recording) return null;
    return phaseAt(recording.events, this.playhead.shown(recording.id), callId);
  });

  constructor(frames: FrameScheduler) {
    this.frames = new FrameLoop(frames, (elapsedMs) => this.#onFrame(elapsedMs));
  }

  /** Play: the run state decides whether that records first. */
  abstract play(): void;
  /** Makes a recording when there is none yet; false when none could be made. */
  protected abstract ensureRecorded(): Promise<boolean>;
  /** Shows what was recorded since the last frame. */
  protected abstract publish(): void;
  /** How far the cursor may go now. */
  protected abstract currentLimit(): number;

  get recordings(): readonly Recording[] { return this.shown; }
  get cursorMs(): number { return this.playhead.ms; }
  /** How far the cursor may go now (what has been recorded). */
  get limitMs(): number { return this.limit; }
  get speed(): number { return this.speedNow; }
  get recordingNow(): boolean { return this.making; }
  /** Play was pressed and not paused since (also while the recording is still being made). */
  get playing(): boolean { return this.playingNow; }
  /** Ended by playing into the end (the last frame may have passed several moments at once), not by a seek. */
  get playedToEnd(): boolean { return this.state === 'ended' && this.playhead.movedByPlayback; }
  get error(): RunMessage | null { return this.failure; }
  get selection(): RunSelection | null { return this.selected; }

  /** Events of `recordingId` shown at the cursor (the index of the last shown event is one less). */
  shownCount(recordingId: string): number {
    return this.playhead.shown(recordingId);
  }

  pause(): void {
    this.playingNow = false;
  }

  toggle(): void {
    if (this.playingNow) this.pause();
    else this.play();
  }

  /** Shows one more event of the primary recording (recording first if there is nothing yet). */
  async step(): Promise<void> {
    this.pause();
    if (!(await this.ensureRecorded())) return;
    const recording = this.primary;
    if (!recording) return;
    const count = this.shownCount(recording.id);
    if (count >= recording.events.length) return;
    this.playhead.moveTo(this.shown, recording, count + 1);
  }

  /** Moves to the next phase start of the selected call (or of any call, which then becomes the selection). */
  async stepPhase(): Promise<void> {
    this.pause();
    if (!(await this.ensureRecorded())) return;
    const recording = this.primary;
    if (!recording) return;
    const callId = this.selected?.recordingId === recording.id ? this.selected.toolCallId : undefined;
    const next = nextPhaseStart(recording.events, this.shownCount(recording.id), callId);
    if (!next) return;
    this.selected = { recordingId: recording.id, toolCallId: next.toolCallId, phase: next.phase, seq: next.seq };
    this.playhead.moveTo(this.shown, recording, next.seq + 1);
  }

  /** Puts the cursor at `ms` (clamped to what has been recorded). */
  seek(ms: number): void {
    const limit = this.currentLimit();
    // A slider rounds the last digits of fractional clock times; within a nanosecond of the end is the end.
    const target = Math.max(0, Math.min(Number.isFinite(ms) ? (ms >= limit - 1e-6 ? limit : ms) : 0, limit));
    this.playhead.seek(this.shown, target);
  }

  /** Puts the cursor on one event: it and everything before it are shown. */
  seekEvent(recordingId: string, seq: number): void {
    const recording = this.shown.find((r) => r.id === recordingId);
    const entry = recording?.events[seq];
    if (!recording || !entry) return;
    this.playhead.moveTo(this.shown, recording, seq + 1);
  }

  setSpeed(speed: number): void {
    if ((SPEEDS as readonly number[]).includes(speed)) this.speedNow = speed;
  }

  /** One speed step up (+1) or down (-1). */
  nudgeSpeed(direction: 1 | -1): void {
    const index = SPEEDS.indexOf(this.speedNow as (typeof SPEEDS)[number]);
    this.speedNow = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, index + direction))];
  }

  select(selection: RunSelection | null): void {
    this.selected = selection;
  }

  /** One animation frame: publish new events, move the cursor, and keep going while playing or recording. */
  #onFrame(elapsedMs: number): FramePace {
    this.publish();
    const limit = this.currentLimit();
    this.limit = limit;
    if (this.playingNow) {
      const target = Math.min(this.playhead.ms + elapsedMs * this.speedNow, limit);
      this.playhead.advance(this.shown, target);
      if (!this.making && target >= this.durationMs) this.playingNow = false;
    }
    return this.playingNow ? 'timed' : this.making ? 'untimed' : 'stop';
  }
}

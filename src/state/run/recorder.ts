// Makes a run's recordings: the scenario on a fresh virtual clock each time (parallel, then sequential, in compare
// mode; or it and another scenario, when two runs are compared). The core recorder appends to live recordings in place; the run state shows immutable copies of them,
// taken at most once per animation frame, and lets the cursor go no further than the live clocks have.
import { RealClock, VirtualClock } from '../../engine/index.ts';
import type { Scenario } from '../../recording/scenario/index.ts';
import type { RecordScenarioOptions } from '../../recording/recorder/index.ts';
import type { Recording } from '../../recording/index.ts';
import { cursorLimit } from './cursor.ts';
import type { RecordHook, RunEnvironment, TraceSource } from './types.ts';

/** How one recording runs the tools: as the scenario says (undefined), or as compare mode forces. */
export type RecordMode = Recording['toolExecution'] | undefined;

export interface RecorderSources {
  environment: RunEnvironment;
  /** Run before each recording (the run state's own list, which the app fills after construction). */
  beforeRecord: readonly RecordHook[];
  traceSources: readonly TraceSource[];
  /** The core recorder appended to a live recording: the next frame should publish. */
  onAppend(): void;
}

/** What a live run hands the recorder: the model, pi-ai's stream for it, the key getter, the wall time at 0. */
export type LiveRecording = NonNullable<RecordScenarioOptions['live']>;

/** One recording to make: in which mode, of which scenario (default: the one handed to record), under which label. */
export interface RecordTake {
  mode: RecordMode;
  scenario?: Scenario;
  /** Default: the mode the recording runs in (a live run: `live`). */
  label?: string;
}

/** One call of record(): which recordings to make, under which token. */
export interface RecordRequest {
  /** From cancel(); also part of the recordings' ids, so that a replaced run's ids are never reused. */
  token: number;
  takes: readonly RecordTake[];
  /** Recording `index` of `takes` has started (the run state carries its selection over to it). */
  started(index: number, recording: Recording): void;
  /** Recording `index` is about to take its tools: the files are in place, the code is read next (identity). */
  preparing?(index: number): void;
  /** A live run: the real model's stream, on real time (one recording). */
  live?: LiveRecording;
}

interface Live { recording: Recording; now: () => number; published?: Recording; length: number; status: string }

export class RunRecorder {
  #token = 0;
  #controller: AbortController | null = null;
  #live: Live[] = [];
  /** Recordings of this run not started yet: while one is to come, the cursor stays at 0. */
  #pending = 0;
  #dirty = false;

  constructor(private readonly sources: RecorderSources) {}

  /** Stops the recording being made, if any (its tools see the abort); returns the token of the next recording. */
  cancel(): number {
    this.#controller?.abort();
    this.#controller = null;
    return ++this.#token;
  }

  /** Aborts the run being made without replacing it: it ends as pi ends an aborted run, and is still shown. */
  abort(): void {
    this.#controller?.abort();
  }

  /** Nothing was cancelled since `token` was handed out (a recording made under it is still the one to show). */
  isCurrent(token: number): boolean {
    return token === this.#token;
  }

  /** Forgets the live recordings; `count` new ones are about to be made (0: recordings made elsewhere are shown). */
  reset(count = 0): void {
    this.#live = [];
    this.#pending = count;
    this.#dirty = false;
  }

  /**
   * Records `scenario` (or a take's own) once per take, one after the other. Resolves true when all were recorded (a run that failed
   * inside is still a recording), false as soon as its token is no longer current. Rejects when the environment does.
   */
  async record(scenario: Scenario, request: RecordRequest): Promise<boolean> {
    const controller = new AbortController();
    this.#controller = controller;
    const current = () => this.isCurrent(request.token);
    const { recordScenario } = await import('../../recording/recorder/index.ts');
    for (const [index, take] of request.takes.entries()) {
      const { mode } = take;
      const recorded = take.scenario ?? scenario;
      for (const hook of this.sources.beforeRecord) await hook();
      if (!current()) return false;
      request.preparing?.(this.#live.length);
      // A live run waits on the network: its clock is the wall's, so its timings are the model's real ones.
      const clock = request.live ? new RealClock() : new VirtualClock();
      const prepared = await this.sources.environment.prepare(clock);
      if (!current()) { prepared.release(); return false; }
      const live = recordScenario(recorded, {
        id: `run-${request.token}-${index > 0 && !mode ? `${index + 1}-` : ''}${mode ?? recorded.toolExecution}`,
        toolExecution: mode,
        // A live run says so on the timeline, the totals and the log (a replay of it is labelled by its mode).
        ...(request.live ? { label: 'live' } : take.label ? { label: take.label } : {}),
        clock,
        tools: prepared.tools,
        hooks: prepared.hooks,
        ...(prepared.codeTurns ? { codeTurns: prepared.codeTurns } : {}),
        signal: controller.signal,
        ...(request.live ? { live: request.live } : {}),
        traceSources: this.sources.traceSources,
        // A replaced recording may still append (a tool that ignores the abort ends late); it is no longer shown.
        onAppend: () => { if (!current()) return; this.#dirty = true; this.sources.onAppend(); },
      });
      this.#live.push({ recording: live.recording, now: live.now, length: -1, status: '' });
      request.started(this.#live.length - 1, live.recording);
      this.#pending--;
      try {
        await live.finished;
      } finally {
        prepared.release();
      }
      if (!current()) return false;
    }
    // The next publish copies the finished recordings whatever the last frame already took.
    this.#dirty = true;
    return true;
  }

  /** Copies of the live recordings (new objects only for those that changed); null when nothing changed. */
  publish(): Recording[] | null {
    if (!this.#dirty && this.#live.every((l) => l.published)) return null;
    this.#dirty = false;
    return this.#live.map((live) => {
      const { recording } = live;
      if (live.published && live.length === recording.events.length && live.status === recording.status) return live.published;
      live.length = recording.events.length;
      live.status = recording.status;
      live.published = { ...recording, events: recording.events.slice() };
      return live.published;
    });
  }

  /** How far the cursor may go: up to the live clocks while `recording`; the end of `shown` when nothing is live. */
  limit(shown: readonly Recording[], recording: boolean): number {
    const live = new Map(this.#live.map((l) => [l.recording.id, l.now()]));
    return cursorLimit(this.#live.length ? this.#live.map((l) => l.recording) : shown, live, recording ? this.#pending : 0);
  }
}

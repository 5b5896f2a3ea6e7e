// Records one scenario run: every pi event (snapshotted at the moment it is emitted) and every trace event, in
// emission order, each stamped with the clock time. The recording is what the UI plays back, steps and exports.
import type { Clock } from '../../engine/index.ts';
import type { CodeTurnRunner } from '../scenario/code-turn.ts';
import { runScenario, type RunScenarioOptions, type ScenarioHooks } from '../scenario/run-scenario.ts';
import type { Scenario } from '../scenario/scenario.ts';
import type { AgentEvent, AgentTool } from '../../engine/index.ts';
import type { RecordedEvent, Recording } from '../recording.ts';
import { snapshot } from '../../engine/index.ts';
import type { TraceEvent, TraceSink } from '../../engine/index.ts';

export interface RecorderOptions {
  id: string;
  label: string;
  toolExecution: Recording['toolExecution'];
  clock: Pick<Clock, 'now'>;
  /** Called synchronously after each appended event (keep it cheap: schedule work, do not do it here). */
  onAppend?: (recording: Recording) => void;
}

/**
 * Appends events to one Recording. pi events are deep-copied (pi mutates partial messages in place and shares
 * argument objects); trace events are already snapshots and are kept as they are. Nothing is appended after
 * finish(). Times are counted from the first event: the cursor, the duration and the timeline all start there.
 */
export class Recorder {
  readonly recording: Recording;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly onAppend: ((recording: Recording) => void) | undefined;
  /** The clock's reading at the first event; null before it. */
  private originMs: number | null = null;

  constructor(options: RecorderOptions) {
    this.clock = options.clock;
    this.onAppend = options.onAppend;
    this.recording = {
      id: options.id,
      label: options.label,
      toolExecution: options.toolExecution,
      events: [],
      durationMs: 0,
      status: 'recording',
    };
  }

  /** The recording's time now (ms since its first event; 0 before it): how far a cursor may follow it live. */
  now(): number {
    return this.originMs === null ? 0 : Math.max(0, this.clock.now() - this.originMs);
  }

  /** Records a pi event now. */
  pi(event: AgentEvent): void {
    this.append({ seq: 0, t: this.clock.now(), source: 'pi', event: snapshot(event) as AgentEvent });
  }

  /** Records a trace event at its own time (the same clock's). */
  trace(event: TraceEvent): void {
    this.append({ seq: 0, t: typeof event.t === 'number' ? event.t : this.clock.now(), source: 'trace', event });
  }

  /** Ends the recording; with `failure` it is marked failed and says why. */
  finish(failure?: string): Recording {
    if (this.recording.status !== 'recording') return this.recording;
    this.recording.status = failure === undefined ? 'done' : 'failed';
    if (failure !== undefined) this.recording.failure = failure;
    this.onAppend?.(this.recording);
    return this.recording;
  }

  private append(entry: RecordedEvent): void {
    const { recording } = this;
    if (recording.status !== 'recording') return;
    if (this.originMs === null) this.originMs = entry.t;
    entry.seq = recording.events.length;
    entry.t -= this.originMs;
    recording.events.push(entry);
    recording.durationMs = entry.t;
    this.onAppend?.(recording);
  }
}

export interface RecordScenarioOptions {
  id: string;
  /** Default: the execution mode. */
  label?: string;
  /** Overrides the scenario's toolExecution (compare mode records the same scenario both ways). */
  toolExecution?: Recording['toolExecution'];
  /** A fresh VirtualClock per recording makes recordings repeatable. */
  clock: Clock;
  tools?: AgentTool<any>[];
  hooks?: ScenarioHooks;
  /** Runs the scenario's code turns (see runScenario). */
  codeTurns?: CodeTurnRunner;
  signal?: AbortSignal;
  onAppend?: (recording: Recording) => void;
  /** A live run: the model and its real stream function instead of the scripted turns (see runScenario). */
  live?: Pick<RunScenarioOptions, 'model' | 'streamFn' | 'getApiKey' | 'epochMs'>;
  /**
   * Extra trace producers for the length of the run (sandbox logs, filesystem operations): each receives the
   * recording's trace sink and its clock (for `t`), and returns a function that detaches it.
   */
  traceSources?: readonly ((sink: TraceSink, clock: Pick<Clock, 'now'>) => () => void)[];
}

export interface ScenarioRecording {
  /** The live recording, appended to while the run goes on. */
  recording: Recording;
  /** Its time now, on its own axis (ms since its first event). */
  now(): number;
  /** Resolves with the same object once the run has ended (never rejects). */
  finished: Promise<Recording>;
}

/** Runs `scenario` and records it. Never throws: a run that breaks ends as a `failed` recording. */
export function recordScenario(scenario: Scenario, options: RecordScenarioOptions): ScenarioRecording {
  const toolExecution = options.toolExecution ?? scenario.toolExecution;
  const recorder = new Recorder({
    id: options.id,
    label: options.label ?? toolExecution,
    toolExecution,
    clock: options.clock,
    onAppend: options.onAppend,
  });
  const sink: TraceSink = (event) => recorder.trace(event);
  const detach: (() => void)[] = [];
  for (const source of options.traceSources ?? []) {
    try {
      detach.push(source(sink, options.clock));
    } catch (error) {
      sink({ type: 'trace_log', t: options.clock.now(), level: 'error', text: `A trace source failed: ${describe(error)}` });
    }
  }
  const stop = () => { for (const off of detach.splice(0)) try { off(); } catch { /* detaching is best effort */ } };

  let run: ReturnType<typeof runScenario>;
  try {
    run = runScenario({ ...scenario, toolExecution }, {
      clock: options.clock,
      tools: options.tools,
      hooks: options.hooks,
      ...(options.codeTurns ? { codeTurns: options.codeTurns } : {}),
      ...options.live,
      signal: options.signal,
      trace: sink,
      onEvent: (event) => recorder.pi(event),
    });
  } catch (error) {
    stop();
    return { recording: recorder.recording, now: () => recorder.now(), finished: Promise.resolve(recorder.finish(describe(error))) };
  }
  const finished = run.finished.then(
    (result) => { stop(); return recorder.finish(result.failure); },
    (error: unknown) => { stop(); return recorder.finish(describe(error)); },
  );
  return { recording: recorder.recording, now: () => recorder.now(), finished };
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'Unknown error';
  }
}

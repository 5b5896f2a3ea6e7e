// The automation contract's actions: load a lesson or a scenario, drive the transport, select, switch panel, theme,
// language and layout, read the state, and wait for named conditions. window.piPlayground (src/ui/automation)
// and the URL parameters both go through this class, so a link and a script do exactly the same thing.
import { tick } from 'svelte';
import type { ToolPhase } from '../core/trace/types.ts';
import { SPEEDS } from './run.svelte.ts';
import type { AppState } from './context.ts';
import { callsAtCursor } from './automation-calls.ts';
import { parseLayout, type PaneLayout, type StepTarget } from './automation-params.ts';
import type { PresentationState } from './automation-presentation.svelte.ts';
import { conditionHolds, isIdle, snapshot } from './automation-snapshot.ts';
import type { ActionResult, PlaygroundState, WaitCondition, WaitResult } from './automation-types.ts';
import { until } from './automation-wait.svelte.ts';
import type { StoredScenario } from './scenario.svelte.ts';
import { findScenario, parseScenarioObject } from './automation-scenarios.ts';

export const DEFAULT_WAIT_MS = 60_000;
const TOOL_PHASES = ['queued', 'prepare', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result'] as const;
/** What a call can be in at the cursor, as stepPhase targets name it. */
const CALL_PHASES = [...TOOL_PHASES, 'done'] as const;

/** What the controller needs from the UI layer: the registered panels and the language. */
export interface AutomationHost {
  panels(): readonly string[];
  locale(): string;
  /** Shows the UI in `locale`; false when it is not one the app speaks. */
  setLocale(locale: string): boolean;
  scenarioName(item: StoredScenario): string;
  /** The name a scenario loaded from a JSON object gets when it has no title. */
  newScenarioName(): string;
}

export interface SelectRequest { callId?: string; phase?: string; recording?: string }

export class AutomationController {
  #ready = $state(false);
  #problems = $state.raw<string[]>([]);
  #pending = $state(0);

  constructor(
    readonly app: AppState,
    readonly presentation: PresentationState,
    private readonly host: AutomationHost,
  ) {
    // The sandbox has evaluated the workspace (or is known to be missing), the scenario checker and the files are loaded.
    void until(() => {
      const { evaluation, scenarios, files } = this.app;
      return (evaluation.status === 'ready' || evaluation.status === 'unavailable') && scenarios.ready && files.status !== 'loading';
    }, Infinity).then(() => { this.#ready = true; });
  }

  get ready(): boolean { return this.#ready; }

  getState(): PlaygroundState {
    return snapshot({
      app: this.app, presentation: this.presentation, ready: this.#ready, locale: this.host.locale(),
      scenarioName: (item) => this.host.scenarioName(item), problems: this.#problems,
    });
  }

  /** Runs `work` as one action: whenIdle and waitFor wait for it, even between the steps inside it. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#pending++;
    try {
      return await work();
    } finally {
      this.#pending--;
    }
  }

  /** Adds a problem to the state's `problems` (URL parameters that were not understood or could not be done). */
  report(problem: string): void {
    this.#problems = [...this.#problems, problem];
  }

  async loadLesson(id: string, { openPanel = true }: { openPanel?: boolean } = {}): Promise<ActionResult> {
    return this.#track(async () => {
      if (!(await this.#whenReady())) return this.#fail('the app is not ready');
      const { lessons } = this.app;
      await lessons.loadCatalog();
      if (typeof id !== 'string' || !lessons.find(id)) {
        return this.#fail(`unknown lesson "${String(id)}" (lessons: ${lessons.lessons.map((l) => l.id).join(', ')})`);
      }
      if (openPanel) this.#openPanel('lessons');
      await lessons.open(id);
      if (lessons.status === 'error') return this.#fail(`the lesson could not be recorded (${lessons.error?.key ?? 'error'})`);
      return this.#ok();
    });
  }

  /** Selects a scenario of the workspace (id, example id or name) or adds one from a scenario file object, then records it. */
  async loadScenario(ref: unknown, { openPanel = true, name }: { openPanel?: boolean; name?: string } = {}): Promise<ActionResult> {
    return this.#track(async () => {
      if (!(await this.#whenReady())) return this.#fail('the app is not ready');
      const { scenarios, lessons, run } = this.app;
      let id: string;
      if (typeof ref === 'string') {
        const item = findScenario(scenarios.items, ref, (i) => this.host.scenarioName(i));
        if (!item) return this.#fail(`unknown scenario "${ref}" (scenarios: ${scenarios.items.map((i) => i.exampleId ?? i.name).join(', ')})`);
        id = item.id;
      } else {
        const parsed = await parseScenarioObject(ref);
        if (!parsed.ok) return this.#fail(parsed.error);
        const title = typeof name === 'string' && name.trim() ? name.trim() : parsed.title ?? this.host.newScenarioName();
        id = scenarios.add('blank', title);
        scenarios.setText(id, parsed.text);
      }
      if (lessons.active) lessons.close();
      scenarios.select(id);
      if (openPanel) this.#openPanel('timeline');
      const recorded = await run.record();
      return recorded ? this.#ok() : this.#fail(`the scenario could not be recorded (${run.error?.key ?? 'replaced'})`);
    });
  }

  async play(): Promise<ActionResult> {
    this.app.run.play();
    return this.#ok();
  }

  async pause(): Promise<ActionResult> {
    this.app.run.pause();
    return this.#ok();
  }

  /** Shows `count` more events of the primary recording (recording first when there is nothing yet). */
  async step(count = 1): Promise<ActionResult> {
    if (!Number.isInteger(count) || count < 0) return this.#fail('step needs a whole number of events');
    return this.#track(async () => {
      const { run } = this.app;
      for (let i = 0; i < count; i++) {
        const before = run.primary ? run.shownCount(run.primary.id) : -1;
        await run.step();
        if (run.primary && run.shownCount(run.primary.id) === before) break;
      }
      return this.#ok();
    });
  }

  /** Shows `count` fewer events (stops at the start of the run). */
  async stepBack(count = 1): Promise<ActionResult> {
    if (!Number.isInteger(count) || count < 0) return this.#fail('stepBack needs a whole number of events');
    const { run } = this.app;
    const primary = run.primary;
    if (!primary) return this.#ok();
    run.pause();
    const target = run.shownCount(primary.id) - count;
    if (target > 0) run.seekEvent(primary.id, target - 1);
    else run.seek(0);
    return this.#ok();
  }

  /**
   * Without a target: the transport's "next phase". With `{ callId }`: that call's next phase. With
   * `{ callId, phase }`: the cursor goes to where that call next enters `phase` (`done`: its result), selecting it.
   */
  async stepPhase(target?: { callId?: string; phase?: string }): Promise<ActionResult> {
    return this.#track(async () => {
      const { run } = this.app;
      if (!target?.callId) {
        await run.stepPhase();
        return this.#ok();
      }
      if (!(await this.#ensureRecorded())) return this.#fail('nothing could be recorded');
      const primary = run.primary!;
      const callId = target.callId;
      if (!callsAtCursor(primary.events, 0).some((c) => c.id === callId)) return this.#fail(`no call "${callId}" in this run`);
      if (target.phase !== undefined && !(CALL_PHASES as readonly string[]).includes(target.phase)) return this.#fail(`unknown phase "${target.phase}" (phases: ${CALL_PHASES.join(', ')})`);
      run.select({ recordingId: primary.id, toolCallId: callId });
      if (target.phase === undefined) {
        await run.stepPhase();
        return this.#ok();
      }
      if (run.phase === target.phase) return this.#ok();
      const phase = target.phase;
      const at = primary.events.findIndex((entry, index) => {
        if (index < run.shownCount(primary.id) || entry.source !== 'trace') return false;
        const e = entry.event;
        if (phase === 'done') return e.type === 'trace_phase_end' && e.toolCallId === callId && e.phase === 'result';
        return e.type === 'trace_phase_start' && e.toolCallId === callId && e.phase === phase;
      });
      if (at < 0) return this.#fail(`call "${callId}" does not enter "${phase}" after the cursor`);
      run.pause();
      run.seekEvent(primary.id, at);
      run.select({ recordingId: primary.id, toolCallId: callId, ...(phase === 'done' ? {} : { phase: phase as ToolPhase, seq: at }) });
      return this.#ok();
    });
  }

  async seek(ms: number): Promise<ActionResult> {
    if (typeof ms !== 'number' || !Number.isFinite(ms)) return this.#fail('seek needs a number of milliseconds');
    this.app.run.pause();
    this.app.run.seek(ms);
    return this.#ok();
  }

  async setSpeed(speed: number): Promise<ActionResult> {
    if (!(SPEEDS as readonly number[]).includes(speed)) return this.#fail(`speed must be one of ${SPEEDS.join(', ')}`);
    this.app.run.setSpeed(speed);
    return this.#ok();
  }

  /** Records again from a clean state: the open lesson with its own files, else the selected scenario. */
  async restart(): Promise<ActionResult> {
    return this.#track(async () => {
      const { lessons, run } = this.app;
      if (lessons.active && lessons.workspaceLessonId === lessons.active.id) await lessons.record();
      else await run.restart();
      return this.#ok();
    });
  }

  async setCompare(on: boolean): Promise<ActionResult> {
    if (typeof on !== 'boolean') return this.#fail('setCompare needs true or false');
    return this.#track(async () => {
      this.app.run.setCompare(on);
      await until(() => !this.app.run.recordingNow, DEFAULT_WAIT_MS);
      return this.#ok();
    });
  }

  /** Selects a call (and one of its phases) on the timeline; null clears the selection. */
  async select(request: SelectRequest | null): Promise<ActionResult> {
    const { run } = this.app;
    if (request === null) {
      run.select(null);
      return this.#ok();
    }
    const recording = request.recording === undefined ? run.primary : run.recordings.find((r) => r.label === request.recording || r.id === request.recording);
    if (!recording) return this.#fail(request.recording === undefined ? 'nothing is recorded yet' : `no recording "${request.recording}"`);
    const calls = callsAtCursor(recording.events, 0);
    if (request.callId !== undefined && !calls.some((c) => c.id === request.callId)) return this.#fail(`no call "${request.callId}" in this run`);
    if (request.phase !== undefined && !(TOOL_PHASES as readonly string[]).includes(request.phase)) return this.#fail(`unknown phase "${request.phase}" (phases: ${TOOL_PHASES.join(', ')})`);
    const phase = request.phase as ToolPhase | undefined;
    run.select({ recordingId: recording.id, ...(request.callId !== undefined ? { toolCallId: request.callId } : {}), ...(phase ? { phase } : {}) });
    return this.#ok();
  }

  async setPanel(id: string): Promise<ActionResult> {
    if (!this.host.panels().includes(id)) return this.#fail(`unknown panel "${String(id)}" (panels: ${this.host.panels().join(', ')})`);
    if (this.presentation.focus !== null) this.presentation.setFocus(id);
    this.app.views.setActive(id);
    return this.#ok();
  }

  async setTheme(theme: string): Promise<ActionResult> {
    if (theme !== 'light' && theme !== 'dark' && theme !== 'system') return this.#fail('theme must be light, dark or system');
    this.app.preferences.setTheme(theme);
    return this.#ok();
  }

  async setLanguage(locale: string): Promise<ActionResult> {
    return this.host.setLocale(locale) ? this.#ok() : this.#fail('language must be en or zh-CN');
  }

  /** `'editor:40,views:60'`, `{ editor: 40, views: 60 }`, or null for the user's own layout. */
  async setLayout(layout: string | PaneLayout | null): Promise<ActionResult> {
    if (layout === null) {
      this.presentation.setLayout(null);
      return this.#ok();
    }
    const text = typeof layout === 'string' ? layout : Object.entries(layout ?? {}).map(([pane, size]) => `${pane}:${size}`).join(',');
    const parsed = parseLayout(text);
    if (!parsed.ok) return this.#fail(parsed.reason);
    this.presentation.setLayout(parsed.layout);
    return this.#ok();
  }

  /** Shows one panel alone in the window; null goes back to the layout shown before. */
  async focus(panel: string | null): Promise<ActionResult> {
    if (panel === null) {
      this.presentation.setFocus(null);
      return this.#ok();
    }
    if (!this.host.panels().includes(panel)) return this.#fail(`unknown panel "${String(panel)}" (panels: ${this.host.panels().join(', ')})`);
    this.presentation.setFocus(panel);
    this.app.views.setActive(panel);
    return this.#ok();
  }

  async nextCaption(): Promise<ActionResult> {
    if (!this.app.lessons.active) return this.#fail('no lesson is open');
    this.app.lessons.nextCaption();
    return this.#ok();
  }

  async previousCaption(): Promise<ActionResult> {
    if (!this.app.lessons.active) return this.#fail('no lesson is open');
    this.app.lessons.previousCaption();
    return this.#ok();
  }

  /** Resolves once nothing is loading, recording or playing (and every action started here has finished). */
  async whenIdle(timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    const outcome = await until(() => this.#pending === 0 && isIdle(this.app, this.#ready), timeoutMs);
    await tick();
    return outcome.ok ? { ok: true, state: this.getState() } : { ok: false, reason: 'timeout', state: this.getState() };
  }

  /** Resolves when `condition` holds; `stopped` when it cannot happen without another action (see docs/automation.md). */
  async waitFor(condition: WaitCondition, timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    const known: WaitCondition[] = ['ready', 'recorded', 'playing', 'paused', 'ended', 'caption', 'idle'];
    if (!known.includes(condition)) return { ok: false, reason: 'stopped', state: this.getState() };
    // An action still under way (a lesson being opened) decides first whether the run moves at all.
    const outcome = await until(() => {
      const holds = conditionHolds(this.app, this.#ready, condition);
      if (holds === 'stopped' && this.#pending > 0) return false;
      return holds;
    }, timeoutMs);
    await tick();
    if (!outcome.ok) return { ok: false, reason: 'timeout', state: this.getState() };
    return outcome.value === true ? { ok: true, state: this.getState() } : { ok: false, reason: 'stopped', state: this.getState() };
  }

  /** Goes to a `step=` target of the URL. */
  async stepTo(target: StepTarget): Promise<ActionResult> {
    return target.kind === 'events' ? this.step(target.count) : this.stepPhase({ callId: target.callId, phase: target.phase });
  }

  #openPanel(id: string): void {
    if (this.presentation.focus === null && this.host.panels().includes(id)) this.app.views.setActive(id);
  }

  async #ensureRecorded(): Promise<boolean> {
    const { run } = this.app;
    if (run.recordingNow) await until(() => !run.recordingNow, DEFAULT_WAIT_MS);
    if (run.recordings.length === 0) await run.record();
    return run.primary !== null;
  }

  async #whenReady(): Promise<boolean> {
    return (await until(() => this.#ready, DEFAULT_WAIT_MS)).ok;
  }

  async #track(action: () => Promise<ActionResult>): Promise<ActionResult> {
    this.#pending++;
    try {
      return await action();
    } catch (error) {
      return this.#fail(error instanceof Error ? error.message : String(error));
    } finally {
      this.#pending--;
    }
  }

  async #ok(): Promise<ActionResult> {
    await tick();
    return { ok: true, state: this.getState() };
  }

  async #fail(error: string): Promise<ActionResult> {
    await tick();
    return { ok: false, error, state: this.getState() };
  }
}

// The automation contract's actions: load a lesson or a scenario, drive the transport, select, switch panel, theme,
// language and layout, read the state, and wait for named conditions. window.piPlayground (src/ui/automation)
// and the URL parameters both go through this class, so a link and a script do exactly the same thing.
import type { AppState } from '../state/shell/context.ts';
import { parseLayout, type StepTarget } from './params.ts';
import type { PaneLayout } from '../state/shell/pane-layout.ts';
import type { PresentationState } from '../state/shell/presentation.svelte.ts';
import { findScenario, parseScenarioObject } from './scenarios.ts';
import { snapshot } from './snapshot.ts';
import type { SelectRequest } from './targets.ts';
import { AutomationTracker, DEFAULT_WAIT_MS } from './tracker.svelte.ts';
import { TransportActions } from './transport.ts';
import type { LiveActions } from './live.ts';
import type { ActionResult, PlaygroundState, WaitCondition, WaitResult } from './types.ts';
import type { StoredScenario } from '../state/workspace/scenario.svelte.ts';

export { DEFAULT_WAIT_MS } from './tracker.svelte.ts';
export type { SelectRequest } from './targets.ts';

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

export class AutomationController {
  readonly #tracker: AutomationTracker;
  readonly #transport: TransportActions;
  #live: Promise<LiveActions> | null = null;

  constructor(
    readonly app: AppState,
    readonly presentation: PresentationState,
    private readonly host: AutomationHost,
  ) {
    this.#tracker = new AutomationTracker(app, () => this.getState());
    this.#transport = new TransportActions(app, this.#tracker);
  }

  get ready(): boolean { return this.#tracker.ready; }

  getState(): PlaygroundState {
    return snapshot({
      app: this.app, presentation: this.presentation, ready: this.#tracker.ready, locale: this.host.locale(),
      scenarioName: (item) => this.host.scenarioName(item), problems: this.#tracker.problems,
    });
  }

  /** Runs `work` as one action: whenIdle and waitFor wait for it, even between the steps inside it. */
  during<T>(work: () => Promise<T>): Promise<T> {
    return this.#tracker.during(work);
  }

  /** Adds a problem to the state's `problems` (URL parameters that were not understood or could not be done). */
  report(problem: string): void {
    this.#tracker.report(problem);
  }

  async loadLesson(id: string, { openPanel = true }: { openPanel?: boolean } = {}): Promise<ActionResult> {
    return this.#track(async () => {
      if (!(await this.#tracker.whenReady())) return this.#fail('the app is not ready');
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
      if (!(await this.#tracker.whenReady())) return this.#fail('the app is not ready');
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

  /** Runs the selected scenario against a real model with the caller's key; resolves once the run is recorded. */
  runLive(options: unknown): Promise<ActionResult> {
    return this.during(async () => (await this.#liveActions())?.runLive(options) ?? this.#fail('the live run could not be loaded (offline?)'));
  }
  /** Stops the live run under way (it ends as pi ends an aborted run). */
  stopLive(): Promise<ActionResult> {
    return this.during(async () => (await this.#liveActions())?.stopLive() ?? this.#fail('the live run could not be loaded (offline?)'));
  }

  /** The live actions come with their first use (they name pi-ai's APIs), not with the first load. */
  async #liveActions(): Promise<LiveActions | null> {
    this.#live ??= import('./live.ts').then(({ LiveActions: Actions }) => new Actions(this.app, this.#tracker, () => this.#openPanel('timeline')));
    return this.#live.catch(() => { this.#live = null; return null; });
  }

  play(): Promise<ActionResult> { return this.#transport.play(); }
  pause(): Promise<ActionResult> { return this.#transport.pause(); }
  /** Shows `count` more events of the primary recording (recording first when there is nothing yet). */
  step(count = 1): Promise<ActionResult> { return this.#transport.step(count); }
  /** Shows `count` fewer events (stops at the start of the run). */
  stepBack(count = 1): Promise<ActionResult> { return this.#transport.stepBack(count); }
  /** The transport's "next phase", or where call `callId` next enters `phase` (see TransportActions.stepPhase). */
  stepPhase(target?: { callId?: string; phase?: string }): Promise<ActionResult> { return this.#transport.stepPhase(target); }
  seek(ms: number): Promise<ActionResult> { return this.#transport.seek(ms); }
  setSpeed(speed: number): Promise<ActionResult> { return this.#transport.setSpeed(speed); }
  /** Records again from a clean state: the open lesson with its own files, else the selected scenario. */
  restart(): Promise<ActionResult> { return this.#transport.restart(); }
  setCompare(on: boolean): Promise<ActionResult> { return this.#transport.setCompare(on); }
  setCompareWith(scenarioId: string | null): Promise<ActionResult> { return this.#transport.setCompareWith(scenarioId); }
  /** Selects a call (and one of its phases) on the timeline; null clears the selection. */
  select(request: SelectRequest | null): Promise<ActionResult> { return this.#transport.select(request); }

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
    for (const reason of parsed.adjusted) this.report(`layout=${text}: ${reason}`);
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
    this.app.lessons.captions.next();
    return this.#ok();
  }

  async previousCaption(): Promise<ActionResult> {
    if (!this.app.lessons.active) return this.#fail('no lesson is open');
    this.app.lessons.captions.previous();
    return this.#ok();
  }

  /** Resolves once nothing is loading, recording or playing (and every action started here has finished). */
  whenIdle(timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    return this.#tracker.whenIdle(timeoutMs);
  }

  /** Resolves when `condition` holds; `stopped` when it cannot happen without another action (see docs/automation.md). */
  waitFor(condition: WaitCondition, timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    return this.#tracker.waitFor(condition, timeoutMs);
  }

  /** Goes to a `step=` target of the URL. */
  async stepTo(target: StepTarget): Promise<ActionResult> {
    return target.kind === 'events' ? this.step(target.count) : this.stepPhase({ callId: target.callId, phase: target.phase });
  }

  #openPanel(id: string): void {
    if (this.presentation.focus === null && this.host.panels().includes(id)) this.app.views.setActive(id);
  }

  #track(action: () => Promise<ActionResult>): Promise<ActionResult> {
    return this.#tracker.track(action);
  }

  #ok(): Promise<ActionResult> {
    return this.#tracker.ok();
  }

  #fail(error: string): Promise<ActionResult> {
    return this.#tracker.fail(error);
  }
}

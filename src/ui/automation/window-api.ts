// window.piPlayground: the automation contract's script API (version 1), a thin, frozen face over the
// AutomationController. Every answer is plain JSON (it crosses Playwright's page.evaluate); bad input gives
// `{ ok: false, error }`, never an exception. docs/automation.md documents each method.
import type { AutomationController, SelectRequest } from '../../automation/index.ts';
import type { PaneLayout } from '../../state/shell/pane-layout.ts';
import {
  AUTOMATION_VERSION, type ActionResult, type PlaygroundState, type WaitCondition, type WaitResult,
} from '../../automation/index.ts';
import type { Locale } from '../i18n/i18n.svelte.ts';
import { whenViewsSettled } from './views-settled.ts';

export interface WaitOptions { timeoutMs?: number }

export interface PiPlaygroundApi {
  readonly version: typeof AUTOMATION_VERSION;
  getState(): PlaygroundState;
  whenIdle(options?: WaitOptions): Promise<WaitResult>;
  waitFor(condition: WaitCondition, options?: WaitOptions): Promise<WaitResult>;
  loadLesson(id: string): Promise<ActionResult>;
  loadScenario(ref: string | object, options?: { name?: string }): Promise<ActionResult>;
  /** Runs the selected scenario against a real model (docs/automation.md); the key is kept in memory only. */
  runLive(options: { api: string; model: string; apiKey?: string; baseUrl?: string; provider?: string }): Promise<ActionResult>;
  stopLive(): Promise<ActionResult>;
  play(): Promise<ActionResult>;
  pause(): Promise<ActionResult>;
  step(count?: number): Promise<ActionResult>;
  stepBack(count?: number): Promise<ActionResult>;
  stepPhase(target?: { callId?: string; phase?: string }): Promise<ActionResult>;
  seek(ms: number): Promise<ActionResult>;
  setSpeed(speed: number): Promise<ActionResult>;
  restart(): Promise<ActionResult>;
  setCompare(on: boolean): Promise<ActionResult>;
  setCompareWith(scenarioId: string | null): Promise<ActionResult>;
  select(selection: SelectRequest | null): Promise<ActionResult>;
  nextCaption(): Promise<ActionResult>;
  previousCaption(): Promise<ActionResult>;
  setPanel(id: string): Promise<ActionResult>;
  setTheme(theme: 'light' | 'dark' | 'system'): Promise<ActionResult>;
  setLanguage(locale: Locale): Promise<ActionResult>;
  setLayout(layout: string | PaneLayout | null): Promise<ActionResult>;
  focus(panel: string | null): Promise<ActionResult>;
  /** Ids of the panels, in tab order. */
  panels(): string[];
  /** The lessons (loads their catalogue first), with titles in the current language. */
  lessons(): Promise<{ id: string; title: string }[]>;
  /** The workspace's scenarios, with names as the picker shows them. */
  scenarios(): { id: string; name: string; exampleId?: string }[];
}

declare global {
  interface Window { piPlayground?: PiPlaygroundApi }
}

const timeout = (options?: WaitOptions) => (typeof options?.timeoutMs === 'number' ? options.timeoutMs : undefined);

/** Every answer comes once the page shows it (a panel's chunk loaded and drawn), with the state read then. */
function settled<A extends unknown[], R extends { state: PlaygroundState }>(
  controller: AutomationController, action: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args) => {
    const answer = await action(...args);
    await whenViewsSettled();
    return { ...answer, state: controller.getState() };
  };
}

export function createPlaygroundApi(
  controller: AutomationController,
  extras: { panels(): string[]; lessonTitle(id: string): string; scenarioName(id: string): string },
): PiPlaygroundApi {
  const { app } = controller;
  const act = <A extends unknown[], R extends { state: PlaygroundState }>(action: (...args: A) => Promise<R>) => settled(controller, action);
  return Object.freeze({
    version: AUTOMATION_VERSION,
    getState: () => controller.getState(),
    whenIdle: act((options?: WaitOptions) => controller.whenIdle(timeout(options))),
    waitFor: act((condition: WaitCondition, options?: WaitOptions) => controller.waitFor(condition, timeout(options))),
    loadLesson: act((id: string) => controller.loadLesson(id)),
    loadScenario: act((ref: string | object, options?: { name?: string }) => controller.loadScenario(ref, { name: options?.name })),
    runLive: act((options: { api: string; model: string; apiKey?: string; baseUrl?: string; provider?: string }) => controller.runLive(options)),
    stopLive: act(() => controller.stopLive()),
    play: act(() => controller.play()),
    pause: act(() => controller.pause()),
    step: act((count?: number) => controller.step(count ?? 1)),
    stepBack: act((count?: number) => controller.stepBack(count ?? 1)),
    stepPhase: act((target?: { callId?: string; phase?: string }) => controller.stepPhase(target)),
    seek: act((ms: number) => controller.seek(ms)),
    setSpeed: act((speed: number) => controller.setSpeed(speed)),
    restart: act(() => controller.restart()),
    setCompare: act((on: boolean) => controller.setCompare(on)),
    setCompareWith: act((scenarioId: string | null) => controller.setCompareWith(scenarioId)),
    select: act((selection: SelectRequest | null) => controller.select(selection)),
    nextCaption: act(() => controller.nextCaption()),
    previousCaption: act(() => controller.previousCaption()),
    setPanel: act((id: string) => controller.setPanel(id)),
    setTheme: act((theme: 'light' | 'dark' | 'system') => controller.setTheme(theme)),
    setLanguage: act((locale: Locale) => controller.setLanguage(locale)),
    setLayout: act((layout: string | PaneLayout | null) => controller.setLayout(layout)),
    focus: act((panel: string | null) => controller.focus(panel)),
    panels: () => extras.panels(),
    lessons: async () => {
      await app.lessons.loadCatalog();
      return app.lessons.lessons.map((lesson) => ({ id: lesson.id, title: extras.lessonTitle(lesson.id) }));
    },
    scenarios: () => app.scenarios.items.map((item) => ({
      id: item.id, name: extras.scenarioName(item.id), ...(item.exampleId ? { exampleId: item.exampleId } : {}),
    })),
  });
}

/** Puts the API on `window` (replacing an older app's); returns the function that takes it off again. */
export function installPlaygroundApi(api: PiPlaygroundApi): () => void {
  Object.defineProperty(window, 'piPlayground', { value: api, configurable: true, enumerable: false, writable: false });
  return () => {
    if (window.piPlayground === api) delete window.piPlayground;
  };
}
